"""Who sits at the table, deal by deal: the roster, its changes and the sit-out rule.

Pure: standard library and scorepad's error type and messages only. A game never sees any of
this: it scores a deal for the table `Seating.seated` gives. Here: the roster changes, a
deal's `Seating` and the rule's `RosterState`; the pass over the deals is `seating_plan`'s.

The rule (FFT, règlement officiel, §16, Variante n°2): with more people than seats the dealer
(le mort) deals and sits out, scoring nothing; the role moves on in dealing order; while
everybody passes, the same player deals again. `Policy.DEALER_OUT` is that rule (French
Tarot, Troggu); `Policy.DEALER_PLAYS` is Piedmontese two-handed with three or more people:
the dealer is one of the two who play, and who sits out is proposed as the previous deal's.

Readings where the rules are silent:

- The dealing order is the roster's order, a cycle. The next dealer is the next person after
  the last dealer in it, a newcomer included (one who joins right after the last dealer deals
  next); when the last dealer has left, the person who followed them deals.
- "The same player deals again" applies when the passed (or cancelled) deal's dealer sat out
  and the next deal has someone sitting out too; otherwise (people == seats, or the dealer
  plays) the deal moves on after a pass, as at a table where nobody sits out. After such a
  pass the same table is dealt again: the others who sat out are proposed again.
- More than one out: the dealer (DEALER_OUT) and whoever sat out least so far; among equals,
  the one whose turn to deal is furthest off (nearest *before* the dealer in dealing order).
  Ties broken "nearest after the dealer" would send out the very player who deals, and sits
  out, next: everybody would sit out two deals running and the counts would drift apart by 2
  within a round; broken this way they never differ by more than 1 (tests/test_seating.py).
- "Sat out least so far" counts the deals that were played: a passed or cancelled deal scores
  nobody, so sitting it out costs nothing (standings still list it as sat out: `Seating.out`
  names every deal's sitting-out dealer, passed ones included). Someone who joins starts level
  with the least so far, so an arrival does not sit out deal after deal to catch up.
- DEALER_PLAYS: the proposal is the previous deal's out, less whoever left or deals, topped up
  (or cut down, keeping those who sat out least) by the rule above when the table changes; the
  next dealer is the next after the last dealer who is not proposed to sit out, so two who
  play a match deal in turn.
- Roster changes at one deal number apply in order, then the table is checked: `join Fumiko
  --seats 5` is a `Join` and a `Resize` at the same deal and is never "too many seats" half
  way. A change takes effect from deal 1 up to the next deal (one more than the deals so far).
- An explicit `out` may leave out the dealer who sits out by rule (DEALER_OUT, someone out):
  the dealer is added, as `--out` accepts the others alone.

A deal without `out` in the file means "the rule's choice" (`Seating.stored_out`), so the
proposal is part of the file format: a later change to the proposal rule needs a format
upgrade that writes out the old choices (`docs/file-format.md`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from scorepad.errors import Problem
from scorepad.i18n import _, ngettext


class Policy(StrEnum):
    """Who sits out when there are more people than seats."""

    DEALER_OUT = "dealer-out"  # the dealer deals and sits out (FFT §16; French, Troggu)
    DEALER_PLAYS = "dealer-plays"  # the dealer plays; out as the previous deal's (Piedmont)


# The records below are immutable NamedTuples, changed with `_replace`.


class Join(NamedTuple):
    """`name` is on the roster from deal `from_deal` on, after `after` in the dealing order
    (None: last in it)."""

    from_deal: int
    name: str
    after: str | None = None


class Leave(NamedTuple):
    """`name` is off the roster from deal `from_deal` on."""

    from_deal: int
    name: str


class Resize(NamedTuple):
    """The table has `seats` seats from deal `from_deal` on."""

    from_deal: int
    seats: int


Change = Join | Leave | Resize


class Dealt(NamedTuple):
    """What a deal says about its seating: who dealt, whether it was passed or cancelled (no
    one played it, the cards are dealt again), and who sat out when that is stored."""

    dealer: str
    passed: bool = False
    out: tuple[str, ...] | None = None  # None: the rule's choice


class Seating(NamedTuple):
    """One deal's seating: its dealer, the seated players and those out, both in dealing order
    (the game's table is made of `seated`: `scorepad.model.seated_table`).

    `SeatingPlan.deals[n - 1]` is deal n's; deals seated alike share one Seating (and one
    seated tuple), so a long session costs a handful of them."""

    dealer: str
    seated: tuple[str, ...]
    out: tuple[str, ...]
    roster: tuple[str, ...]  # everyone on the roster at this deal, in dealing order
    seats: int
    proposed: tuple[str, ...]  # the rule's choice of out for this deal, given its dealer

    @property
    def stored_out(self) -> tuple[str, ...] | None:
        """What the file must keep for this deal: None when the rule's choice applies."""
        return None if self.out == self.proposed else self.out


class Proposal(NamedTuple):
    """The next deal as the rule would seat it."""

    n: int
    dealer: str
    out: tuple[str, ...]
    seated: tuple[str, ...]
    roster: tuple[str, ...]
    seats: int


def _deal(n: int) -> str:
    return _("deal {n}").format(n=n)


class RosterState:
    """The running state of one pass over the deals (`scorepad.seating_plan`): the roster as
    it stands, the table's size, who sat out how often, and whose turn it is to deal.
    Mutable while the pass runs (`apply`, `place`, `settle`), copied (`copy`) for what it
    hands out; `problems` collects what it finds, each naming its deal."""

    def __init__(
        self,
        roster: Sequence[str],
        seats: int,
        policy: Policy,
        first_dealer: str | None,
        seats_option: str,
        problems: list[Problem],
    ) -> None:
        self.policy = policy
        self.option = seats_option
        self.problems = problems
        order: list[str] = []
        for name in roster:
            if name in order:
                problems.append(
                    Problem("players", _("{name} is on the roster twice").format(name=name))
                )
            else:
                order.append(name)
        self.order = order
        self.ever = set(order)
        self.seats = max(seats, 1)
        self.counts = dict.fromkeys(order, 0)  # sat out of played deals, for the proposal
        self._reindex()
        if seats < 1:
            problems.append(
                Problem(
                    seats_option,
                    _("the table needs at least one seat, not {seats}").format(seats=seats),
                )
            )
        elif len(order) < seats:
            problems.append(Problem(seats_option, self._too_few(None)))
        if first_dealer is None:
            first_dealer = order[0] if order else None
        elif first_dealer not in self.index:
            problems.append(Problem("dealer", self._not_here(first_dealer, dealer=True)))
            first_dealer = order[0] if order else None
        # the next dealer is `pointer` itself (inclusive) or the one after it in the order
        self.pointer: str | None = first_dealer
        self.inclusive = True
        self.redeal = False  # the last deal passed and its dealer sat out
        self.last_out: tuple[str, ...] = ()

    def copy(self) -> RosterState:
        """A state of its own to go on from."""
        other = copy.copy(self)
        other.order = list(self.order)
        other.ever = set(self.ever)
        other.counts = dict(self.counts)
        other.index = dict(self.index)
        return other  # the seatings of this roster are shared, not copied

    def _reindex(self) -> None:
        self.roster = tuple(self.order)
        self.index = {name: i for i, name in enumerate(self.order)}
        self.seatings: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Seating] = {}
        self.over = max(0, len(self.order) - self.seats)  # how many sit out

    # -- the roster's changes ---------------------------------------------------------------

    def apply(self, group: Sequence[Change], n: int) -> None:
        """The roster changes from deal n, in order; then the table is checked once."""
        where = _deal(n)
        leaver: str | None = None
        resized = False
        for change in group:
            if isinstance(change, Join):
                self._join(change, where)
            elif isinstance(change, Leave):
                if self._leave(change, where):
                    leaver = change.name
            elif change.seats < 1:
                self.problems.append(
                    Problem(
                        where,
                        _("the table needs at least one seat, not {seats}").format(
                            seats=change.seats
                        ),
                    )
                )
            else:
                self.seats = change.seats
                resized = True
        self._reindex()
        if len(self.order) < self.seats:
            self.problems.append(Problem(where, self._too_few(None if resized else leaver)))

    def _join(self, change: Join, where: str) -> None:
        name = change.name
        if name in self.index:
            self.problems.append(
                Problem(where, _("{name} joins but is already on the roster").format(name=name))
            )
            return
        if change.after is not None and change.after not in self.index:
            self.problems.append(
                Problem(
                    where,
                    _(
                        "{name} joins after {after}, who is not on the roster (roster: {roster})"
                    ).format(name=name, after=change.after, roster=self._listed()),
                )
            )
            return
        at = len(self.order) if change.after is None else self.index[change.after] + 1
        self.counts[name] = min((self.counts[p] for p in self.order), default=0)
        self.order.insert(at, name)
        self.index = {p: i for i, p in enumerate(self.order)}

    def _leave(self, change: Leave, where: str) -> bool:
        name = change.name
        if name not in self.index:
            self.problems.append(
                Problem(
                    where,
                    _("{name} leaves but is not on the roster (roster: {roster})").format(
                        name=name, roster=self._listed()
                    ),
                )
            )
            return False
        i = self.index[name]
        if self.pointer == name:  # the one who followed them deals next
            follower = self.order[(i + 1) % len(self.order)]
            self.pointer, self.inclusive = (None if follower == name else follower), True
        del self.order[i]
        del self.counts[name]
        self.index = {p: j for j, p in enumerate(self.order)}
        return True

    def _too_few(self, leaver: str | None) -> str:
        people = len(self.order)
        if leaver is not None:
            return ngettext(
                "leaving {name} leaves {people} person at a {seats}-seat table: "
                "add {option} {people}",
                "leaving {name} leaves {people} people at a {seats}-seat table: "
                "add {option} {people}",
                people,
            ).format(name=leaver, people=people, seats=self.seats, option=self.option)
        return ngettext(
            "{seats} seats for {people} person: give {option} {people} at most",
            "{seats} seats for {people} people: give {option} {people} at most",
            people,
        ).format(seats=self.seats, people=people, option=self.option)

    def _listed(self) -> str:
        return _(", ").join(self.order)

    def _not_here(self, name: str, *, dealer: bool) -> str:
        roster = self._listed()
        if name not in self.ever:
            text = (
                _("dealer {name} was never on the roster (roster: {roster})")
                if dealer
                else _("{name}, listed out, was never on the roster (roster: {roster})")
            )
        else:
            text = (
                _("dealer {name} is not on the roster at this deal (roster: {roster})")
                if dealer
                else _("{name}, listed out, is not on the roster at this deal (roster: {roster})")
            )
        return text.format(name=name, roster=roster)

    # -- one deal ---------------------------------------------------------------------------

    def seat(self, n: int, dealt: Dealt, problems: list[Problem]) -> Seating:
        """Deal n seated as `dealt` says (`place`, then `settle`); its problems to `problems`."""
        seating = self.place(n, dealt.dealer, dealt.out, problems)
        self.settle(seating, dealt.passed)
        return seating

    def place(
        self, n: int, dealer: str, given: Sequence[str] | None, problems: list[Problem]
    ) -> Seating:
        """Deal n's seating; whether it was passed is told afterwards (`settle`)."""
        valid = dealer in self.index
        if not valid:
            problems.append(Problem(_deal(n), self._not_here(dealer, dealer=True)))
        proposed = self.propose_out(dealer) if self.over else ()
        out = proposed if given is None else self._given(n, dealer, given, problems)
        if valid:
            self.pointer, self.inclusive = dealer, False
        self.last_out = out
        # deals seated alike share one Seating: a long session holds a handful of them
        key = (dealer, out, proposed)
        if key not in self.seatings:
            seated = tuple(p for p in self.order if p not in out)
            self.seatings[key] = Seating(dealer, seated, out, self.roster, self.seats, proposed)
        return self.seatings[key]

    def settle(self, seating: Seating, passed: bool) -> None:
        """The deal just placed was played (those out sat out one more) or passed."""
        if not passed:
            for p in seating.out:
                self.counts[p] += 1
            if self.redeal and seating.dealer in self.index:
                self.redeal = False
        elif seating.dealer in self.index:
            self.redeal = self.policy is Policy.DEALER_OUT and seating.dealer in seating.out

    def _given(
        self, n: int, dealer: str, given: Sequence[str], problems: list[Problem]
    ) -> tuple[str, ...]:
        where = _deal(n)
        chosen: set[str] = set()
        for name in given:
            if name in chosen:
                problems.append(Problem(where, _("{name} is listed out twice").format(name=name)))
            elif name not in self.index:
                problems.append(Problem(where, self._not_here(name, dealer=False)))
            chosen.add(name)
        chosen &= self.index.keys()
        over = self.over
        if dealer in self.index:
            if self.policy is Policy.DEALER_PLAYS and dealer in chosen:
                problems.append(
                    Problem(
                        where,
                        _(
                            "{dealer} deals, and the dealer plays at this "
                            "table: the dealer cannot sit out"
                        ).format(dealer=dealer),
                    )
                )
            elif self.policy is Policy.DEALER_OUT and over:
                chosen.add(dealer)
        out = self._in_order(chosen)
        if len(out) != over and len(self.order) >= self.seats:
            problems.append(
                Problem(
                    where,
                    _(
                        "{people} people at a {seats}-seat table leave {over} out, not {k} ({out})"
                    ).format(
                        people=len(self.order),
                        seats=self.seats,
                        over=over,
                        k=len(out),
                        out=_(", ").join(out) or _("nobody"),
                    ),
                )
            )
        return out

    # -- proposals ----------------------------------------------------------------------------

    def _in_order(self, names: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(names, key=self.index.__getitem__))

    def propose_out(self, dealer: str) -> tuple[str, ...]:
        """Who the rule sends out of the next deal if `dealer` deals it (dealing order)."""
        over = self.over
        if not over:
            return ()
        present = dealer in self.index
        if self.policy is Policy.DEALER_OUT and present:
            if over == 1:
                return (dealer,)
            chosen = [dealer]
        else:
            chosen = []
        # everyone but the dealer, the one whose turn to deal is furthest off first
        if present:
            b = self.index[dealer]
            furthest = self.order[b - 1 :: -1] + self.order[:b:-1] if b else self.order[:0:-1]
        else:
            furthest = self.order[::-1]
        least = self.counts.__getitem__  # sorted and min are stable: the furthest wins ties
        need = over - len(chosen)
        if self.policy is Policy.DEALER_PLAYS or self.redeal:  # the same table again
            kept = set(self.last_out)
            carry = [p for p in furthest if p in kept]
            if len(carry) > need:
                carry = sorted(carry, key=least)[:need]
            chosen += carry
            need -= len(carry)
            if carry:
                furthest = [p for p in furthest if p not in kept]
        if need == 1 and furthest:
            chosen.append(min(furthest, key=least))
        elif need > 1:
            chosen += sorted(furthest, key=least)[:need]
        return self._in_order(chosen)

    def proposal(self, n: int) -> Proposal:
        """Deal n (the next) as the rule would seat it."""
        dealer = self.propose_dealer()
        out = self.propose_out(dealer)
        seated = tuple(p for p in self.order if p not in out)
        return Proposal(n, dealer, out, seated, self.roster, self.seats)

    def propose_dealer(self) -> str:
        """Who deals the next deal: with DEALER_OUT the one in turn; with DEALER_PLAYS the
        first in turn who did not sit out the previous deal."""
        pointer = self.pointer
        if pointer is None or pointer not in self.index:
            return self.order[0] if self.order else ""
        order, size = self.order, len(self.order)
        i = self.index[pointer]
        if not (self.inclusive or (self.redeal and self.over)):
            i = (i + 1) % size
        if self.policy is Policy.DEALER_OUT:
            return order[i]
        avoid = set(self.last_out)
        for step in range(size):
            name = order[(i + step) % size]
            if name not in avoid:
                return name
        return order[i]
