"""Who sits at the table deal by deal (scorepad/seating.py): the sitting-out dealer (FFT §16,
Variante n°2), more than one out, Piedmont's dealer who plays, arrivals and departures, the
problems of an impossible seating, and the invariants over generated evenings."""

from __future__ import annotations

import ast
import collections
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorepad import core, i18n, seating, seating_plan
from scorepad.seating import Dealt, Join, Leave, Policy, Resize
from scorepad.seating_plan import SeatingPlan, seat

FIVE = ("Anna", "Bruno", "Chloé", "Daisuke", "Elsa")
SEVEN = ("A", "B", "C", "D", "E", "F", "G")
POOL = tuple(f"P{i}" for i in range(12))


def follow(roster: Sequence[str], seats: int, n: int, *, passed: Collection[int] = (),
           policy: Policy = Policy.DEALER_OUT,
           changes: Sequence[seating.Change] = ()) -> SeatingPlan:  # fmt: skip
    """A seating plan of n deals where every deal takes the proposal (dealer and out)."""
    deals: list[Dealt] = []
    plan = seat(roster, seats, deals, changes, policy=policy)
    for i in range(1, n + 1):
        deals.append(Dealt(plan.next.dealer, passed=i in passed))
        plan = seat(roster, seats, deals, changes, policy=policy)
    return plan


def outs(plan: SeatingPlan) -> list[tuple[str, ...]]:
    return [s.out for s in plan.deals]


def messages(plan: SeatingPlan) -> list[str]:
    return [str(p) for p in plan.problems]


# -- the sitting-out dealer -----------------------------------------------------------------


def test_five_at_a_four_seat_table_the_dealer_sits_out_in_turn():
    plan = follow(FIVE, 4, 6)
    assert [s.dealer for s in plan.deals] == [*FIVE, "Anna"]
    assert outs(plan) == [(p,) for p in (*FIVE, "Anna")]
    assert plan.deals[2].seated == ("Anna", "Bruno", "Daisuke", "Elsa")  # roster order
    assert plan.deals[2].roster == FIVE and plan.deals[2].seats == 4
    assert plan.next.dealer == "Bruno" and plan.next.out == ("Bruno",)
    assert plan.next.seated == ("Anna", "Chloé", "Daisuke", "Elsa") and plan.next.n == 7
    assert not plan.problems


def test_while_everybody_passes_the_sitting_out_dealer_deals_again():
    plan = follow(FIVE, 4, 5, passed=(2, 3))
    assert [s.dealer for s in plan.deals] == ["Anna", "Bruno", "Bruno", "Bruno", "Chloé"]
    assert outs(plan)[1:4] == [("Bruno",)] * 3  # a passed deal lists its sitting-out dealer


def test_a_cancelled_deal_is_dealt_again_by_the_same_sitting_out_dealer():
    # `passed` means no one played it: all passed, or cancelled (petit sec)
    plan = seat(FIVE, 4, [Dealt("Anna", passed=True)])
    assert plan.next.dealer == "Anna"


def test_without_sit_outs_the_deal_moves_on_after_a_pass_as_today():
    plan = follow(FIVE, 5, 4, passed=(1, 2, 3, 4))
    assert [s.dealer for s in plan.deals] == ["Anna", "Bruno", "Chloé", "Daisuke"]
    assert outs(plan) == [()] * 4 and plan.deals[0].seated == FIVE
    assert plan.next.dealer == "Elsa"


@given(st.integers(3, 5), st.data())
def test_a_full_table_has_the_next_dealer_scorepad_has_today(n, data):
    """people == seats: the next dealer Session.next_dealer gives, whoever dealt, passed or not."""
    players = list(FIVE[:n])
    first = data.draw(st.sampled_from(players))
    session = core.new_session("french", players, dealer=first)
    deals: list[Dealt] = []
    for _ in range(data.draw(st.integers(0, 8))):
        plan = seat(players, n, deals, first_dealer=first)
        assert plan.next.dealer == session.next_dealer()
        assert plan.next.seated == tuple(players) and plan.next.out == ()
        dealer = data.draw(st.sampled_from(players))
        session = core.add_deal(session, {"contract": "pass", "dealer": dealer})
        deals.append(Dealt(dealer, passed=True))
    assert seat(players, n, deals, first_dealer=first).next.dealer == session.next_dealer()


def test_the_first_dealer_is_the_sessions():
    plan = seat(FIVE, 4, [], first_dealer="Daisuke")
    assert plan.next.dealer == "Daisuke" and plan.next.out == ("Daisuke",)
    assert plan.next.n == 1


# -- more than one out ----------------------------------------------------------------------


def test_seven_at_a_five_seat_table_the_dealer_and_who_sat_out_least():
    plan = follow(SEVEN, 5, 14)
    week = [("A", "G"), ("B", "F"), ("C", "E"), ("C", "D"), ("D", "E"), ("B", "F"), ("A", "G")]
    assert outs(plan) == week * 2
    assert [s.dealer for s in plan.deals] == list(SEVEN) * 2
    assert all(len(s.seated) == 5 for s in plan.deals)


def test_more_out_after_a_pass_the_same_table_is_dealt_again():
    plan = seat(SEVEN, 5, [Dealt("A", out=("A", "C"), passed=True)])
    assert plan.next.dealer == "A" and plan.next.out == ("A", "C")


def test_out_names_the_others_and_the_dealer_may_be_named_too():
    alone = seat(SEVEN, 5, [Dealt("A", out=("D",))])
    both = seat(SEVEN, 5, [Dealt("A", out=("D", "A"))])
    assert alone.deals == both.deals and not alone.problems and not both.problems
    [deal] = alone.deals
    assert deal.out == ("A", "D") and deal.seated == ("B", "C", "E", "F", "G")
    assert deal.proposed == ("A", "G") and deal.stored_out == ("A", "D")


def test_the_proposal_for_a_dealer_the_table_chooses():
    plan = seat(SEVEN, 5, [Dealt("A")])  # out: A and G
    assert plan.next.dealer == "B"
    assert plan.propose_out("E") == ("D", "E")  # least out, furthest from dealing
    assert plan.propose_out("B") == plan.next.out == ("B", "F")
    assert plan.check_next("E", ["E"])  # one short
    assert not plan.check_next("E", ["E", "C"])
    assert not plan.check_next("E", None)


def test_the_sat_out_counts_ignore_passed_deals():
    # the passed deal's outs A, G cost nothing: deal 2 (A again) proposes them again
    plan = seat(SEVEN, 5, [Dealt("A", passed=True), Dealt("A"), Dealt("B")])
    assert outs(plan) == [("A", "G"), ("A", "G"), ("B", "F")]


# -- the dealer who plays (Piedmont two-handed) -----------------------------------------------


def test_piedmont_the_dealer_plays_and_out_is_the_previous_deals():
    plan = follow(("Anna", "Bruno", "Chloé"), 2, 4, policy=Policy.DEALER_PLAYS)
    assert outs(plan) == [("Chloé",)] * 4
    assert [s.dealer for s in plan.deals] == ["Anna", "Bruno", "Anna", "Bruno"]
    assert all(s.dealer in s.seated for s in plan.deals)


def test_piedmont_a_new_match_carries_its_out_on():
    deals = [Dealt("Anna"), Dealt("Chloé", out=("Anna",))]
    plan = seat(("Anna", "Bruno", "Chloé"), 2, deals, policy=Policy.DEALER_PLAYS)
    assert not plan.problems
    assert plan.deals[1].seated == ("Bruno", "Chloé")
    assert plan.next.out == ("Anna",) and plan.next.dealer == "Bruno"


def test_piedmont_the_dealer_cannot_sit_out():
    plan = seat(("Anna", "Bruno", "Chloé"), 2, [Dealt("Anna", out=("Anna",))],
                   policy=Policy.DEALER_PLAYS)  # fmt: skip
    assert messages(plan) == [
        "deal 1: Anna deals, and the dealer plays at this table: the dealer cannot sit out"]


def test_piedmont_four_people_two_out():
    plan = follow(("A", "B", "C", "D"), 2, 3, policy=Policy.DEALER_PLAYS)
    assert outs(plan) == [("C", "D")] * 3 and not plan.problems


# -- arrivals and departures ----------------------------------------------------------------


def test_a_newcomer_after_the_last_dealer_deals_next():
    plan = seat(FIVE, 4, [Dealt("Anna"), Dealt("Bruno")], [Join(3, "Fumiko", "Bruno")])
    assert plan.next.roster == ("Anna", "Bruno", "Fumiko", "Chloé", "Daisuke", "Elsa")
    assert plan.next.dealer == "Fumiko" and plan.next.out == ("Fumiko", "Elsa")
    assert plan.deals[1].roster == FIVE  # past deals never change


def test_a_join_without_after_is_last_in_the_dealing_order():
    plan = seat(FIVE, 4, [Dealt("Elsa")], [Join(2, "Fumiko")])
    assert plan.next.roster == (*FIVE, "Fumiko") and plan.next.dealer == "Fumiko"


def test_join_and_seats_at_once_switch_to_the_five_player_game():
    plan = seat(FIVE[:4], 4, [Dealt("Anna")], [Join(2, "Elsa"), Resize(2, 5)])
    assert not plan.problems
    assert plan.next.out == () and plan.next.seated == FIVE and plan.next.seats == 5


def test_when_the_last_dealer_leaves_the_one_who_followed_deals():
    plan = seat(FIVE, 4, [Dealt("Anna"), Dealt("Bruno")], [Leave(3, "Bruno")])
    assert plan.next.dealer == "Chloé" and plan.next.out == ()  # four left, four seats
    assert plan.next.roster == ("Anna", "Chloé", "Daisuke", "Elsa")


def test_who_left_is_skipped():
    plan = seat(FIVE, 3, [Dealt("Anna")], [Leave(2, "Bruno")])
    assert plan.next.dealer == "Chloé" and plan.next.out == ("Chloé",)


def test_the_passed_dealer_who_leaves_hands_the_redeal_on():
    plan = seat(FIVE, 3, [Dealt("Anna", passed=True)], [Leave(2, "Anna")])
    assert plan.next.dealer == "Bruno"


def test_someone_who_left_may_come_back():
    changes = [Leave(2, "Chloé"), Join(3, "Chloé", "Elsa")]
    plan = seat(FIVE, 4, [Dealt("Anna"), Dealt("Bruno")], changes)
    assert not plan.problems
    assert plan.deals[1].roster == ("Anna", "Bruno", "Daisuke", "Elsa")
    assert plan.next.roster == ("Anna", "Bruno", "Daisuke", "Elsa", "Chloé")


def test_a_newcomer_starts_level_with_the_least_sat_out():
    # a week of seven at five: everybody out twice; H arrives and the table grows to six
    plan = follow(SEVEN, 5, 7 + 8, changes=[Join(8, "H", "G"), Resize(8, 6)])
    assert plan.deals[7].dealer == "H" and plan.deals[7].out == ("G", "H")
    week = collections.Counter(p for s in plan.deals[7:] for p in s.out)
    assert week == dict.fromkeys((*SEVEN, "H"), 2)  # H is not sent out deal after deal


# -- problems, each with its deal --------------------------------------------------------------


def test_leaving_fewer_people_than_seats_says_the_fix():
    plan = seat(FIVE[:4], 4, [Dealt("Anna")] * 4, [Leave(5, "Daisuke")])
    assert messages(plan) == [
        "deal 5: leaving Daisuke leaves 3 people at a 4-seat table: add --seats 3"]
    fixed = seat(FIVE[:4], 4, [Dealt("Anna")] * 4, [Leave(5, "Daisuke"), Resize(5, 3)])
    assert not fixed.problems


def test_the_fix_is_spelt_for_a_file():
    plan = seat(FIVE, 4, [], [Leave(1, "Anna"), Leave(1, "Bruno")], seats_option="seats =")
    assert messages(plan) == [
        "deal 1: leaving Bruno leaves 3 people at a 4-seat table: add seats = 3"]


def test_more_seats_than_people():
    assert messages(seat(FIVE[:3], 4, [])) == [
        "--seats: 4 seats for 3 people: give --seats 3 at most"]
    plan = seat(FIVE, 4, [Dealt("Anna")], [Resize(2, 6)])
    assert messages(plan) == ["deal 2: 6 seats for 5 people: give --seats 5 at most"]
    assert messages(seat(FIVE, 0, [])) == ["--seats: the table needs at least one seat, not 0"]


def test_every_problem_is_reported_with_its_deal():
    deals = [
        Dealt("Zoé"),  # 1: never on the roster
        Dealt("Anna", out=("Anna", "Bruno")),  # 2: one too many out
        Dealt("Bruno", out=("Zoé",)),  # 3: never on the roster
        Dealt("Fumiko"),  # 4: not yet on the roster
        Dealt("Chloé", out=("Chloé", "Chloé")),  # 5: twice
        Dealt("Daisuke", out=("Fumiko",)),  # 6: Fumiko is here from deal 7
        Dealt("Fumiko", out=("Elsa",)),  # 7: Elsa has left
    ]
    changes = [Join(7, "Fumiko"), Leave(7, "Elsa"), Join(7, "Anna"), Leave(7, "Zoé"),
               Join(7, "Gil", "Zoé"), Join(9, "Hana")]  # fmt: skip
    roster = "Anna, Bruno, Chloé, Daisuke, Elsa"
    after = "Anna, Bruno, Chloé, Daisuke, Fumiko"
    assert messages(seat(FIVE, 4, deals, changes)) == [
        f"deal 1: dealer Zoé was never on the roster (roster: {roster})",
        "deal 2: 5 people at a 4-seat table leave 1 out, not 2 (Anna, Bruno)",
        f"deal 3: Zoé, listed out, was never on the roster (roster: {roster})",
        f"deal 4: dealer Fumiko is not on the roster at this deal (roster: {roster})",
        "deal 5: Chloé is listed out twice",
        f"deal 6: Fumiko, listed out, is not on the roster at this deal (roster: {roster})",
        "deal 7: Anna joins but is already on the roster",
        f"deal 7: Zoé leaves but is not on the roster (roster: {after})",
        f"deal 7: Gil joins after Zoé, who is not on the roster (roster: {after})",
        f"deal 7: Elsa, listed out, is not on the roster at this deal (roster: {after})",
        "a roster change from deal 9: with 7 deals so far, a change takes effect from deal 1 to 8",
    ]


def test_too_few_out_and_nobody_out():
    plan = seat(SEVEN, 5, [Dealt("A", out=()), Dealt("B", out=("B", "C", "D"))])
    assert messages(plan) == [
        "deal 1: 7 people at a 5-seat table leave 2 out, not 1 (A)",
        "deal 2: 7 people at a 5-seat table leave 2 out, not 3 (B, C, D)"]
    full = seat(FIVE, 5, [Dealt("Anna", out=("Anna",))])
    assert messages(full) == ["deal 1: 5 people at a 5-seat table leave 0 out, not 1 (Anna)"]


def test_a_first_dealer_and_a_roster_twice():
    plan = seat(("Anna", "Bruno", "Anna"), 2, [], first_dealer="Zoé")
    assert messages(plan) == ["players: Anna is on the roster twice",
                                 "dealer: dealer Zoé was never on the roster (roster: Anna, Bruno)"]
    assert plan.next.dealer == "Anna"


def test_the_problems_speak_japanese():
    i18n.use("ja")
    try:
        [problem] = seat(FIVE[:4], 4, [], [Leave(1, "Daisuke")]).problems
    finally:
        i18n.use("en")
    assert "Daisuke" in str(problem) and "--seats 3" in str(problem)
    assert "leaves" not in str(problem) and "ディール 1" in str(problem)


def test_seating_imports_only_the_standard_library_errors_and_messages():
    tree = ast.parse(Path(seating.__file__).read_text(encoding="utf-8"))
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    ours = {n for n in names if n.split(".")[0] == "scorepad"}
    assert ours == {"scorepad.errors", "scorepad.i18n"}
    assert all(n.split(".")[0] in sys.stdlib_module_names for n in names - ours - {"__future__"})


def test_the_seating_plan_imports_only_the_seating_below_it():
    tree = ast.parse(Path(seating_plan.__file__).read_text(encoding="utf-8"))
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    ours = {n for n in names if n.split(".")[0] == "scorepad"}
    assert ours == {"scorepad.errors", "scorepad.i18n", "scorepad.seating"}
    assert all(n.split(".")[0] in sys.stdlib_module_names for n in names - ours - {"__future__"})


# -- properties over generated sessions ----------------------------------------------------------


def plan_of(data: st.DataObject, policy: Policy, deals: int = 24):
    """A random session that a table could really play: valid roster changes, dealers as
    proposed or chosen, outs as proposed or named, some deals passed; built a deal at a time
    with `SeatingPlan.then`."""
    size = data.draw(st.integers(2, 8), label="people")
    roster = POOL[:size]
    seats = data.draw(st.integers(1 if policy is Policy.DEALER_OUT else 2, size), label="seats")
    dealt: list[Dealt] = []
    moves: list[seating.Change] = []
    plan = seat(roster, seats, dealt, policy=policy)
    if data.draw(st.integers(0, 5)) == 0:
        moves.extend(_a_change(data, 1, plan.next))
        plan = seat(roster, seats, dealt, moves, policy=policy)
    for n in range(1, data.draw(st.integers(0, deals), label="deals") + 1):
        now = plan.next
        dealer = now.dealer
        if data.draw(st.booleans()):
            dealer = data.draw(st.sampled_from(now.roster))
        out = None
        over = len(now.roster) - now.seats
        if over and data.draw(st.booleans()):
            others = [p for p in now.roster if p != dealer]
            if policy is Policy.DEALER_OUT:
                picked = data.draw(st.permutations(others))[: over - 1]
                out = tuple(picked) + ((dealer,) if data.draw(st.booleans()) else ())
            else:
                out = tuple(data.draw(st.permutations(others))[:over])
        dealt.append(Dealt(dealer, data.draw(st.booleans()), out))
        after = _a_change(data, n + 1, now) if data.draw(st.integers(0, 5)) == 0 else []
        moves.extend(after)
        plan = plan.then(dealt[-1], after)
    return roster, seats, dealt, moves, plan


def _a_change(data: st.DataObject, n: int, now: seating.Proposal) -> list[seating.Change]:
    people, seats = len(now.roster), now.seats
    free = [p for p in POOL if p not in now.roster]
    kind = data.draw(st.sampled_from(["join", "leave", "seats"]))
    if kind == "join" and free:
        name = data.draw(st.sampled_from(free))
        after = data.draw(st.none() | st.sampled_from(now.roster))
        return [Join(n, name, after)]
    if kind == "leave" and people > 2:
        name = data.draw(st.sampled_from(now.roster))
        return [Leave(n, name)] + ([Resize(n, people - 1)] if people - 1 < seats else [])
    return [Resize(n, data.draw(st.integers(2, people)))]


POLICIES = st.sampled_from(list(Policy))


@given(POLICIES, st.data())
def test_every_deal_seats_exactly_its_seats(policy, data):
    _roster, _seats, _dealt, _moves, plan = plan_of(data, policy)
    assert not plan.problems, plan.problems
    for s in plan.deals:
        assert len(s.seated) == s.seats
        assert sorted(s.seated + s.out) == sorted(s.roster) and not set(s.seated) & set(s.out)
        assert s.dealer in s.roster
        if policy is Policy.DEALER_PLAYS:
            assert s.dealer in s.seated
        elif s.out:
            assert s.dealer in s.out
    nxt = plan.next
    assert len(nxt.seated) == nxt.seats and nxt.dealer in nxt.roster


@given(POLICIES, st.data())
def test_a_deal_at_a_time_is_the_whole_evening_at_once(policy, data):
    roster, seats, dealt, moves, plan = plan_of(data, policy)
    whole = seat(roster, seats, dealt, moves, policy=policy)
    assert (whole.deals, whole.problems, whole.next) == (plan.deals, plan.problems,
                                                         plan.next)  # fmt: skip



def test_then_refuses_a_change_that_is_not_for_the_deal_after():
    plan = seat(FIVE, 4, []).then(Dealt("Anna"), [Join(3, "Fumiko"), Join(2, "Gil")])
    assert messages(plan) == [
        "a roster change from deal 3: with 1 deal so far, a change takes effect from deal 1 to 2"]
    assert plan.next.roster == (*FIVE, "Gil") and plan.next.n == 2


@given(POLICIES, st.data())
def test_the_next_proposal_is_what_recording_it_gives(policy, data):
    roster, seats, dealt, moves, plan = plan_of(data, policy)
    nxt = plan.next
    again = seat(roster, seats, [*dealt, Dealt(nxt.dealer)], moves, policy=policy)
    last = again.deals[-1]
    assert (last.out, last.seated, last.roster, last.proposed) == (nxt.out, nxt.seated,
                                                                   nxt.roster, nxt.out)
    assert not again.check_next(again.next.dealer, again.next.out)


@given(st.integers(2, 9), st.integers(1, 4), st.data())
def test_one_out_everybody_sits_out_k_times_in_k_rounds(people, k, data):
    roster = POOL[:people]
    plan = follow(roster, people - 1, k * people)
    counts = collections.Counter(p for s in plan.deals for p in s.out)
    assert counts == dict.fromkeys(roster, k)
    # with passes, the played deals still give each their k: the redeal keeps the dealer
    passed = data.draw(st.sets(st.integers(1, 2 * k * people), max_size=k * people))
    plan = follow(roster, people - 1, k * people + len(passed), passed=passed)
    played = [s for n, s in enumerate(plan.deals, 1) if n not in passed]
    assert len(played) >= k * people
    counts = collections.Counter(p for s in played[: k * people] for p in s.out)
    assert counts == dict.fromkeys(roster, k)


@given(st.data())
def test_a_passed_deal_keeps_its_sitting_out_dealer(data):
    roster, seats, dealt, moves, plan = plan_of(data, Policy.DEALER_OUT)
    left = {(c.from_deal, c.name) for c in moves if isinstance(c, Leave)}
    changed = {c.from_deal for c in moves}
    for n in range(1, len(dealt)):
        s, later = plan.deals[n - 1], plan.deals[n]
        redealt = dealt[n - 1].passed and s.dealer in s.out
        if redealt and later.out and (n + 1, s.dealer) not in left:
            before = seat(roster, seats, dealt[:n], moves)
            assert before.next.dealer == s.dealer
            if n + 1 not in changed and later.dealer == s.dealer:
                assert later.proposed == s.out  # the same table is dealt again
    if dealt and dealt[-1].passed and plan.next.out:
        last = plan.deals[-1]
        if last.dealer in last.out and last.dealer in plan.next.roster:
            assert plan.next.dealer == last.dealer


@given(st.integers(3, 10), st.integers(1, 9), st.data())
def test_more_out_the_counts_never_differ_by_more_than_one(people, seats, data):
    seats = min(seats, people - 1)
    roster = POOL[:people]
    n = data.draw(st.integers(1, 4 * people))
    passed = data.draw(st.sets(st.integers(1, n)))
    plan = follow(roster, seats, n, passed=passed)
    counts = dict.fromkeys(roster, 0)
    for i, s in enumerate(plan.deals, 1):
        if i not in passed:
            for p in s.out:
                counts[p] += 1
        assert max(counts.values()) - min(counts.values()) <= 1, (i, counts)


@given(POLICIES, st.data())
def test_changes_take_effect_from_their_deal_and_past_deals_never_change(policy, data):
    roster, seats, dealt, moves, plan = plan_of(data, policy)
    for cut in range(len(dealt) + 1):
        earlier = [c for c in moves if c.from_deal <= cut + 1]  # the next deal's too
        past = seat(roster, seats, dealt[:cut], earlier, policy=policy)
        assert past.deals == plan.deals[:cut]
    if plan.deals:
        newcomer = Join(len(dealt) + 1, "Newcomer")
        joined = seat(roster, seats, dealt, [*moves, newcomer], policy=policy)
        assert joined.deals == plan.deals and not joined.problems
        assert joined.next.roster == (*plan.next.roster, "Newcomer")


@given(POLICIES, st.data())
def test_storing_only_what_differs_from_the_rule_gives_the_same_seating(policy, data):
    roster, seats, dealt, moves, plan = plan_of(data, policy)
    stored = [Dealt(d.dealer, d.passed, s.stored_out) for d, s in zip(dealt, plan.deals,
                                                                        strict=True)]  # fmt: skip
    again = seat(roster, seats, stored, moves, policy=policy)
    assert again.deals == plan.deals and again.next == plan.next
    for d, s in zip(dealt, plan.deals, strict=True):
        if d.out is None:
            assert s.stored_out is None
        else:
            assert s.stored_out is None or set(s.stored_out) >= set(d.out)
    # and storing every out explicitly changes nothing either
    full = [Dealt(d.dealer, d.passed, s.out) for d, s in zip(dealt, plan.deals, strict=True)]
    assert seat(roster, seats, full, moves, policy=policy).deals == plan.deals
