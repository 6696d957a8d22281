"""Settling up: the fewest payments that square an evening's balances, in exact money.

Pure functions. Balances come from the standings (points or chips) times a rate; each is
rounded to the currency's cents so that they still add up to zero, and every cent moved by
that rounding is named. Then the fewest payments: n players with non-zero balances need
n − g payments, g being the largest number of groups that each add up to zero on their own
(found exactly for up to 12 players, by a search over subsets; greedily beyond).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from scorepad.i18n import _
from scorepad.model import Outcome
from scorepad.ranking import Standing

CENT = Decimal("0.01")
EXACT_UP_TO = 12  # players with a balance: 12 × 2^12 steps are instant


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    rate: Decimal
    balances: Mapping[str, Decimal]  # each player's money, rounded to cents, summing to 0
    exact: Mapping[str, Decimal]  # before rounding
    rounding: tuple[tuple[str, Decimal], ...]  # a cent given or taken so the sum stays 0
    payments: tuple[Payment, ...]


def settle(totals: Mapping[str, int | Decimal], rate: Decimal, cent: Decimal = CENT) -> Settlement:
    """Who pays whom, for standings `totals` (which add up to zero) at `rate` per unit."""
    if sum(totals.values()) != 0:
        raise ValueError(_("the totals do not add up to zero"))
    exact = {p: Decimal(t) * rate for p, t in totals.items()}
    balances = {p: x.quantize(cent, ROUND_HALF_EVEN) for p, x in exact.items()}
    rounding: list[tuple[str, Decimal]] = []
    left = sum(balances.values())  # what rounding made up or lost, in whole cents
    while left != 0:
        step = cent if left < 0 else -cent
        # the cent goes to (or comes from) whoever rounding treated worst for it
        who = max(balances, key=lambda p: ((exact[p] - balances[p]) * (1 if step > 0 else -1), p))
        balances[who] += step
        rounding.append((who, step))
        left += step
    assert sum(balances.values()) == 0
    return Settlement(rate, balances, exact, tuple(rounding), tuple(fewest_payments(balances)))


def against_the_others(totals: Mapping[str, int]) -> dict[str, int]:
    """A game that is not zero-sum (Piedmont: every deal gives out 91 points) is settled on
    the differences: each player's total against each other player's, n·t − Σ. With two
    players the one behind pays the difference of the totals."""
    everyone = sum(totals.values())
    return {p: len(totals) * t - everyone for p, t in totals.items()}


def deal_by_deal(
    rows: Sequence[Standing], outcomes: Iterable[Outcome], *, per_game: bool
) -> dict[str, int]:
    """Each player against the others seated at the same deal, deal by deal, summed: the
    settlement of a game that is not zero-sum when not everyone plays every deal (someone
    who sat a deal out neither pays nor receives for it). Over a fixed table it is exactly
    `against_the_others` of the totals. `per_game`: a deal won counts 1."""
    names = {r.name.casefold(): r.name for r in rows}
    totals = dict.fromkeys(names.values(), 0)
    for outcome in outcomes:
        scores = outcome.scores
        if per_game:
            scores = {p: int(p in outcome.winners) for p in scores}
        seated, everyone = len(scores), sum(scores.values())
        for p, value in scores.items():
            totals[names[p.casefold()]] += seated * value - everyone
    return totals


def settle_standings(
    rows: Sequence[Standing],
    rate: Decimal | None = None,
    *,
    per_game: bool = False,
    zero_sum: bool = True,
    outcomes: Iterable[Outcome] | None = None,
) -> Settlement:
    """Who pays whom after the standings `rows`: on their totals, or with `per_game`
    (Piedmont) on the deals each player won, against the others' (as a game that is not
    `zero_sum` is on its points). Without a rate, in the game's own unit, exactly; with one,
    in money rounded to cents. `outcomes`: every deal's (of sessions where not everyone plays
    every deal): a game that is not zero-sum is then settled deal by deal among those seated
    (`deal_by_deal`); a zero-sum game's totals already are that sum."""
    if outcomes is not None and (per_game or not zero_sum):
        totals = deal_by_deal(rows, outcomes, per_game=per_game)
    elif per_game:
        totals = against_the_others({r.name: r.won for r in rows})
    else:
        totals = {r.name: r.total for r in rows}
        if not zero_sum:  # the player behind pays the difference
            totals = against_the_others(totals)
    if rate is None:
        return settle(totals, Decimal(1), Decimal(1))
    return settle(totals, rate, CENT)


def fewest_payments(balances: Mapping[str, Decimal]) -> list[Payment]:
    """Payments that bring every balance to zero (positive: is owed money), as few as can be."""
    people = sorted((p for p, x in balances.items() if x != 0), key=lambda p: (balances[p], p))
    if len(people) > EXACT_UP_TO:
        return _greedy(people, balances)
    payments: list[Payment] = []
    for group in _zero_groups(people, balances):
        payments.extend(_greedy(group, balances))
    return payments


def _zero_groups(people: list[str], balances: Mapping[str, Decimal]) -> list[list[str]]:
    """The largest partition of people into groups whose balances add up to zero.

    Take the people in some order and close a group whenever the running sum is zero: the
    best order gives the most groups. best[mask] is that number for the people in mask."""
    n = len(people)
    total = [Decimal(0)] * (1 << n)
    best = [0] * (1 << n)
    last = [0] * (1 << n)  # who comes last in the best order of mask
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + balances[people[low]]
        top, who = -1, 0
        for i in range(n):
            if mask >> i & 1 and best[mask ^ (1 << i)] > top:
                top, who = best[mask ^ (1 << i)], i
        best[mask], last[mask] = top + (total[mask] == 0), who
    groups: list[list[str]] = []
    current: list[str] = []
    mask = (1 << n) - 1
    while mask:
        current.append(people[last[mask]])
        mask ^= 1 << last[mask]
        if total[mask] == 0:  # the people left add up to zero: a group is closed
            groups.append(current)
            current = []
    return groups


def _greedy(group: list[str], balances: Mapping[str, Decimal]) -> list[Payment]:
    """The largest debt paid to the largest claim, again and again: at most len − 1 payments
    for a group that adds up to zero."""
    owe = {p: balances[p] for p in group}
    payments = []
    while True:
        debtors = [p for p in owe if owe[p] < 0]
        creditors = [p for p in owe if owe[p] > 0]
        if not debtors or not creditors:
            break
        payer = min(debtors, key=lambda p: (owe[p], p))
        payee = max(creditors, key=lambda p: (owe[p], p))
        amount = min(-owe[payer], owe[payee])
        payments.append(Payment(payer, payee, amount))
        owe[payer] += amount
        owe[payee] -= amount
    return payments
