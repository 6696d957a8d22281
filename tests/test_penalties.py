"""Penalties (`scorepad penalty`): recorded between deals in the session file, zero-sum unless
--alone, and counted in every view that shows a deal's score: history, standings (text and
JSON), the sheet, stats, export, tournament standings and `play`; `undo` takes one back;
hostile input is refused with one `error:` line and the file left as it was."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests_helpers import on_a_terminal, uncoloured

from scorepad import penalties, storage
from scorepad.model import Penalty, table_at
from scorepad.ranking import standings
from scorepad.scores import iter_outcomes
from scorepad.storage.document import dumps, session_from_document
from scorepad.storage.parse import tomllib

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]


def _evening(cli) -> Path:
    """Two deals with a penalty paid to the others and one deducted alone between them."""
    path = cli.new("eve.toml", "french", PLAYERS)
    cli("deal", path, "-c", "garde", "-t", "Bruno", "-p", "52", "-b", "2")  # Bruno +216
    said = cli("penalty", path, "bruno", "10", "--note", "revoke").stdout
    assert said == (
        "penalty: Bruno pays 10 to each of Anna, Chloé, Daisuke (−30): revoke\n"
        "next dealer: Bruno\n"
    )
    assert cli("penalty", path, "Anna", "5", "--alone").stdout.startswith(
        "penalty: Anna loses 5 (alone)\n"
    )
    cli("deal", path, "-c", "petite", "-t", "Anna", "-p", "30", "-b", "1")
    return path


def test_the_file_keeps_each_penalty_between_deals_and_reads_it_back(cli):
    path = _evening(cli)
    text = path.read_text("utf-8")
    assert (
        '[[penalties]]\nafter_deal = 1\nplayer = "Bruno"\npoints = 10\nnote = "revoke"\n\n'
        '[[penalties]]\nafter_deal = 1\nplayer = "Anna"\npoints = 5\nalone = true\n\n'
        "[[deals]]\ndealer = \"Bruno\""
    ) in text
    assert text.startswith("scorepad = 6\n")  # an addition no older file holds
    session = storage.load(path)
    assert session.penalties == (
        Penalty(1, "Bruno", 10, False, "revoke"),
        Penalty(1, "Anna", 5, True, ""),
    )
    assert dumps(session) == text  # written back byte for byte
    again = session_from_document(tomllib.loads(dumps(session)))
    assert again == session
    # no dealer moves: deal 2 was dealt by Bruno, and Chloé deals next
    assert cli("history", path).stdout.endswith("next dealer: Chloé\n")


def test_history_shows_a_row_per_penalty_with_the_running_totals(cli):
    path = _evening(cli)
    lines = cli("history", path).stdout.splitlines()
    assert re.fullmatch(
        r" +penalty Bruno +10 +\+10 \(−62\) +−30 \(186\) +\+10 \(−62\) +\+10 \(−62\)", lines[4]
    )
    assert re.fullmatch(r" +penalty Anna, alone +5 +−5 \(−67\)", lines[5])
    assert re.match(r" +2 +Bruno +petite Anna +failed +30 +−138 \(−205\) +\+46 \(232\)", lines[6])
    deals = cli.json("history", path)
    assert [d["n"] for d in deals] == [1, 2]  # history --json stays a list of deals


def test_standings_count_penalties_in_the_total_and_say_them(cli):
    path = _evening(cli)
    out = cli("standings", path).stdout.splitlines()
    assert re.split(r"\s{2,}", out[1].strip()) == [
        "rank", "player", "total", "penalties", "deals", "declarer", "made", "failed",
        "best deal",
    ]  # fmt: skip
    assert re.split(r"\s{2,}", out[3].strip())[:5] == ["1", "Bruno", "+232", "−30", "2"]
    players = {p["name"]: p for p in cli.json("standings", path)["players"]}
    assert {n: (p["total"], p["penalties"]) for n, p in players.items()} == {
        "Bruno": (232, -30),
        "Chloé": (-16, 10),
        "Daisuke": (-16, 10),
        "Anna": (-205, 5),
    }
    assert players["Anna"]["average"] == -102.5  # the total over the deals played
    by_deal = cli("standings", path, "--by-deal").stdout
    assert re.search(r"\n +2 +−205 +232 +−16 +−16\n", by_deal)


def test_standings_without_penalties_hold_zero_and_no_column(cli):
    path = cli.new("plain.toml", "french", PLAYERS)
    cli("deal", path, "-c", "garde", "-t", "Bruno", "-p", "52", "-b", "2")
    assert "penalties" not in cli("standings", path).stdout
    assert {p["penalties"] for p in cli.json("standings", path)["players"]} == {0}


def test_settling_up_leaves_a_deduction_alone_out(cli):
    path = _evening(cli)
    balances = cli.json("settle", path)["balances"]
    # the standings' totals, Anna's 5 deducted alone given back: a sum of zero again
    assert balances == {"Bruno": 232, "Chloé": -16, "Daisuke": -16, "Anna": -200}


def test_the_sheet_shows_each_penalty_and_the_column(cli, tmp_path):
    path = _evening(cli)
    cli("report", path, "-o", tmp_path / "eve.html")
    html = (tmp_path / "eve.html").read_text("utf-8")
    rows = re.findall(r'<tr class="penalty">.*?</tr>', html)
    assert len(rows) == 2
    assert "penalty Bruno" in rows[0] and '<div class="small">revoke</div>' in rows[0]
    assert '<td class="n">−30<br><span class="small">186</span></td>' in rows[0]
    assert "penalty Anna, alone" in rows[1]
    standings_part = html[html.index('class="standings"') : html.index("</section>")]
    assert "<th" in standings_part and "penalties" in standings_part
    assert "−30" in standings_part


def test_stats_have_a_penalties_column_and_key(cli):
    path = _evening(cli)
    lines = cli("stats", path).stdout.splitlines()
    assert re.split(r"\s{2,}", lines[3].strip())[:3] == ["player", "deals", "penalties"]
    assert re.split(r"\s{2,}", lines[5].strip())[:3] == ["Bruno", "2", "−30"]
    players = {p["name"]: p for p in cli.json("stats", path)["players"]}
    assert players["Bruno"]["penalties"] == -30 and players["Bruno"]["total"] == 232
    assert players["Anna"]["penalties"] == 5


def test_export_json_holds_the_penalties_and_csv_a_row_each(cli):
    path = _evening(cli)
    exported = json.loads(cli("export", path, "--to", "json").stdout)
    assert exported["deals"] == cli.json("history", path)
    assert exported["penalties"] == [
        {
            "after_deal": 1,
            "player": "Bruno",
            "points": 10,
            "alone": False,
            "note": "revoke",
            "scores": {"Bruno": -30, "Anna": 10, "Chloé": 10, "Daisuke": 10},
        },
        {"after_deal": 1, "player": "Anna", "points": 5, "alone": True, "scores": {"Anna": -5}},
    ]
    rows = list(csv.reader(io.StringIO(cli("export", path, "--to", "csv").stdout)))
    assert rows[2][:11] == ["", "", "penalty", "", "Bruno", "", "10", "10", "-30", "10", "10"]
    assert rows[3][:11] == ["", "", "penalty alone", "", "Anna", "", "5", "-5", "", "", ""]
    assert rows[4][0] == "2"
    markdown = cli("export", path, "--to", "markdown").stdout
    assert re.search(r"\| +total +\|.*\| +-205 \| +232 \| +-16 \| +-16 \|", markdown)


def test_undo_takes_back_the_last_record_whatever_it_is(cli):
    path = _evening(cli)
    assert cli("undo", path).stdout.startswith("removed deal 2 (dealt by Bruno)")
    assert cli("undo", path).stdout == "took back the penalty: Anna loses 5 (alone)\n"
    assert cli("undo", path).stdout == (
        "took back the penalty: Bruno pays 10 to each of Anna, Chloé, Daisuke (−30): revoke\n"
    )
    assert "[[penalties]]" not in path.read_text("utf-8")
    assert cli("undo", path).stdout.startswith("removed deal 1")


def test_deleting_a_deal_brings_the_later_penalties_one_deal_earlier(cli):
    path = _evening(cli)
    cli("delete", path, "1")
    session = storage.load(path)
    assert [p.after for p in session.penalties] == [0, 0]  # now before any deal
    lines = cli("history", path).stdout.splitlines()
    assert "penalty Bruno" in lines[3] and lines[5].lstrip().startswith("1  Bruno")


def test_a_penalty_before_any_deal_is_paid_to_the_first_deals_table(cli):
    path = cli.new("five.toml", "french", [*PLAYERS, "Elsa"], "--seats", "4")
    assert cli("penalty", path, "Bruno", "2").stdout.startswith(
        "penalty: Bruno pays 2 to each of Chloé, Daisuke, Elsa (−6)"  # Anna deals, sits out
    )


def test_rename_renames_who_paid(cli):
    path = _evening(cli)
    cli("rename", path, "Bruno", "Bruce")
    assert storage.load(path).penalties[0].player == "Bruce"


def test_play_takes_the_word_penalty_and_undoes_it(tmp_path, cli):
    path = _evening(cli)
    out, code = on_a_terminal(
        ["play", path],
        [b"?\r", b"penalty chl 7\r", b"penalty Zed 5\r", b"penalty Anna -3\r", b"q\r"],
    )
    assert code == 0, out
    out = uncoloured(out).replace("\r\n", "\n")
    assert "  penalty NAME POINTS [alone]      NAME pays POINTS to each other player" in out
    assert "  penalty: Chloé pays 7 to each of Anna, Bruno, Daisuke (−21)\n" in out
    assert "  ✗ player 'Zed' is not a player (players: Anna, Bruno, Chloé, Daisuke)\n" in out
    assert "  ✗ points: should be a whole number from 1 to 10000, not '-3'\n" in out
    session = storage.load(path)
    assert session.penalties[-1] == Penalty(2, "Chloé", 7)
    out, code = on_a_terminal(["play", path], [b"u\r", b"y\r", b"q\r"])
    assert code == 0
    assert "Undo the penalty (Chloé pays 7 to each of Anna, Bruno, Daisuke (−21))? [y/N]" in out
    assert "took back the penalty: Chloé pays 7" in uncoloured(out)
    assert len(storage.load(path).penalties) == 2


def test_tournament_standings_count_a_tables_penalties(cli, tmp_path):
    cup = tmp_path / "cup"
    names = "A1,B2,C3,D4,E5,F6,G7,H8"
    cli("tournament", "new", cup, "--variant", "french", "--players", names, "--rounds", "2",
        "--deals", "1", "--date", "2026-12-05")  # fmt: skip
    cli("tournament", "draw", cup)
    table = cup / "round-1" / "table-1.toml"
    seated = tomllib.loads(table.read_text("utf-8"))["players"]
    cli("deal", table, "-c", "garde", "-t", seated[1], "-p", "52", "-b", "2")
    cli("penalty", table, seated[0], "20", "--alone")
    cli("penalty", table, seated[2], "3")
    rows = {p["name"]: p for p in cli.json("tournament", "standings", cup)["players"]}
    assert rows[seated[0]]["penalties"] == -20 + 3 and rows[seated[0]]["total"] == -72 - 17
    assert rows[seated[2]]["penalties"] == -9 and rows[seated[2]]["total"] == -72 - 9
    assert rows[seated[1]]["total"] == 216 + 3
    text = cli("tournament", "standings", cup).stdout
    assert "penalties" in text.splitlines()[1]
    assert re.search(rf"\n +\d+ +{seated[0]} +−89 +1 +−17 +−89\n", text)
    # a deal past the table's end counts nothing, nor a penalty recorded after it
    cli("deal", table, "-c", "garde", "-t", seated[3], "-p", "52", "-b", "2", "--continue")
    cli("penalty", table, seated[3], "50")
    again = json.loads(cli("tournament", "standings", cup, "--json").stdout)["players"]
    assert {p["name"]: p for p in again} == rows
    over_the_file = cli.json("standings", table)["players"]
    assert {p["name"]: p["penalties"] for p in over_the_file}[seated[3]] == 3


# --- hostile input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["Anna", "-5"], "POINTS: should be a whole number from 1 to 10000, not '-5'"),
        (["Anna", "0"], "POINTS: should be a whole number from 1 to 10000, not 0"),
        (["Anna", "10001"], "POINTS: should be a whole number from 1 to 10000, not 10001"),
        (["Anna", "9" * 40], f"POINTS: should be a whole number from 1 to 10000, not '{'9' * 40}'"),
        (["Anna", "ten"], "POINTS: should be a whole number from 1 to 10000, not 'ten'"),
        (["Anna", "2.5"], "POINTS: should be a whole number from 1 to 10000, not '2.5'"),
        (["Zed", "5"],
         "PLAYER: player 'Zed' is not a player (players: Anna, Bruno, Chloé, Daisuke)"),
        (["Anna", "5", "--note", "a\x1bb"],
         "--note: holds a control character (\\x1b): type plain text"),
    ],
)  # fmt: skip
def test_a_bad_penalty_is_refused_and_the_file_left_as_it_was(cli, args, error):
    path = cli.new("f4.toml", "french", PLAYERS)
    before = path.read_bytes()
    result = cli("penalty", path, *args, ok=False)
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}: {error}\n"
    assert path.read_bytes() == before


def test_a_player_who_sat_out_the_last_deal_pays_no_penalty(cli):
    path = cli.new("five.toml", "french", [*PLAYERS, "Elsa"], "--seats", "4")
    cli("deal", path, "-c", "garde", "-t", "Bruno", "-p", "52", "-b", "2")  # Anna sits out
    before = path.read_bytes()
    result = cli("penalty", path, "Anna", "5", ok=False)
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}: PLAYER: player 'Anna' is not a player (players: Bruno, Chloé, "
        "Daisuke, Elsa)\n"
    )
    assert path.read_bytes() == before


PENALTY = '\n[[penalties]]\nafter_deal = 1\nplayer = "Bruno"\npoints = 10\n'


@pytest.mark.parametrize(
    ("record", "error"),
    [
        (PENALTY.replace("points = 10", "points = -10"),
         "penalty 1: points: should be a whole number from 1 to 10000, not -10"),
        (PENALTY.replace("points = 10", 'points = "10"'),
         "penalty 1: points: should be a whole number from 1 to 10000, not '10'"),
        (PENALTY.replace("points = 10", "points = 1e6"),
         "penalty 1: points: should be a whole number from 1 to 10000, not 1000000.0"),
        (PENALTY.replace("points = 10", "points = 99999999"),
         "penalty 1: points: should be a whole number from 1 to 10000, not 99999999"),
        (PENALTY.replace("after_deal = 1", "after_deal = 7"),
         "penalty 1: after_deal: should be from 0 to 1, not 7"),
        (PENALTY.replace("after_deal = 1", "after_deal = true"),
         "penalty 1: after_deal: should be int, not True"),
        (PENALTY.replace('player = "Bruno"', 'player = "Zed"'),
         "penalty 1: player 'Zed' was not seated at deal 1 (seated: Anna, Bruno, Chloé, Daisuke)"),
        (PENALTY.replace('player = "Bruno"\n', ""), "penalty 1: player is missing"),
        (PENALTY + "alone = 1\n", "penalty 1: alone: should be bool, not 1"),
        (PENALTY + 'note = "a\\u001bb"\n',
         "penalty 1: note: holds a control character (\\x1b): type plain text"),
        (PENALTY + "paid = 3\n",
         "penalty 1: unknown key 'paid' (expected after_deal, player, points, alone, note)"),
    ],
)  # fmt: skip
def test_a_hand_edited_penalty_is_named_and_nothing_is_written(cli, record, error):
    path = cli.new("f4.toml", "french", PLAYERS)
    cli("deal", path, "-c", "garde", "-t", "Bruno", "-p", "52", "-b", "2")
    path.write_text(path.read_text("utf-8") + record, "utf-8")
    before = path.read_bytes()
    for command in (["standings"], ["history"], ["check"], ["undo"], ["penalty", "Anna", "1"]):
        result = cli(command[0], path, *command[1:], ok=False)
        assert result.exit_code == 1, command
        assert f"error: {path}: {error}" in result.stderr.splitlines(), (command, result.stderr)
        assert path.read_bytes() == before


def test_penalties_that_are_not_tables_are_refused(cli):
    path = cli.new("f4.toml", "french", PLAYERS)
    path.write_text("penalties = 3\n" + path.read_text("utf-8"), "utf-8")
    result = cli("standings", path, ok=False)
    assert result.stderr == f"error: {path}: penalties: should be [[penalties]] tables\n"


def test_an_edit_that_unseats_who_paid_is_refused(cli):
    path = cli.new("five.toml", "french", [*PLAYERS, "Elsa"], "--seats", "4")
    cli("deal", path, "-c", "garde", "-t", "Bruno", "-p", "52", "-b", "2")  # Anna sits out
    cli("penalty", path, "Elsa", "4")
    before = path.read_bytes()
    result = cli("edit", path, "1", "--dealer", "Elsa", ok=False)  # Elsa deals, sits out
    assert result.exit_code == 1
    assert "penalty 1: player 'Elsa' was not seated at deal 1" in result.stderr
    assert path.read_bytes() == before


# --- properties ----------------------------------------------------------------------------------


@st.composite
def _sessions(draw):
    """A session of 3 to 6 at four seats (some sit out), its deals, and penalties between them."""
    from scorepad import core

    people = ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa", "Fumiko"][: draw(st.integers(3, 6))]
    session = core.new_session("french", people, seats=min(len(people), 4))
    for _ in range(draw(st.integers(0, 4))):
        taker = draw(st.sampled_from(table_at(session, len(session.deals) + 1).players))
        fields = {"contract": "garde", "taker": taker, "points": draw(st.integers(20, 70)),
                  "bouts": draw(st.integers(0, 3))}  # fmt: skip
        session = core.add_deal(session, fields)
        for _ in range(draw(st.integers(0, 2))):
            player = draw(st.sampled_from(penalties.seated(session, len(session.deals))))
            points = draw(st.integers(1, penalties.MAX_POINTS))
            alone = draw(st.booleans())
            session = penalties.record(session, player, str(points), alone, "")
    return session


@given(_sessions())
def test_every_penalty_adds_up_to_zero_and_the_totals_are_deals_and_penalties(session):
    for penalty in session.penalties:
        moved = penalties.moved(session, penalty)
        if penalty.alone:
            assert moved == {penalty.player: -penalty.points}
        else:
            assert sum(moved.values()) == 0
            assert set(moved) == set(penalties.seated(session, penalty.after))
    dealt: dict[str, int] = dict.fromkeys(session.players, 0)
    for outcome in iter_outcomes(session):
        for player, value in outcome.scores.items():
            dealt[player] += value
    rows = {r.name: r for r in standings([session])}
    paid = penalties.moves(session)
    for name in session.players:
        assert rows[name].penalties == paid.get(name, 0)
        assert rows[name].total == dealt[name] + paid.get(name, 0)
    settled = {r.name: r.total for r in standings([session], settling=True)}
    assert sum(settled.values()) == 0  # what settling up squares: zero-sum again
    assert session_from_document(tomllib.loads(dumps(session))) == session
    assert replace(session, penalties=()) == session_from_document(
        tomllib.loads(dumps(replace(session, penalties=())))
    )


def test_the_chart_draws_the_totals_with_the_penalties(cli):
    path = _evening(cli)
    legend = cli("chart", path).stdout.splitlines()[-1]
    assert "Anna (−205)" in legend and "Bruno (+232)" in legend


def test_a_league_adds_each_sessions_penalties(cli, tmp_path):
    path = _evening(cli)
    other = tmp_path / "other.toml"
    other.write_text(re.sub(r'date = "\d{4}', 'date = "1999', path.read_text("utf-8")), "utf-8")
    league = cli.json("standings", path, other, "--league", "--min-deals", "1")
    totals = {p["name"]: (p["total"], p["by_session"]) for p in league["players"]}
    assert totals["Anna"] == (-410, [-205, -205])
