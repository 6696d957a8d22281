"""One column spec for the standings (`render.standing_columns`): the terminal, `standings
--json` and the evening's sheet show the same columns, Troggu's draws in all three."""

from __future__ import annotations

import re

import html5lib

from conftest import EXAMPLES


def _troggu_with_a_draw(cli):
    """Four deals of Troggu: Dario's Tapp game ends level (57 points: a draw)."""
    path = cli.new("stammtisch.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    cli("deal", path, "--bid", "solo", "--tappist", "Anna", "--points", "88")
    cli("deal", path, "--bid", "tapp", "--tappist", "Bruno", "--points", "40")
    cli("deal", path, "--bid", "tapp", "--tappist", "Dario", "--points", "57")
    cli("deal", path, "--bid", "tapp", "--tappist", "Chloé", "--points", "57")
    return path


def _grid(text: str) -> tuple[list[str], dict[str, list[str]]]:
    """A "simple" grid's headings and its rows by player (its columns two spaces apart)."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("rank"))
    heads = re.split(r"\s{2,}", lines[at].strip())
    rows = {}
    for line in lines[at + 2 :]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) != len(heads):
            break
        rows[cells[1]] = cells
    return heads, rows


def _sheet_standings(page: str) -> tuple[list[str], dict[str, list[str]]]:
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    section = doc.find(".//section[@class='standings']")
    heads = ["".join(th.itertext()) for th in section.iter("th")]
    rows = {}
    for tr in section.find(".//tbody").iter("tr"):
        cells = ["".join(td.itertext()) for td in tr.iter("td")]
        rows[cells[1]] = cells
    return heads, rows


def test_troggus_draws_are_in_the_terminal_the_json_and_the_sheet(cli, tmp_path):
    path = _troggu_with_a_draw(cli)
    heads, rows = _grid(cli("standings", path).stdout)
    assert heads == ["rank", "player", "total", "deals", "declarer", "won", "lost", "draw",
                     "best deal"]  # fmt: skip
    draw = heads.index("draw")
    assert {p: r[draw] for p, r in rows.items()} == {
        "Anna": "0", "Bruno": "0", "Chloé": "1", "Dario": "1"}  # fmt: skip

    players = {p["name"]: p for p in cli.json("standings", path)["players"]}
    assert {p: x["draws"] for p, x in players.items()} == {
        "Anna": 0, "Bruno": 0, "Chloé": 1, "Dario": 1}  # fmt: skip
    # a draw is neither made nor failed: the three add up to the games declared
    for p, x in players.items():
        assert x["made"] + x["failed"] + x["draws"] == x["declarer"] == int(rows[p][4])
    keys = ["name", "total", "rank", "penalties", "deals", "played", "out", "average",
            "declarer", "made", "failed", "draws", "best"]  # fmt: skip
    assert list(players["Anna"]) == keys

    sheet = tmp_path / "sheet.html"
    cli("report", path, "-o", sheet)
    heads, cells = _sheet_standings(sheet.read_text("utf-8"))
    assert heads[heads.index("declarer") + 1 :][:3] == ["won", "lost", "draw"]
    draw = heads.index("draw")
    assert {p: r[draw] for p, r in cells.items()} == {
        "Anna": "0", "Bruno": "0", "Chloé": "1", "Dario": "1"}  # fmt: skip


def test_a_narrow_terminal_lets_the_draws_step_aside_first(cli, monkeypatch):
    path = _troggu_with_a_draw(cli)
    full = cli("standings", path).stdout
    widest = max(len(line) for line in full.splitlines()[1:-1])
    monkeypatch.setenv("COLUMNS", str(widest - 1))  # one column less than the whole grid
    heads, _rows = _grid(cli("standings", path).stdout)
    assert "draw" not in heads and heads[4:7] == ["declarer", "won", "lost"]


def test_the_draws_heading_is_in_japanese(cli):
    from scorepad import i18n

    path = _troggu_with_a_draw(cli)
    i18n.use("ja")
    try:
        heads, rows = _grid(cli("standings", path).stdout.replace("順位", "rank", 1))
    finally:
        i18n.use("en")
    assert heads[5:8] == ["勝ち", "負け", "引き分け"] and rows["Dario"][7] == "1"


def test_the_other_games_keep_their_columns(cli):
    french = cli.json("standings", EXAMPLES / "french-club-evening.toml")["players"][0]
    assert "draws" not in french and {"declarer", "made", "failed"} <= set(french)
    piedmont = cli.json("standings", EXAMPLES / "piedmont-match.toml")["players"][0]
    assert "draws" not in piedmont and "declarer" not in piedmont and "won" in piedmont
