"""A planned length counts deals played: a French deal passed or cancelled is dealt again and
is not one of a table's deals (FFT §16; shared/rules/french.md, "More people than seats"). At a
tournament table of five, everybody deals, and so sits out, once per five deals played
whatever the passes, and every player's counted deals are M a round."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from scorepad import core, scores, storage
from scorepad.checks import length_end, unmarked_past_length
from scorepad.errors import ScorepadError
from scorepad.model import table_at

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]
FIVE = [*PLAYERS, "Émile"]
GARDE = ["--contract", "garde", "--points", "50", "--bouts", "2"]


def _redealt(contracts):
    class Deal:
        def __init__(self, redealt):
            self.redealt, self.continued = redealt, False

    return [Deal(c in ("pass", "cancelled")) for c in contracts]


def test_the_length_ends_at_its_last_deal_played():
    assert length_end(_redealt(["garde"] * 3), 4) is None
    assert length_end(_redealt(["garde"] * 4), 4) == 4
    deals = _redealt(["pass", "garde", "cancelled", "garde", "pass", "garde", "garde", "pass"])
    assert length_end(deals, 4) == 7  # the pass after the fourth deal played is past it
    assert unmarked_past_length(deals, 4) == [8]
    assert length_end(deals[:6], 4) is None  # 6 deals recorded, 3 played
    assert length_end(deals, 0) is None  # no planned length


def test_an_evening_s_length_counts_deals_played(cli):
    path = cli.new("t.toml", "french", PLAYERS, "--deals", "2")
    cli("deal", path, "--contract", "pass")
    out = cli("deal", path, *GARDE, "--taker", "Anna").stdout
    assert "the table has played" not in out
    cli("deal", path, "--contract", "cancelled")
    said = cli("deal", path, *GARDE, "--taker", "Bruno").stdout
    assert "the table has played its 2 deals" in said
    refused = cli("deal", path, "--contract", "pass", ok=False)
    assert refused.exit_code == 1 and (
        "the table plays 2 deals and has them; add --continue to record a 5th" in refused.stderr
    )
    assert "4 deals" in cli("check", path).stdout


def test_at_a_table_of_five_a_pass_is_dealt_again_and_everybody_sits_out_once(cli):
    path = cli.new("five.toml", "french", FIVE, "--seats", "4", "--deals", "5")
    cli("deal", path, "--contract", "pass")  # Anna deals again (§16)
    for n in range(5):
        seated = table_at(storage.load(path), len(storage.load(path).deals) + 1).players
        cli("deal", path, *GARDE, "--taker", seated[n % 4])
    history = cli.json("history", path)
    assert [d["contract"] for d in history][:2] == ["pass", "garde"]
    played = [d for d in history if d["contract"] != "pass"]
    assert sorted(p for d in played for p in d["out"]) == sorted(FIVE)  # once each
    assert cli("deal", path, "--contract", "pass", ok=False).exit_code == 1
    rows = cli.json("standings", path)["players"]
    assert {r["name"]: r["played"] for r in rows}["Anna"] == 4  # the pass sat out, the rest 5
    assert sum(r["played"] for r in rows) == 4 * 6


def _play_table(path: Path, rng: random.Random) -> None:
    """Every deal of a table file, a third of them passed or cancelled, until the table has
    its deals: then one more is refused."""

    def add(session):
        while scores.length_played(session) is None:
            seated = table_at(session, len(session.deals) + 1).players
            kind = rng.random()
            if kind < 0.2:
                raw = {"contract": "pass"}
            elif kind < 0.33:
                raw = {"contract": "cancelled"}
            else:
                raw = {"contract": rng.choice(["petite", "garde"]), "taker": rng.choice(seated),
                       "points": rng.randint(25, 65), "bouts": rng.randint(0, 3)}  # fmt: skip
            session = core.add_deal(session, raw)
        with pytest.raises(ScorepadError, match="and has them; add --continue"):
            core.add_deal(session, {"contract": "pass"})
        return session

    storage.update(path, add)


@pytest.fixture
def quick_draw(monkeypatch):
    """The draw's search with a small part of its work: what is counted here is the deals,
    not how rarely people meet again (test_draw's)."""
    from scorepad.tournament import draw

    monkeypatch.setattr(draw, "draw_round", functools.partial(draw.draw_round, work=5_000))


@pytest.mark.parametrize("deals", [4, 8])
@pytest.mark.parametrize("players", [14, 18, 23])
def test_every_player_counts_m_deals_a_round_whatever_the_passes(cli, quick_draw, players, deals):
    names = [f"P{i:02}" for i in range(1, players + 1)]
    cli("tournament", "new", "cup", "-v", "french", "--players", ",".join(names), "--rounds",
        "3", "--deals", deals, "--date", "2026-12-05")  # fmt: skip
    rng = random.Random(f"{players}:{deals}")
    folder = cli.folder / "cup"
    passes = 0
    for n in range(1, 4):
        cli("tournament", "draw", "cup", "--seed", n)
        tables = cli.json("tournament", "tables", "cup")["tables"]
        assert sorted(len(t["players"]) for t in tables).count(5) >= 2  # tables of five
        for table in tables:
            _play_table(folder / table["file"], rng)
            session = storage.load(folder / table["file"])
            passes += sum(d.redealt for d in session.deals)
            if len(table["players"]) == 5:  # each dealt, and sat out, once per 5 played
                out = [p for i in range(1, len(session.deals) + 1)
                       if not session.deals[i - 1].redealt
                       for p in session.seating(i).out]  # fmt: skip
                assert sorted(out) == sorted(table["players"] * (table["deals"] // 5))
        ranking = cli.json("tournament", "standings", "cup")
        assert {p["name"]: p["counted"] for p in ranking["players"]} == dict.fromkeys(
            names, deals * n
        )
        assert not ranking["unfinished"]
        assert all(p["played"] >= p["counted"] for p in ranking["players"])
    assert passes >= 10  # the passes and cancellations were there, and counted nothing
    said = cli("tournament", "check", "cup").stdout
    assert said.startswith(f"cup: 3 of 3 rounds drawn, {3 * len(tables)} of")
    assert "as drawn and finished" in said
    text = cli("tournament", "standings", "cup").stdout
    assert "players counted" not in text  # everybody counted as many


def test_the_ranking_says_when_counts_differ_and_the_sheet_shows_them(cli, tmp_path):
    names = [f"P{i}" for i in range(1, 9)]
    cli("tournament", "new", "cup", "-v", "french", "--players", ",".join(names), "--rounds",
        "2", "--deals", "4", "--date", "2026-12-05")  # fmt: skip
    folder = cli.folder / "cup"
    rng = random.Random(3)
    for n in (1, 2):
        cli("tournament", "draw", "cup", *(["--late", "P9"] if n == 2 else []))
        for table in cli.json("tournament", "tables", "cup")["tables"]:
            _play_table(folder / table["file"], rng)
    ranking = cli.json("tournament", "standings", "cup")
    counted = {p["name"]: p["counted"] for p in ranking["players"]}
    assert counted["P9"] == 4 and counted["P1"] == 8
    text = cli("tournament", "standings", "cup").stdout
    assert ("players counted 4 to 8 deals: the totals add up different numbers of deals "
            "(--rank-by average compares them per deal)") in text  # fmt: skip
    assert "players counted" not in cli("tournament", "standings", "cup", "--rank-by",
                                        "average").stdout  # fmt: skip
    page = tmp_path / "sheet.html"
    cli("tournament", "report", "cup", "-o", page)
    html = page.read_text("utf-8")
    assert "players counted 4 to 8 deals" in html
    row = html[html.index("<td>P9"):]
    row = row[: row.index("</tr>")]
    assert '<td class="n opt">4</td>' in row


def test_the_ranking_counts_nothing_past_a_table_s_end(cli):
    names = [f"P{i}" for i in range(1, 5)]
    cli("tournament", "new", "cup", "-v", "french", "--players", ",".join(names), "--rounds",
        "1", "--deals", "2", "--date", "2026-12-05")  # fmt: skip
    cli("tournament", "draw", "cup")
    path = cli.folder / "cup" / "round-1" / "table-1.toml"
    cli("deal", path, "--contract", "pass")
    cli("deal", path, *GARDE, "--taker", "P1")
    unfinished = cli.json("tournament", "standings", "cup")["unfinished"]
    assert unfinished[0]["recorded"] == 1  # the pass is not one of the table's deals
    assert "unfinished: 1 of the table's 2 deals" in cli("tournament", "check", "cup",
                                                        ok=False).stderr  # fmt: skip
    cli("deal", path, *GARDE, "--taker", "P2")
    cli("deal", path, "--contract", "pass", "--continue")
    cli("deal", path, *GARDE, "--taker", "P3", "--continue")
    data = cli.json("tournament", "standings", "cup")
    rows = {p["name"]: p for p in data["players"]}
    assert rows["P1"]["counted"] == 2 and rows["P1"]["played"] == 3  # the pass within
    assert rows["P3"]["total"] == -2 * 68  # the garde past the end counts nothing
    assert not data["unfinished"]
    out = json.loads(cli("history", path, "--json").stdout)
    assert len(out) == 5
