"""`export --to csv`: after the player columns, a column per field of the game's entry (the
partner, handfuls, petit au bout, slam, the Excuse, …), a repeatable field's values joined
with "; " in one cell; no cell a spreadsheet would take for a formula."""

from __future__ import annotations

import csv
import io

import pytest

from conftest import EXAMPLES
from scorepad import storage

#: the columns after the players', as cli.md names the fields (the contract, the declarer and
#: the points have their columns before the players')
FRENCH = ["partner", "alone", "bouts", "cards", "pile", "side", "handfuls", "petit_au_bout",
          "slam", "slam_announced", "fool_exchange", "fool", "fool_winner", "misere"]  # fmt: skip
TROGGU = ["partner", "alone", "called", "forced", "tricks", "cards", "pile", "side",
          "fool_exchange", "fool", "fool_winner"]  # fmt: skip
PIEDMONT = ["cards", "pile", "player", "fool"]


def table(text):
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def _evening(cli):
    """Five players, one with a name a spreadsheet would read as a formula: a deal with a
    partner, two handfuls, petit au bout and the Excuse owed, then one played alone."""
    path = cli.new("club.toml", "french", ["@Anna", "Bruno", "Chloé", "Daisuke", "Émile"])
    cli("deal", path, "-c", "garde", "-t", "@anna", "--partner", "bruno", "-p", "56", "-b", "2",
        "--handful", "@Anna:10", "--handful", "Bruno:10", "--petit-au-bout", "attack",
        "--fool-exchange", "owed", "--fool", "Chloé", "--fool-winner", "Bruno")  # fmt: skip
    cli("deal", path, "-c", "petite", "-t", "chloé", "--alone", "-p", "50", "-b", "1")
    return path


def test_a_column_per_field_of_the_entry_after_the_players(cli):
    rows = table(cli("export", _evening(cli), "--to", "csv").stdout)
    players = ["'@Anna", "Bruno", "Chloé", "Daisuke", "Émile"]
    assert rows[0] == ["deal", "dealer", "game", "contract", "declarer", "result", "points",
                       *players, *FRENCH]  # fmt: skip
    first, second = (dict(zip(rows[0], row, strict=True)) for row in rows[1:])
    assert first["partner"] == "Bruno" and first["bouts"] == "2"
    # repeatable: both handfuls in one cell, as --handful takes them; a formula never
    assert first["handfuls"] == "'@Anna:10; Bruno:10"
    assert (first["petit_au_bout"], first["fool_exchange"], first["fool"],
            first["fool_winner"]) == ("attack", "owed", "Chloé", "Bruno")  # fmt: skip
    assert first["alone"] == first["slam"] == first["cards"] == ""
    assert second["alone"] == "true" and second["partner"] == ""
    assert second["declarer"] == "Chloé" and second["contract"] == "petite"


@pytest.mark.parametrize(("example", "fields"), [("troggu-seven-players.toml", TROGGU),
                                                 ("piedmont-match.toml", PIEDMONT),
                                                 ("french-club-evening.toml", FRENCH)])  # fmt: skip
def test_every_game_has_its_fields_as_columns(cli, example, fields):
    path = EXAMPLES / example
    session = storage.load(path)
    rows = table(cli("export", path, "--to", "csv").stdout)
    k = 7 + len(session.players)
    assert rows[0][k:] == fields
    assert all(len(row) == len(rows[0]) for row in rows)
    # what the session file holds of each deal is in its row: the JSON of history says it
    for row, deal in zip(rows[1:], cli.json("history", path), strict=True):
        for key, cell in zip(fields, row[k:], strict=True):
            value = deal.get(key)
            if key == "handfuls" and value:
                assert cell == "; ".join(f"{p}:{t}" for p, t in value.items())
            elif value is True:
                assert cell == "true"
            else:
                assert cell == ("" if value is None else str(value)), (key, deal)


def test_the_excel_csv_names_the_fields_in_the_language(cli):
    from scorepad import i18n

    path = _evening(cli)
    i18n.use("ja")
    try:
        rows = table(cli("export", path, "--to", "csv", "--excel").stdout)
    finally:
        i18n.use("en")
    header = rows[0][12:]
    assert header[:2] == ["パートナー", "単独"] and "ポワニェ" in header and "フール" in header
    first, second = (dict(zip(rows[0], row, strict=True)) for row in rows[1:])
    assert first["ポワニェ"] == "'@Anna:10; Bruno:10"
    assert first["プティ・オ・ブー"] == "テイカー側" and second["単独"] == "はい"
