"""The pure core without the command line: sessions, edits, standings."""

from __future__ import annotations

import pytest

from scorepad import core, ranking, scores
from scorepad.errors import ScorepadError
from scorepad.model import Table

PLAYERS = ["Anna", "Annette", "Bruno", "Chloé"]


def french(**kw):
    return core.new_session("french", PLAYERS, **kw)


def test_names_match_case_insensitively_and_by_unique_prefix():
    table = Table("french", tuple(PLAYERS), {})
    assert table.resolve("anna") == "Anna"  # exact beats prefix
    assert table.resolve("annet") == "Annette"
    assert table.resolve("CHL") == "Chloé"
    with pytest.raises(ScorepadError, match="'ann' could be Anna or Annette"):
        table.resolve("ann")


def test_dealer_rotates_in_seating_order():
    s = french(dealer="Chloé")
    assert s.next_dealer() == "Chloé"
    s = core.add_deal(s, {"contract": "pass"})
    assert s.deals[0].dealer == "Chloé"
    assert s.next_dealer() == "Anna"
    s = core.add_deal(s, {"contract": "pass", "dealer": "Bruno"})
    assert s.next_dealer() == "Chloé"


def test_edit_replaces_cards_with_points_and_keeps_the_rest():
    s = french()
    s = core.add_deal(s, {"contract": "garde", "taker": "Bruno", "cards": "21 1 EX KH",
                          "pile": 30, "petit_au_bout": "attack"})  # fmt: skip
    s = core.edit_deal(s, 1, {"points": "50", "bouts": "2"}).session
    entry = s.deals[0].entry
    assert (entry.points, entry.bouts, entry.cards, entry.petit_au_bout) == (50, 2, None, "attack")
    s = core.edit_deal(s, 1, {}, clear=["petit-au-bout"]).session
    assert s.deals[0].entry.petit_au_bout is None


def test_edit_to_pass_drops_the_play():
    s = core.add_deal(french(), {"contract": "garde", "taker": "Bruno", "points": 50,
                                 "bouts": 2})  # fmt: skip
    s = core.edit_deal(s, 1, {"contract": "pass"}).session
    assert scores.outcomes(s)[0].result == "passed"


def test_remove_deal_renumbers():
    s = french()
    for pts in (40, 50, 60):
        s = core.add_deal(s, {"contract": "petite", "taker": "Bruno", "points": pts, "bouts": 2})
    s, removed = core.remove_deal(s, 2)
    assert removed.entry.points == 50
    assert [d.entry.points for d in s.deals] == [40, 60]
    with pytest.raises(ScorepadError, match="there is no deal 3"):
        core.remove_deal(s, 3)


def test_standings_rank_ties_and_count_declarers():
    s = french()
    s = core.add_deal(s, {"contract": "petite", "taker": "Bruno", "points": 45, "bouts": 2})
    s = core.add_deal(s, {"contract": "petite", "taker": "Bruno", "points": 30, "bouts": 2})
    rows = {r.name: r for r in ranking.standings([s])}
    assert rows["Bruno"].declarer == 2
    assert (rows["Bruno"].made, rows["Bruno"].failed) == (1, 1)
    assert rows["Bruno"].total == 3 * 29 - 3 * 36
    assert rows["Anna"].rank == rows["Chloé"].rank == 1
    assert rows["Bruno"].rank == 4


def test_standings_over_several_sessions_add_up_per_player():
    a = core.add_deal(french(), {"contract": "petite", "taker": "Bruno", "points": 45,
                                 "bouts": 2})  # fmt: skip
    b = core.new_session("french", ["bruno", "Anna", "Dora"])
    b = core.add_deal(b, {"contract": "petite", "taker": "Dora", "points": 45, "bouts": 2})
    rows = {r.name: r for r in ranking.standings([a, b])}
    assert rows["Bruno"].total == 87 - 29
    assert rows["Bruno"].deals == 2
    assert rows["Dora"].total == 58


def test_unknown_setting_and_bad_values():
    with pytest.raises(ScorepadError, match="unknown setting 'colour'"):
        french(settings={"colour": "red"})
    s = french(profile="fft", settings={"base": "30", "petit_au_bout_multiplied": "no"})
    assert s.rules["base"] == 30
    assert s.rules["petit_au_bout_multiplied"] is False


def test_a_settlement_that_does_not_add_up_is_refused():
    from scorepad.model import Outcome
    from scorepad.variants import get_variant
    from scorepad.variants.base import check_outcome

    table = Table("french", ("A", "B", "C"), {})
    french = get_variant("french")
    with pytest.raises(AssertionError, match="add up to 1, not 0"):
        check_outcome(french, Outcome("made", {"A": 2, "B": -1, "C": 0}), table)
    with pytest.raises(AssertionError, match="not every player"):
        check_outcome(french, Outcome("made", {"A": 1, "B": -1}), table)


# --- `new`'s options as typed (core.start_session) --------------------------------------------


def _problems(err):
    return [str(p) for p in err.value.problems]


def test_a_session_started_from_the_options_as_typed():
    s = core.start_session("french", " Anna，Bruno、Chloé,, Daisuke ", today="2026-11-26",
                           title="Club", dealer="bru", settings=["petit-au-bout-multiplied=true"])
    assert s.players == ("Anna", "Bruno", "Chloé", "Daisuke") and s.dealer == "Bruno"
    assert s.date == "2026-11-26" and s.title == "Club"  # no --date: today
    assert s.rules["petit_au_bout_multiplied"] is True
    assert core.start_session("troggu", "A,B,C,D", today="2026-11-26",
                              date=" 2026-01-05 ").date == "2026-01-05"
    five = core.start_session("french", "A,B,C,D,E", today="2026-11-26", seats=4)
    assert five.roster == ("A", "B", "C", "D", "E") and five.seats == 4


def test_a_bad_setting_or_date_is_said_alone_before_the_names():
    with pytest.raises(ScorepadError) as err:
        core.start_session("french", "A", today="2026-11-26", settings=["target"], date="x")
    assert _problems(err) == ["--set: 'target' should be KEY=VALUE"]
    with pytest.raises(ScorepadError) as err:
        core.start_session("french", "A", today="2026-11-26", settings=["=1"])
    assert _problems(err) == ["--set: '=1' should be KEY=VALUE"]
    with pytest.raises(ScorepadError) as err:
        core.start_session("french", "A", today="2026-11-26", date="2026-02-30")
    assert _problems(err) == ["--date: '2026-02-30' is not a date as YYYY-MM-DD (e.g. 2026-11-26)"]


def test_names_and_title_are_checked_together_then_the_game_rules():
    with pytest.raises(ScorepadError) as err:
        core.start_session("french", "Anna,Bo\x07b,Chloé", today="2026-11-26", title="t" * 501)
    assert [p.split(":")[0] for p in _problems(err)] == ["--players", "--title"]
    with pytest.raises(ScorepadError) as err:
        core.start_session("french", "Anna,Bruno", today="2026-11-26")
    assert _problems(err)[0].startswith("players: french is played by 3 to 5 players")


def test_every_games_entry_says_whether_nobody_played_its_deal():
    # the seating reads `Deal.redealt` from the entry itself (no getattr): every game's entry
    # has it, true for a French pass or a cancelled deal and false for a played one
    from conftest import EXAMPLES
    from scorepad import storage

    seen: dict[str, set[bool]] = {}
    for path in sorted(EXAMPLES.glob("*.toml")):
        session = storage.load(path)
        for deal in session.deals:
            assert deal.redealt is deal.entry.redealt
            assert type(deal.redealt) is bool
            seen.setdefault(session.variant, set()).add(deal.redealt)
    assert seen.keys() == {"french", "troggu", "piedmont"}
    assert seen["troggu"] == seen["piedmont"] == {False}
    passed = core.add_deal(core.new_session("french", ["A", "B", "C", "D"]), {"contract": "pass"})
    assert passed.deals[-1].redealt is True
