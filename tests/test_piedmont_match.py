"""A Piedmont match level at its end says so and goes on, and a match decided by the deals
played on counts them honestly."""

from __future__ import annotations

from scorepad.model import Outcome
from scorepad.variants.piedmont import PIEDMONT, match_decided, match_state

RULES = {"target": 0, "deals": 2, "angel": 20}


def _deals(*points):
    return [Outcome(result="won", scores={"Anna": p, "Bruno": 91 - p}) for p in points]


def test_the_state_of_a_match():
    assert match_state(RULES, _deals(46)) is None  # under way
    assert match_state(RULES, _deals(46, 45)) == (2, ("Anna", "Bruno"), 91)  # level: on
    assert match_state(RULES, _deals(46, 45, 50)) == (3, ("Anna",), 141)
    assert match_decided(RULES, _deals(46, 45)) is None
    assert PIEDMONT.match_level(RULES, _deals(46, 45)) == "level at 91: play on"
    assert PIEDMONT.match_level(RULES, _deals(46, 46)) is None  # decided
    assert PIEDMONT.match_level({**RULES, "deals": 0}, _deals(46, 45)) is None  # no end
    target = {**RULES, "deals": 0, "target": 91}
    assert PIEDMONT.match_level(target, _deals(46, 45)) == "level at 91: play on"
    assert PIEDMONT.match_over(RULES, _deals(46, 46)) == (
        "match over after deal 2 (2 deals played): Anna wins the match"
    )


def test_a_level_match_says_so_and_the_tie_break_counts_its_deals(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"], "--deals", "2")
    cli("deal", path, "--points", "Anna=46")
    second = cli("deal", path, "--points", "Anna=45").stdout
    assert second.splitlines()[-1] == "level at 91: play on"
    standings = cli("standings", path).stdout
    assert "level at 91: play on" in standings
    assert standings.rstrip().endswith("next dealer: Anna")  # both rank 1, the match goes on
    third = cli("deal", path, "--points", "Anna=50").stdout
    said = "match over after deal 3 (3 deals played, the tie broken): Anna wins the match"
    assert third.splitlines()[-1] == said
    assert said in cli("standings", path).stdout


def test_a_level_match_at_its_target(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"], "--set", "target=91")
    cli("deal", path, "--points", "Anna=46")
    assert "level at 91: play on" in cli("deal", path, "--points", "Anna=45").stdout
    last = cli("deal", path, "--points", "Anna=60").stdout.splitlines()[-1]
    assert last == "match over after deal 3 (151 ≥ target 91): Anna wins the match"
