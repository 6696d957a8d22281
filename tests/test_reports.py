"""Standings by deal, the chart and the exports."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import EXAMPLES
from scorepad import scores, storage
from scorepad.render.chart import chart, chart_markers, chart_samples
from scorepad.render.deals import deal_object, json_text
from scorepad.render.export import EXPORT_FIXED, export_chunks, export_headers, export_rows
from scorepad.text import width


def test_export_csv_has_one_row_per_deal_and_a_column_per_player(cli):
    path = EXAMPLES / "troggu-four-players.toml"
    rows = list(csv.reader(io.StringIO(cli("export", path, "--to", "csv").stdout)))
    session = storage.load(path)
    players = len(session.players)
    assert rows[0][:7 + players] == ["deal", "dealer", "game", "contract", "declarer", "result",
                                     "points", *session.players]  # fmt: skip
    assert len(rows) == 1 + len(session.deals)
    for row in rows[1:]:
        assert sum(int(v) for v in row[7:7 + players]) == 0
    assert rows[3][2:7] == ["tapp Dario", "tapp", "Dario", "draw", "57"]
    excel = cli("export", path, "--to", "csv", "--excel").stdout
    # the same table for people: the BOM, and misère as people spell it (scripts read misere)
    assert excel.startswith("\ufeffdeal,dealer,")
    plain = cli("export", path, "--to", "csv").stdout.replace("misere", "misère")
    assert [r[:7 + players] for r in csv.reader(io.StringIO(excel[1:]))] == \
        [r[:7 + players] for r in csv.reader(io.StringIO(plain))]  # fmt: skip
    assert "--excel: goes with --to csv" in cli("export", path, "--to", "json", "--excel",
                                               ok=False).stderr  # fmt: skip


def test_export_json_and_markdown(cli, tmp_path):
    path = EXAMPLES / "piedmont-match.toml"
    exported = json.loads(cli("export", path, "--to", "json").stdout)
    deals = exported["deals"]
    assert deals == cli.json("history", path)  # the same keys for the same things
    assert exported["penalties"] == []
    assert deals[0]["schema"] == 1 and deals[0]["scores"] == {"Anna": 51, "Bruno": 40}
    out = tmp_path / "match.md"
    assert "wrote" in cli("export", path, "--to", "markdown", "-o", out).stdout
    text = out.read_text("utf-8")
    assert text.startswith("## Tarocchi in Torino")
    last = [cell.strip() for cell in text.splitlines()[-1].split("|")][1:-1]
    assert last == ["", "", "total", "", "", "", "", "410", "409"]


def test_export_rejects_an_unknown_format(cli):
    result = cli("export", EXAMPLES / "piedmont-match.toml", "--to", "pdf", ok=False)
    assert result.exit_code == 2


def test_standings_by_deal_shows_running_totals(cli):
    out = cli("standings", EXAMPLES / "piedmont-match.toml", "--by-deal").stdout
    lines = out.splitlines()
    assert any(line.split() == ["9", "410", "409"] for line in lines)
    assert "match over after deal 9" in out


def test_chart_draws_every_player_with_a_legend():
    session = storage.load(EXAMPLES / "french-club-evening.toml")
    text = chart(session)
    lines = text.splitlines()
    assert lines[-1] == "A Anna (+244)   B Bruno (+1792)   C Chloé (−1040)   D Daisuke (−996)"
    assert lines[0].startswith(" 1871 ┤") and lines[11].startswith("−1061 ┤")
    grid = "\n".join(lines[:12])
    for marker in "ABCD":
        assert marker in grid
    assert lines[0].rstrip().endswith("B")  # Bruno ends on top


def test_chart_markers_fall_back_when_initials_clash():
    assert chart_markers(["Anna", "Anne", "大輔", "Bob"]) == {
        "Anna": "*", "Anne": "+", "大輔": "o", "Bob": "B"}


def test_chart_command(cli):
    out = cli("chart", EXAMPLES / "troggu-seven-players.toml").stdout
    assert "deals" in out and "F Fabio (−13)" in out
    empty = cli.new("e.toml", "french", ["A", "B", "C"])
    result = cli("chart", empty, ok=False)
    assert result.exit_code == 1 and "no deals yet" in result.stderr


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_the_streamed_exports_are_the_whole_ones(example):
    """Exports are written piece by piece: the pieces make the JSON of history, and the
    markdown table is tabulate's."""
    import tabulate

    session = storage.load(example)
    pairs = zip(session.deals, scores.iter_outcomes(session), strict=True)
    objects = [deal_object(session, n, deal, outcome) for n, (deal, outcome) in enumerate(pairs, 1)]
    whole = {"deals": objects, "penalties": []}
    exported = "".join(export_chunks(session, "json"))
    assert exported == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"
    headers = export_headers(session, in_language=True)  # markdown is for people
    rows = [list(r) for r in export_rows(session, in_language=True)]
    k = EXPORT_FIXED
    # a player's cell is a score, · (sat out) or None (not on the roster): scores add up
    totals = ["", "", "total", "", "", "", "", *(sum(r[k + i] for r in rows
                                                    if isinstance(r[k + i], int))
                                                for i in range(len(session.players)))]
    cells = [["" if v is None else v for v in row] for row in [*rows, totals]]
    right = [0, 6, *range(k, len(headers))]
    tabulate.PRESERVE_WHITESPACE = False
    table = tabulate.tabulate(cells, headers=headers, tablefmt="github", disable_numparse=True,
                              colalign=["right" if i in right else "left"
                                        for i in range(len(headers))])  # fmt: skip
    title = f"## {session.heading}\n\n" if session.heading else ""
    assert "".join(export_chunks(session, "markdown")) == title + table + "\n"


def test_a_long_chart_is_drawn_from_evenly_spaced_deals():
    session = storage.load(EXAMPLES / "french-club-evening.toml")
    assert chart_samples(10, 64) == list(range(11))
    assert chart_samples(1000, 8) == [0, 125, 250, 375, 500, 625, 750, 875, 1000]
    narrow = chart(session, fit=40)
    assert max(width(line) for line in narrow.splitlines()) <= 40
    assert "B Bruno (+1792)" in narrow  # the legend, wrapped, keeps every player


def test_history_shows_each_deals_bonuses_compactly(cli):
    french = cli("history", EXAMPLES / "french-club-evening.toml").stdout
    assert "garde Chloé · handful Chloé" in french and "garde Daisuke · pab def" in french
    assert "garde Bruno · slam att announced · Excuse owed" in french
    assert "petite Chloé · Excuse lost" in french
    piedmont = cli("history", EXAMPLES / "piedmont-match.toml").stdout
    assert "points · Anna won" in piedmont
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fritz"])
    cli("deal", path, "--bid", "tapp", "--tappist", "Anna", "--points", "9", "--tricks", "0")
    cli("deal", path, "--bid", "tapp", "--tappist", "Anna", "--points", "114",
        "--fool-exchange", "lost", "--fool", "Bruno", "--fool-winner", "Anna")
    troggu = cli("history", path).stdout
    assert "tapp Anna · no trick " in troggu and "tapp Anna · Bättler lost " in troggu


def _width_char_by_char(text: str) -> int:
    import unicodedata

    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
               for ch in text)  # fmt: skip


@given(st.text(alphabet=st.characters(max_codepoint=0x3100), max_size=30)
       | st.text(alphabet="aé·\u00ad\u0301大輔Ａ ", max_size=30))
def test_width_looks_at_the_characters_that_may_not_take_one_column(text):
    assert width(text) == _width_char_by_char(text)


@pytest.mark.parametrize("name", ["troggu-seven-players", "french-five-players"])
def test_history_at_80_columns_keeps_a_short_deal_description(cli, monkeypatch, name):
    """5–7 players at 80 columns: names and contracts are abbreviated before the deal
    column, which tells the rows apart, is dropped."""
    monkeypatch.setenv("COLUMNS", "80")
    lines = cli("history", EXAMPLES / f"{name}.toml").stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[1].split()[:2] == ["#", "deal"]
    rows = [line.split("  ")[1].strip() for line in lines[3:11] if line.strip()]
    assert len(set(rows)) > 3 and all(rows), rows  # a description in every row


def test_averages_always_have_two_decimals():
    from decimal import Decimal

    from scorepad.text import average

    assert [average(Decimal(x)) for x in ("204", "144.62", "-3.5")] == ["204.00", "144.62",
                                                                         "−3.50"]  # fmt: skip


def test_wrap_breaks_at_words_and_keeps_tables_and_names_with_scores():
    from scorepad.text import wrap

    assert wrap("the discard without a trick: 1 chip from each", 16) == [
        "the discard", "without a trick:", "1 chip from each"]
    assert wrap("  ✗ Fritz −1 and Anna +2 pay", 16) == ["  ✗ Fritz −1 and", "    Anna +2 pay"]
    table = "  rank  player      total    deals    declarer    made    failed    best deal"
    assert wrap(table, 40) == [table]
    assert wrap("全員パス: プレイしなければならない人", 20) == [
        "全員パス: プレイしな", "ければならない人"]
    # a mark that never starts a line takes the word or wide character before it down with it
    assert wrap("ガード・サン", 6) == ["ガー", "ド・サ", "ン"]
    assert wrap("ab ×2、", 5) == ["ab", "×2、"]
    assert wrap("long line here", None) == ["long line here"]


def test_show_tells_what_became_of_the_excuse_and_the_battler(cli):
    lost = cli("show", EXAMPLES / "french-club-evening.toml", "12").stdout
    assert "the Excuse was lost: Chloé played it to the last trick, won by Anna" in lost
    escape = cli("show", EXAMPLES / "troggu-four-players.toml", "5").stdout
    assert "the Bättler's escape: Anna kept it back to the last trick, won by Bruno" in escape


def test_the_games_as_json_and_text():
    from scorepad.render.games import variants_lines, variants_object
    from scorepad.variants import get_variant

    games = [get_variant("piedmont"), get_variant("french")]
    obj = variants_object(games)
    assert [g["name"] for g in obj] == ["piedmont", "french"]
    assert obj[0]["players"] == {"min": 2, "max": 2} and obj[0]["unit"] == "points"
    assert obj[1]["profiles"]["fft"]["petit_au_bout_multiplied"] is True
    assert "--contract" in obj[1]["fields"] and obj[1]["aliases"] == list(games[1].aliases)
    assert json.loads(json.dumps(obj)) == obj  # all of it JSON
    grid, *profiles = variants_lines(games)
    assert grid.splitlines()[2].split()[:3] == ["piedmont", "Piedmontese", "two-handed"]
    assert "  3–5  " in grid.splitlines()[3]
    assert profiles[0] == "piedmont seed: angel=20, target=0, deals=0"
    assert profiles[2].startswith("french fft: base=25,") and "multiplied=true" in profiles[2]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=30,
)


@given(JSON_VALUES)
def test_json_text_is_the_standard_library_s_indented_json(value):
    assert json_text(value) == json.dumps(value, ensure_ascii=False, indent=2)
