"""French Tarot's card counts: every bound below comes from the deck, the dog and the hands
(the points and pile sizes a side can have, with or without a slam or an owed Excuse)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from scorepad.cards import FOOL_CARD, HALF, KING, Card, holding_range
from scorepad.i18n import _
from scorepad.text import plural, span
from scorepad.variants.french.entry import DECK, OTHER, SIDE_NAMES, TOTAL, FrenchEntry


def dog_size(players: int) -> int:
    """The dog (chien): 6 cards with 3 or 4 players, 3 with 5."""
    return 3 if players == 5 else 6


def tricks_in_deal(players: int) -> int:
    """Each player's hand, so the number of tricks: 24, 18 or 15."""
    return (DECK.size - dog_size(players)) // players


def dog_side(contract: str) -> str:
    """The side the dog's (or the discard's) points count for."""
    return "defence" if contract == "garde-contre" else "attack"


def discardable(card: Card) -> bool:
    """What the taker may put in his discard: no king, no bout."""
    return card not in DECK.bouts and card.rank != KING


def dog_holding(contract: str, players: int) -> tuple[int, int, Any]:
    """The dog as part of a side's holding: (free cards, restricted cards, eligible).

    In a petite or garde the taker's discard is his choice within the rules (no king, no
    bout); in a garde sans or garde contre the dog is as dealt, any cards."""
    if contract in ("petite", "garde"):
        return 0, dog_size(players), discardable
    return dog_size(players), 0, (lambda card: True)


def slam_side_points(e: FrenchEntry, players: int, owed: bool) -> tuple[Decimal, Decimal] | None:
    """With a slam: the taker side's card points as counted (before an owed Excuse's half
    point), from what the other side can hold: the dog where it counts for that side, and
    the Excuse it played and kept, owing the card (it took no trick to give one from)."""
    assert e.slam is not None and e.bouts is not None
    return _slam_side_points(e.contract, e.bouts, e.slam, players, owed)


@functools.cache  # a few dozen cases, asked for every deal of a file
def _slam_side_points(
    contract: str, bouts: int, slam: str, players: int, owed: bool
) -> tuple[Decimal, Decimal] | None:
    other = OTHER[slam]
    free, restricted, eligible = (0, 0, discardable)
    if dog_side(contract) == other:
        free, restricted, eligible = dog_holding(contract, players)
    other_bouts = 3 - bouts if other == "defence" else bouts
    fixed = (FOOL_CARD,) if owed else ()
    held = holding_range(DECK, free, restricted, eligible=eligible, bouts=other_bouts, fixed=fixed)
    if held is None:
        return None
    if other == "attack":
        return held
    return TOTAL - held[1], TOTAL - held[0]


def plain_side_points(
    e: FrenchEntry, players: int, owed_by: str | None = None
) -> tuple[Decimal, Decimal]:
    """Without a slam: the taker side's points as counted, each side having taken at least
    one trick of `players` cards, with the dog where it counts. With an owed Excuse, its
    owner's side holds it besides its tricks, and the other side's trick lacks that card."""
    assert e.bouts is not None
    return _plain_side_points(e.contract, e.bouts, players, owed_by)


@functools.cache
def _plain_side_points(
    contract: str, taker_bouts: int, players: int, owed_by: str | None = None
) -> tuple[Decimal, Decimal]:
    least = []
    for side, bouts in (("attack", taker_bouts), ("defence", 3 - taker_bouts)):
        free, restricted, eligible = players, 0, discardable
        fixed = (FOOL_CARD,) if owed_by == side else ()
        if owed_by == OTHER[side]:
            free -= 1  # the trick the Excuse was played to, with no card given for it
        if dog_side(contract) == side:
            dog_free, restricted, eligible = dog_holding(contract, players)
            free += dog_free
        held = None
        while held is None and free <= DECK.size:  # the fewest cards that hold those bouts
            held = holding_range(
                DECK, free, restricted, eligible=eligible, bouts=bouts, fixed=fixed
            )
            free += 1
        least.append(held[0] if held else Decimal(TOTAL))
    return least[0], TOTAL - least[1]


def owed_low_cards(e: FrenchEntry, players: int, owner: str) -> int:
    """The fewest low cards the tricks of the owed Excuse's side can hold, from the listed
    pile: its low cards less those the taker's discard or the dog can hold, where they
    count for that side (they are not tricks, so no card is given from them)."""
    assert e.cards is not None
    size = len(e.cards) if e.pile is None else e.pile
    counting = sum(1 for c in e.cards if DECK.value(c) != DECK.low)
    if e.side == owner:
        low = size - counting
    else:
        all_counting = sum(1 for v in DECK.values.values() if v != DECK.low)
        low = (DECK.size - size) - (all_counting - counting)
    dog = dog_size(players) if dog_side(e.contract) == owner else 0
    return max(low - dog, 0)


def pile_sizes(e: FrenchEntry, players: int, side: str, owed_by: str | None) -> tuple[int, ...]:
    """How many cards a side's pile can hold: whole tricks, the dog where it counts for that
    side, and one card more (the owner's side) or less when the Excuse was owed."""
    return _pile_sizes(players, e.slam, dog_side(e.contract) == side, side, owed_by)


@functools.cache  # a few dozen cases: every pile of a big file asks one of them
def _pile_sizes(
    players: int, slam: str | None, with_dog: bool, side: str, owed_by: str | None
) -> tuple[int, ...]:
    hand = tricks_in_deal(players)
    # with a slam one side took every trick; without one, each side took at least one
    attack_tricks = [hand if slam == "attack" else 0] if slam else list(range(1, hand))
    dog = dog_size(players) if with_dog else 0
    delta = 0 if owed_by is None else (1 if owed_by == side else -1)
    tricks = attack_tricks if side == "attack" else [hand - t for t in attack_tricks]
    return tuple(sorted(players * t + dog + delta for t in tricks))


def within_span(points: Decimal, span: tuple[Decimal, Decimal] | None) -> bool:
    """Whether `points` lies in `span` (the side's least and most card points, None: none
    possible) a whole number of points from its least: a half point away only where the
    span itself starts on a half (used by `checks` for the slams)."""
    return span is not None and span[0] <= points <= span[1] and (points - span[0]) % 1 == 0


def slam_choices(e: FrenchEntry, players: int) -> str:
    """What the taker's side can have with this slam, bouts by bouts, for an error message."""
    parts = []
    for bouts in (3, 2, 1, 0):
        case = replace(e, bouts=bouts)
        for owed in (False, True):
            held = slam_side_points(case, players, owed)
            if held is None or (owed and e.fool_exchange in ("given", "lost")):
                continue  # only what the entered deal allows
            # typed without --fool-exchange, an owed Excuse's points may carry its half point
            # already (the FFT's 87); with --fool-exchange owed, they are as counted
            moved = owed and e.fool_exchange is None
            shift = (HALF if e.slam == "attack" else -HALF) if moved else Decimal(0)
            lo, hi = held[0] + shift, held[1] + shift
            shown = span(lo, hi)
            why = ""
            if owed:
                why = (
                    _(" (the Excuse kept by {side_names}, owed)")
                    if moved
                    else _(" (the Excuse kept by {side_names}, owed, as counted)")
                ).format(side_names=_(SIDE_NAMES[OTHER[e.slam or "attack"]]))
            parts.append(
                _("{shown} with {bouts}{why}").format(
                    shown=shown, bouts=plural(bouts, "bout"), why=why
                )
            )
    return "; ".join(parts) if parts else _("no possible points")


def sizes_text(sizes: Sequence[int]) -> str:
    if len(sizes) <= 4:
        return ", ".join(map(str, sizes))
    return f"{sizes[0]}, {sizes[1]}, {sizes[2]}, …, {sizes[-1]}"
