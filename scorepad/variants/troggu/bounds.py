"""Troggu's card counts: every bound below comes from the deck, the Tapp and the hands (the
points a side can have with so many tricks, and the tricks the entered cards prove)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scorepad.cards import FOOL_CARD, KING, SUITS, Card, count_pile, holding_range, trump
from scorepad.variants.troggu.entry import DECK, TAPP, TOTAL, TrogguEntry


def hand_size(players: int) -> int:
    return (DECK.size - TAPP[players]) // players


@functools.cache
def most_valuable(n: int) -> Decimal:
    """The most n cards of the deck can be worth (the Tapp's points are at most this)."""
    return sum(sorted(DECK.values.values(), reverse=True)[:n], Decimal(0))


KINGS = tuple(Card(suit, KING) for suit in SUITS)


def discardable(card: Card) -> bool:
    """The Tappist may not discard a 5-point card (except all four kings together)."""
    return DECK.value(card) < 5


@functools.cache  # a few dozen cases, asked for every deal of a file
def tappist_range(bid: str, players: int, tricks: int) -> tuple[Decimal, Decimal]:
    """What the Tappist's side can hold after `tricks` tricks: the trick cards plus the Tapp
    (Solo: as dealt) or the discard (a Tapp game: no 5-point card, or all four kings)."""
    free, tapp = tricks * players, TAPP[players]
    if bid == "solo":
        span = holding_range(DECK, free + tapp)
        assert span is not None
        return span
    spans = [
        holding_range(DECK, free, tapp, eligible=discardable),
        holding_range(DECK, free, tapp - 4, eligible=discardable, fixed=KINGS),
    ]
    found = [x for x in spans if x is not None]
    return min(x[0] for x in found), max(x[1] for x in found)


def misere_fits(players: int, points: Decimal) -> bool:
    """Whether one player can take `points` in a misère: the cards of some number of tricks
    (one card from each player a trick, each worth at least 1)."""
    return any(
        t * players <= points <= most_valuable(t * players) for t in range(hand_size(players) + 1)
    )


@functools.cache
def misere_tapp_range(players: int) -> tuple[Decimal, Decimal]:
    """What the Tapp left aside in a misère is worth. With 7 or 8 players a misère happens
    only when the Bättler and trump 1 are both in the Tapp."""
    tapp = TAPP[players]
    if players >= 7:
        span = holding_range(DECK, tapp - 2, fixed=(FOOL_CARD, trump(1)))
    else:
        span = holding_range(DECK, tapp)
    assert span is not None
    return span


@functools.cache
def points_fit(bid: str, players: int, tricks: int, points: Decimal) -> bool:
    """Whether the Tappist's side can hold `points` after `tricks` tricks: its own cards
    within `tappist_range`, and the opponents' cards (every other trick) within what that
    many cards can be worth (none, or at least one point a card)."""
    least, most = tappist_range(bid, players, tricks)
    cards = (hand_size(players) - tricks) * players
    return least <= points <= most and cards <= TOTAL - points <= most_valuable(cards)


def pile_cards(players: int, tricks: int, side: str) -> int:
    """How many cards a side's pile holds when the Tappist's side took `tricks` tricks:
    a trick holds one card from each player; the Tappist's pile holds the discard (or the
    Tapp) too."""
    if side == "tappist":
        return players * tricks + TAPP[players]
    return players * (hand_size(players) - tricks)


@dataclass(frozen=True)
class TrickProof:
    """What the entered deal proves about the tricks of the Tappist's side, found once and
    used by the checks and the scoring alike.

    `counts`: the trick counts still possible, in order (empty: none; the checks refuse it).
    `how`: what fixed the count when only one is left: "tricks" (entered), "fool" (a lost
    Bättler), "pile" (the listed pile's size) or "points"; "" while it stays open.
    `failed`: the step that left no count ("pile" or "points"), `before`: the counts it had.
    """

    counts: tuple[int, ...]
    how: str = ""
    failed: str = ""
    before: tuple[int, ...] = ()

    @property
    def tricks(self) -> int | None:
        return self.counts[0] if len(self.counts) == 1 else None


def pile_size(e: TrogguEntry) -> int | None:
    if e.cards is None:
        return None
    return len(e.cards) if e.pile is None else e.pile


def entered_points(e: TrogguEntry) -> Decimal:
    if e.cards is None:
        assert e.points is not None
        return e.points
    counted = count_pile(DECK, e.cards, e.pile).points
    return counted if e.side == "tappist" else TOTAL - counted


def prove_tricks(e: TrogguEntry, players: int, points: Decimal | None = None) -> TrickProof:
    """The Tappist side's possible trick counts, narrowed by each thing entered in turn
    (`points`: the Tappist side's points, when the caller has counted them already)."""
    lost_by_mine = None  # a lost Bättler: whether the Tappist's side lost it
    if e.fool_exchange == "lost" and e.fool is not None:
        lost_by_mine = e.fool in e.team()
    return _proof(
        e.bid,
        players,
        e.tricks,
        lost_by_mine,
        pile_size(e),
        e.side,
        entered_points(e) if points is None else points,
    )


@functools.lru_cache(maxsize=4096)  # a file's deals repeat a few thousand cases
def _proof(
    bid: str,
    players: int,
    tricks: int | None,
    lost_by_mine: bool | None,
    size: int | None,
    side: str,
    points: Decimal,
) -> TrickProof:
    """`prove_tricks` of what it reads of an entry."""
    hand = hand_size(players)
    counts, how = tuple(range(hand + 1)), ""
    steps: list[tuple[str, Any]] = []
    if tricks is not None:
        steps.append(("tricks", lambda t: t == tricks))
    if lost_by_mine is not None:  # the side that loses it took none
        steps.append(("fool", lambda t: (t if lost_by_mine else hand - t) == 0))
    if size is not None:
        steps.append(("pile", lambda t: pile_cards(players, t, side) == size))
    steps.append(("points", lambda t: points_fit(bid, players, t, points)))
    for step, keep in steps:
        left = tuple(t for t in counts if keep(t))
        if not left:
            if step in ("tricks", "fool"):  # entered against each other: _check_fool says so
                continue
            return TrickProof((), failed=step, before=counts)
        if len(left) == 1 and len(counts) > 1:
            how = step
        counts = left
    return TrickProof(counts, how)


@functools.cache
def point_spans(bid: str, players: int) -> tuple[tuple[Decimal, Decimal], ...]:
    """The Tappist side's possible points over every trick count, as disjoint spans."""
    possible = [
        p
        for p in range(TOTAL + 1)
        if any(points_fit(bid, players, t, Decimal(p)) for t in range(hand_size(players) + 1))
    ]
    spans: list[list[int]] = []
    for p in possible:
        if spans and spans[-1][1] == p - 1:
            spans[-1][1] = p
        else:
            spans.append([p, p])
    return tuple((Decimal(lo), Decimal(hi)) for lo, hi in spans)
