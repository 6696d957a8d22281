"""Every shipped example passes `scorepad check` and prints its standings."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES

FILES = sorted(EXAMPLES.glob("*.toml"))


def test_there_are_examples_of_every_game():
    assert {f.name.split("-")[0] for f in FILES} == {"french", "troggu", "piedmont"}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_example(cli, path):
    before = path.read_bytes()
    assert "ok" in cli("check", path).stdout
    standings = cli.json("standings", path)
    assert standings["deals"] >= 8
    assert sum(p["total"] for p in standings["players"]) in (0, 91 * standings["deals"])
    history = cli.json("history", path)
    assert len(history) == standings["deals"]
    assert cli("standings", path).stdout
    assert cli("history", path).stdout
    assert path.read_bytes() == before


def test_french_club_evening_uses_every_feature(cli):
    history = cli.json("history", EXAMPLES / "french-club-evening.toml")
    assert len(history) >= 12
    contracts = {d["contract"] for d in history}
    assert contracts >= {"petite", "garde", "garde-sans", "garde-contre", "pass"}
    assert any("handfuls" in d for d in history)
    assert any("petit_au_bout" in d for d in history)
    assert any("slam" in d for d in history)
    assert any("fool_exchange" in d for d in history)


def test_french_five_players_has_a_partner_and_a_taker_alone(cli):
    history = cli.json("history", EXAMPLES / "french-five-players.toml")
    assert any("partner" in d for d in history)
    assert any(d.get("alone") for d in history)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_every_example_deal_scores_the_same_with_or_without_its_explanation(path):
    from dataclasses import replace

    from scorepad import scores, storage

    session = storage.load(path)
    for deal, quiet in zip(session.deals, scores.iter_outcomes(session), strict=True):
        explained = scores.score(session, deal)
        assert explained.explain
        assert quiet == replace(explained, explain=())
