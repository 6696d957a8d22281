"""The seating plan of a session: every deal's seating, the problems found, and the next
deal's proposal, worked out in one pass over the deals (`seat`, or `Seater` one deal at a
time for whoever reads them) by the sit-out rule of `scorepad.seating`.

Pure: standard library, `scorepad.seating` and scorepad's error type and messages only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorepad.errors import Problem
from scorepad.i18n import ngettext
from scorepad.seating import Change, Dealt, Join, Policy, Proposal, RosterState, Seating


class SeatingPlan:
    """Every deal's seating, the problems found (each naming its deal), and the next deal
    (its proposal): `deals[n - 1]` is deal n's seating. Not changed once made (`then` makes
    another)."""

    __slots__ = ("_state", "deals", "next", "problems")

    def __init__(
        self,
        deals: tuple[Seating, ...],
        problems: tuple[Problem, ...],
        next: Proposal,
        state: RosterState,
    ) -> None:
        self.deals = deals
        self.problems = problems
        self.next = next
        self._state = state

    def at(self, n: int) -> Seating:
        """Deal n's seating (1-based; `next.n`: the next deal, as proposed)."""
        if n <= len(self.deals):
            return self.deals[n - 1]
        p = self.next
        return Seating(p.dealer, p.seated, p.out, p.roster, p.seats, p.out)

    def propose_out(self, dealer: str) -> tuple[str, ...]:
        """Who the rule sends out of the next deal if `dealer` deals it."""
        return self._state.propose_out(dealer)

    def then(self, dealt: Dealt, changes: Iterable[Change] = ()) -> SeatingPlan:
        """This plan and one more deal (the next), then `changes` from the deal after it:
        the same as `seat` over every deal, at the cost of one deal (and a copy of the
        seatings' tuple), for recording a deal in a long session."""
        problems = list(self.problems)
        state = self._state.copy()
        state.problems = problems
        n = self.next.n
        seating = state.seat(n, dealt, problems)
        group = list(changes)
        for change in group:
            if change.from_deal != n + 1:
                problems.append(_later(change.from_deal, n))
            elif isinstance(change, Join):
                state.ever.add(change.name)
        group = [c for c in group if c.from_deal == n + 1]
        if group:
            state.apply(group, n + 1)
        return SeatingPlan((*self.deals, seating), tuple(problems), state.proposal(n + 1), state)

    def check_next(self, dealer: str, out: Sequence[str] | None) -> tuple[Problem, ...]:
        """The problems of seating the next deal so (before recording it)."""
        problems: list[Problem] = []
        self._state.copy().seat(
            self.next.n, Dealt(dealer, out=None if out is None else tuple(out)), problems
        )
        return tuple(problems)


def seat(
    roster: Sequence[str],
    seats: int,
    deals: Iterable[Dealt],
    changes: Iterable[Change] = (),
    *,
    policy: Policy = Policy.DEALER_OUT,
    first_dealer: str | None = None,
    seats_option: str = "--seats",
) -> SeatingPlan:
    """The seating of every deal, in one pass, and the next deal's proposal.

    `roster` is the roster at deal 1 in dealing order, `seats` the table's size then,
    `changes` the roster changes (each from its deal on), `first_dealer` who deals deal 1
    (default: the first on the roster). Problems are collected, never raised; a deal with a
    problem is still seated as well as it can be so the later ones are checked too.
    `seats_option` is how the fix is spelt: `--seats` for a command, `seats =` for a file."""
    seater = Seater(
        roster,
        seats,
        changes,
        policy=policy,
        first_dealer=first_dealer,
        seats_option=seats_option,
    )
    for dealt in deals:
        seater.seat(dealt.dealer, dealt.out)
        seater.settle(dealt.passed)
    return seater.seating_plan()


class Seater:
    """`seat` one deal at a time, for whoever reads the deals: a deal's seating is needed to
    read it (its game table), and whether it was passed is known only once it is read
    (`settle`)."""

    def __init__(
        self,
        roster: Sequence[str],
        seats: int,
        changes: Iterable[Change] = (),
        *,
        policy: Policy = Policy.DEALER_OUT,
        first_dealer: str | None = None,
        seats_option: str = "--seats",
    ) -> None:
        self.problems: list[Problem] = []
        self._by_deal: dict[int, list[Change]] = {}
        joining: set[str] = set()  # who is on the roster at some deal: never on it, or not now
        for change in changes:
            self._by_deal.setdefault(change.from_deal, []).append(change)
            if isinstance(change, Join):
                joining.add(change.name)
        self._state = RosterState(roster, seats, policy, first_dealer, seats_option, self.problems)
        self._state.ever |= joining
        self._seatings: list[Seating] = []
        self._placed: Seating | None = None

    def roster(self) -> tuple[str, ...]:
        """Who is on the roster at the next deal (its roster changes applied), dealing order."""
        if self._by_deal:
            n = len(self._seatings) + 1
            group = self._by_deal.pop(n, None)
            if group:
                self._state.apply(group, n)
        return self._state.roster

    def seat(self, dealer: str, out: Sequence[str] | None = None) -> Seating:
        """The next deal's seating (its roster changes applied first); `out`: as stored, None
        for the rule's choice. `settle` must follow before the next `seat`."""
        assert self._placed is None, "settle the deal before seating the next"
        n = len(self._seatings) + 1
        if n in self._by_deal:
            self.roster()
        self._placed = self._state.place(n, dealer, out, self.problems)
        return self._placed

    def settle(self, passed: bool) -> None:
        """The deal last seated was played, or passed (or cancelled)."""
        placed = self._placed
        assert placed is not None, "seat a deal first"
        self._state.settle(placed, passed)
        self._seatings.append(placed)
        self._placed = None

    def seating_plan(self) -> SeatingPlan:
        """Every deal seated so far, the problems found, and the next deal's proposal."""
        assert self._placed is None, "settle the last deal first"
        state = self._state
        last = len(self._seatings) + 1
        group = self._by_deal.pop(last, None)
        if group:
            state.apply(group, last)
        problems = self.problems
        if self._by_deal:
            problems.extend(_later(later, last - 1) for later in sorted(self._by_deal))
            self._by_deal = {}
        return SeatingPlan(tuple(self._seatings), tuple(problems), state.proposal(last), state)


def _later(n: int, deals: int) -> Problem:
    return Problem(
        "",
        ngettext(
            "a roster change from deal {n}: with {deals} deal so far, a change takes effect from "
            "deal 1 to {last}",
            "a roster change from deal {n}: with {deals} deals so far, a change takes effect from "
            "deal 1 to {last}",
            deals,
        ).format(n=n, deals=deals, last=deals + 1),
    )
