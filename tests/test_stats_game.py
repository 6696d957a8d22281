"""A game the statistics have never heard of: one module (this one) and its registration,
and `stats` (terminal, --json, a player's card) and the sheet's statistics show its own
figures, with scorepad/stats and scorepad/render untouched: a game's knowledge comes through
its protocol (`Variant.stats`, `scorepad.variants.figures`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from conftest import EXAMPLES
from scorepad import variants
from scorepad.variants.figures import Counted, Rate, Section, rate_of
from scorepad.variants.piedmont import Piedmont


@dataclass(frozen=True)
class Wins:
    """A player's figures in the made-up game: deals won, of deals played."""

    won: Rate


class _Counter:
    def __init__(self) -> None:
        self.won: dict[str, list[int]] = {}
        self.deals = 0

    def count(self, session: Counted) -> None:
        key = session.key
        for _entry, outcome in session.deals:
            self.deals += 1
            for player in outcome.scores:
                won = self.won.setdefault(key[player], [0, 0])
                won[0] += player in outcome.winners
                won[1] += 1

    def player(self, key: str) -> Wins:
        return Wins(Rate(*self.won.get(key, [0, 0])))

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> int:
        return self.deals


class DuelStats:
    signed = False

    def counter(self) -> _Counter:
        return _Counter()

    def sections(self, st: Any) -> list[Section]:
        rows = [[p.name, rate_of(p.game.won)] for p in st.players]
        return [Section("Duels", ["duellist", "duels won"], rows),
                Section("The whole table", ["duels"], [[st.game]], left=0)]

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        return [("duels won", rate_of(p.game.won))], []

    def sheet(self, st: Any) -> list[Section]:
        return [Section("Duels", ["duellist", "duels won"],
                        [[p.name, rate_of(p.game.won)] for p in st.players])]

    def player_json(self, g: Wins) -> dict[str, Any]:
        return {"duels": {"won": g.won.count, "played": g.won.cases}}

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        return {"duels": st.game}


class Duel(Piedmont):
    """Piedmont's deals under another name, with figures of its own."""

    name = "duel"
    title = "Duel"
    aliases: tuple[str, ...] = ()

    @property
    def stats(self) -> DuelStats:  # type: ignore[override]
        return DuelStats()


DUEL = Duel()


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Any:
    """The made-up game registered (as a game's line in `variants.GAMES`), and a session of it."""
    monkeypatch.setitem(variants.GAMES, "duel", (__name__, "Duel"))
    text = (EXAMPLES / "piedmont-match.toml").read_text(encoding="utf-8")
    path = tmp_path / "duel.toml"
    path.write_text(text.replace('variant = "piedmont"', 'variant = "duel"'), encoding="utf-8")
    return path


def test_a_new_game_brings_its_own_statistics(cli, duel):
    text = cli("stats", duel).stdout
    assert text.splitlines()[0] == "Duel statistics: 9 deals in 1 session (points)"
    assert "\n\nDuels\nduellist      duels won\n" in text
    assert "\nAnna           56% of 9\nBruno          44% of 9\n" in text  # deals 5 and 4 won
    assert "\nThe whole table\n" in text and text.rstrip().endswith("9")
    obj = json.loads(cli("stats", duel, "--json").stdout)
    assert obj["variant"] == "duel" and obj["duels"] == 9
    won = {p["name"]: p["duels"] for p in obj["players"]}
    assert won["Anna"]["played"] == won["Bruno"]["played"] == 9
    assert won["Anna"]["won"] + won["Bruno"]["won"] == 9
    assert set(obj["players"][0]) == {"name", "played", "counted", "total", "penalties",
                                      "best_deal", "worst_deal", "duels"}
    card = cli("stats", duel, "--player", "bru").stdout
    assert card.startswith("Bruno — Duel: 9 deals in 1 session (points)\n")
    assert "duels won" in card and "average per deal" in card
    assert "+" not in card  # the game reads its scores as points, not gains and losses
    page = cli("report", duel).stdout
    assert "<caption>Duels</caption>" in page and "duellist" in page
