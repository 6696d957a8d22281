"""The sheet's line of players: in the order they sat (a newcomer where they joined the
dealing order, not last), and who came and went, with the deal."""

from __future__ import annotations

import re

from conftest import EXAMPLES


def meta(page):
    return re.findall(r'<p class="meta">([^<]*)</p>', page)


def test_a_newcomer_is_seated_where_they_joined(cli):
    page = cli("report", EXAMPLES / "french-five-at-four.toml").stdout
    lines = meta(page)
    assert ("Players in seating order: Anna, Bruno, Chloé, Fumiko, Daisuke, Elsa at 4 seats, "
            "the dealer sitting out · 9 deals") in lines
    assert "Fumiko joins at deal 6; Anna leaves after deal 8" in lines


def test_arrivals_departures_and_a_new_table_size(cli):
    path = cli.new("x.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"],
                   "--seats", "4")
    cli("deal", path, "--contract", "pass")
    cli("join", path, "Zoë", "--after", "Anna")
    cli("deal", path, "--contract", "pass")
    cli("leave", path, "Chloé", "--seats", "4")
    cli("deal", path, "--contract", "pass")
    cli("join", path, "Yann", "--seats", "5")
    lines = meta(cli("report", path).stdout)
    assert any(line.startswith("Players in seating order: Anna, Zoë, Bruno, Chloé, Daisuke, "
                               "Elsa, Yann at 4 seats") for line in lines), lines
    assert "Zoë joins at deal 2; Chloé leaves after deal 2; Yann joins at deal 4; " \
           "5 seats from deal 4" in lines


def test_a_fixed_table_says_no_change(cli):
    page = cli("report", EXAMPLES / "french-club-evening.toml").stdout
    assert not any("joins at" in line or "leaves after" in line for line in meta(page))
