"""French Tarot for 3, 4 or 5 players, as ../shared/rules/french.md describes it.

`FRENCH` states what French Tarot's `base.DeclarerGame` does not share with the other game;
beside it, in order: the card counts, reading a deal with every check across its fields,
scoring, and the rules as a player reads them. The words, numbers and entry live in
`entry`, the statistics in `stats`."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    HALF,
    KING,
    Card,
    PileCount,
    count_pile,
    describe_pile,
    display_order,
    holding_range,
    trump,
)
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _, ngettext
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, points_of, scores_line, shown, signed, span
from scorepad.variants.base import (
    Contest,
    DeclarerGame,
    Field,
    Variant,
    check_outcome,
    compact,
    fool_fields,
    pile_fields,
    sizes_text,
    with_prompts,
    with_words,
)
from scorepad.variants.figures import GameStats
from scorepad.variants.french.entry import (
    CONTRACT_ALIASES,
    CONTRACT_NAMES,
    CONTRACT_WORDS,
    CONTRACTS,
    DECK,
    FFT,
    HANDFUL_NAMES,
    HANDFUL_THRESHOLDS,
    HANDFUL_WORDS,
    MAX_TRUMPS,
    MULTIPLIERS,
    NO_SCORE,
    OTHER,
    PILE_NAMES,
    REPLACES,
    ROUNDING,
    SEED,
    SIDE_ALIASES,
    SIDE_NAMES,
    SIDES,
    TARGETS,
    TOTAL,
    FrenchEntry,
    handful_thresholds,
    multiplier,
    rounded_margin,
)
from scorepad.variants.reader import Reader, fool_event_complete, fool_pile_problem, resolve_choice

# --- card counts: the points and pile sizes a side can have, from the deck, the dog and the hands


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


# --- checks across the fields: the Excuse, piles, points, slams and the petit au bout --------


def excuse_sides(e: FrenchEntry) -> tuple[str, str] | None:
    """(owner's side, trick winner's side) of a recorded Excuse event, else None.

    A slam's owed Excuse may be recorded without names: it is the other side's, kept
    with no trick to give a card from."""
    if e.fool_exchange is None:
        return None
    if e.fool is None or e.fool_winner is None:
        assert e.slam is not None
        return OTHER[e.slam], e.slam
    attack = e.attackers()
    return (
        "attack" if e.fool in attack else "defence",
        "attack" if e.fool_winner in attack else "defence",
    )


def owed_by(e: FrenchEntry) -> str | None:
    """The side that kept the Excuse without giving a card for it, if any."""
    sides = excuse_sides(e)
    return sides[0] if sides and e.fool_exchange == "owed" else None


def check_fool(r: Reader, e: FrenchEntry) -> None:
    """The Excuse event, given in full, against the sides, a slam and the listed cards."""
    if e.fool is not None and e.fool == e.fool_winner:
        r.add(
            _("{fool} played the Excuse and cannot have won its trick").format(fool=e.fool),
            "fool_winner",
        )
        return
    sides = excuse_sides(e)
    assert sides is not None
    owner, winner = sides
    if e.fool_exchange in ("owed", "lost") and owner == winner:
        r.add(
            _(
                "an Excuse {fool_exchange} goes to the other side, but {fool} and "
                "{fool_winner} play on the same side"
            ).format(fool_exchange=e.fool_exchange, fool=e.fool, fool_winner=e.fool_winner),
            "fool_winner",
        )
        return
    if e.slam is not None and owner != e.slam and e.fool_exchange == "given":
        r.add(
            _(
                "with a slam by {side_names}, {side_names2} took no trick to give a card "
                "from: the Excuse was owed (--fool-exchange owed)"
            ).format(side_names=_(SIDE_NAMES[e.slam]), side_names2=_(SIDE_NAMES[owner])),
            "fool_exchange",
        )
        return
    # which side ends up holding the Excuse
    holder_attacks = (winner if e.fool_exchange == "lost" else owner) == "attack"
    holder = _("taker's side") if holder_attacks else _("defence")
    if e.cards is not None:
        pile_owner = _("the taker's side") if e.side == "attack" else _("the defence")
        problem = fool_pile_problem(
            FOOL_CARD,
            "Excuse",
            e.cards,
            pile_owner,
            _("the {holder}").format(holder=holder),
            str(e.fool_exchange),
        )
        if problem:
            r.add(problem, "fool_exchange")
    elif e.bouts is not None and (e.bouts == 0 if holder_attacks else e.bouts == 3):
        r.add(
            _(
                "bouts {bouts} cannot be: with --fool-exchange {fool_exchange} the Excuse, a "
                "bout, is with the {holder}"
            ).format(bouts=e.bouts, fool_exchange=e.fool_exchange, holder=holder),
            "fool_exchange",
        )


def check_counts(r: Reader, e: FrenchEntry, n: int) -> FrenchEntry:
    """Piles, points, slams and the petit au bout against what the cards allow.

    Returns the entry, with a slam's owed Excuse made explicit when the points were
    typed with its half point already moved (87 with 2 bouts, as the FFT prints it)."""
    if e.cards is not None:
        e = check_pile(r, e, n)
    elif e.slam is not None:
        e = check_slam_points(r, e, n)
    else:
        check_plain_points(r, e, n)
    check_petit(r, e)
    return e


def check_plain_points(r: Reader, e: FrenchEntry, n: int) -> None:
    """Without a slam each side took a trick: neither holds (almost) every card."""
    assert e.points is not None and e.bouts is not None
    lo, hi = plain_side_points(e, n, owed_by(e))
    if lo <= e.points <= hi:
        return
    slams = [side for side in SIDES if slam_fits(e, n, side)]
    hint = _("; with --slam {slams} it can be").format(slams=slams[0]) if slams else ""
    asked = _("; it can be a slam by {side}").format(side=_(SIDE_NAMES[slams[0]])) if slams else ""
    message = _(
        "{points} with {bouts} cannot be without a slam: each side took at "
        "least one trick ({lo}){hint}"
    )
    what, said = (
        message.format(
            points=points_of(e.points), bouts=plural(e.bouts, "bout"), lo=span(lo, hi), hint=h
        )
        for h in (hint, asked)
    )
    r.add(what, "slam" if slams else "points", said)


def check_pile(r: Reader, e: FrenchEntry, n: int) -> FrenchEntry:
    assert e.cards is not None
    size = len(e.cards) if e.pile is None else e.pile
    owed = owed_by(e)
    sizes = pile_sizes(e, n, e.side, owed)
    if size in sizes:
        check_no_trick_side(r, e)
        check_owed_low_cards(r, e, n)
        return e
    if (
        e.slam is not None
        and e.fool_exchange is None
        and size in pile_sizes(e, n, e.side, OTHER[e.slam])
    ):
        implied = replace(e, fool_exchange="owed")  # the slam's owed Excuse, as counted
        check_fool(r, implied)
        check_no_trick_side(r, implied)
        return implied
    hand = tricks_in_deal(n)
    if e.slam == e.side:
        tricks = _("every trick ({hand} tricks of {n} cards)").format(hand=hand, n=n)
    elif e.slam:
        tricks = _("no trick")
    else:
        tricks = _("{n} cards a trick, 1 to {x} tricks").format(n=n, x=hand - 1)
    dog = ""
    if dog_side(e.contract) == e.side:
        what = _("discard") if e.contract in ("petite", "garde") else _("dog")
        dog = _(" plus the {n}-card {what}").format(n=dog_size(n), what=what)
    if owed:
        dog += _(", {x} the owed Excuse").format(x=_("plus") if owed == e.side else _("less"))
    hints, field = [], "pile"
    if owed is None and any(size in pile_sizes(e, n, e.side, side) for side in SIDES):
        hints.append(_("one card more or less only with an Excuse owed (--fool-exchange owed)"))
    for slam in SIDES:
        if e.slam is None and slam_fits(e, n, slam):
            hints.append(_("it fits a slam (--slam {slam})").format(slam=slam))
            field = "slam"  # the answer that makes it possible
    hint = f"; {'; '.join(hints)}" if hints else ""
    name = _("the taker's pile") if e.side == "attack" else _("the defence's pile")
    r.add(
        ngettext(
            "{name} cannot hold {size} card: with {n} players it holds {tricks}{dog} "
            "({sizes}){hint}",
            "{name} cannot hold {size} cards: with {n} players it holds {tricks}{dog} "
            "({sizes}){hint}",
            size,
        ).format(
            name=name,
            size=size,
            n=n,
            tricks=tricks,
            dog=dog,
            sizes=sizes_text(sizes),
            hint=hint,
        ),
        field,
    )
    return e


def check_owed_low_cards(r: Reader, e: FrenchEntry, n: int) -> None:
    """An Excuse is owed only when its side's tricks hold no low card to give: the side
    gives one "from the tricks it has made, as soon as it can" (FFT)."""
    owner = owed_by(e)
    if owner is None or r.problems:
        return
    low = owed_low_cards(e, n, owner)
    if low == 0:
        return
    dog = ""
    if dog_side(e.contract) == owner:
        what = _("discard") if e.contract in ("petite", "garde") else _("dog")
        dog = _(", besides the {n}-card {what}").format(n=dog_size(n), what=what)
    r.add(
        _(
            "the Excuse cannot be owed: {side_names} had low cards in its tricks to give "
            "for it (at least {low}{dog}, by the listed pile); the exchange was made: "
            "leave out --fool-exchange owed"
        ).format(side_names=_(SIDE_NAMES[owner]), low=low, dog=dog),
        "fool_exchange",
    )


#: the cards that count more than a low card
COUNTING = frozenset(c for c in DECK.values if DECK.value(c) != DECK.low)


def check_no_trick_side(r: Reader, e: FrenchEntry) -> None:
    """With a slam, the other side holds no trick: only its discard or dog, and an
    Excuse it kept owing the card. The listed pile shows which counting cards it has."""
    if e.slam is None or e.cards is None or r.problems:
        return
    loser = OTHER[e.slam]
    listed = {c for c in e.cards if c in COUNTING}
    there = listed if e.side == loser else COUNTING - listed
    allowed: set[Card] = {FOOL_CARD} if owed_by(e) == loser else set()
    what = [_("no card")]
    if dog_side(e.contract) == loser:
        if e.contract not in ("petite", "garde"):
            return  # the dog as dealt can hold anything
        allowed |= {c for c in COUNTING if discardable(c)}
        what = [_("the discard (no king, no bout)")]
    if allowed & {FOOL_CARD}:
        what = [w for w in what if w != _("no card")] + [_("the Excuse it kept, owing a card")]
    bad = sorted(there - allowed, key=display_order)
    if bad:
        r.add(
            _(
                "with a slam by {side_names}, {side_names2} took no trick and holds {what}: "
                "{bad} cannot be theirs"
            ).format(
                side_names=_(SIDE_NAMES[e.slam]),
                side_names2=_(SIDE_NAMES[loser]),
                what=_(" and ").join(what),
                bad=DECK.format(bad),
            ),
            "cards",
        )


def check_slam_points(r: Reader, e: FrenchEntry, n: int) -> FrenchEntry:
    assert e.slam is not None and e.points is not None and e.bouts is not None
    sides = excuse_sides(e)
    owed = e.fool_exchange == "owed" and sides is not None and sides[0] != e.slam
    if within_span(e.points, slam_side_points(e, n, owed)):
        return e
    if e.fool_exchange is None:  # the other side kept the Excuse and owed its card:
        counted = e.points - (HALF if e.slam == "attack" else -HALF)
        kept = slam_side_points(e, n, True)
        if within_span(counted, kept):  # typed with its half point already moved (FFT's 87)
            return replace(e, points=counted, fool_exchange="owed")
        if within_span(e.points, kept):  # typed as counted (86.5): the half point moves now
            return replace(e, fool_exchange="owed")
    shift = HALF if e.slam == "attack" else -HALF
    if owed and within_span(e.points - shift, slam_side_points(e, n, True)):
        counted = e.points - shift
        r.add(
            _(
                "{typed} with {bouts} carry the owed Excuse's half point already: as "
                "counted, the taker's side has {counted} ({points} with the owed half "
                "point); enter --points {counted}, or leave out --fool-exchange owed"
            ).format(
                typed=points_of(e.points),
                points=num(e.points),
                bouts=plural(e.bouts, "bout"),
                counted=num(counted),
            ),
            "points",
        )
        return e
    choices = slam_choices(e, n)
    elsewhere = [
        c
        for c in MULTIPLIERS
        if c != e.contract
        and (
            within_span(e.points, slam_side_points(replace(e, contract=c), n, owed))
            or (
                e.fool_exchange is None
                and within_span(
                    e.points - (HALF if e.slam == "attack" else -HALF),
                    slam_side_points(replace(e, contract=c), n, True),
                )
            )
        )
    ]
    hint = (
        _("; it can be in a {elsewhere}").format(elsewhere=_(" or a ").join(elsewhere))
        if elsewhere
        else ""
    )
    r.add(
        _(
            "{points} with {bouts} cannot be with a slam by {side_names} in a "
            "{contract}: the taker's side has {choices}{hint}"
        ).format(
            points=points_of(e.points),
            bouts=plural(e.bouts, "bout"),
            side_names=_(SIDE_NAMES[e.slam]),
            contract=_(CONTRACT_WORDS[e.contract]),
            choices=choices,
            hint=hint,
        ),
        "slam",
    )
    return e


def check_petit(r: Reader, e: FrenchEntry) -> None:
    pab = e.petit_au_bout
    if pab is None:
        return
    if e.slam is not None and pab != e.slam:
        r.add(
            _(
                "the petit au bout goes with the last trick, and with a slam by {side_names} "
                "that is theirs, not {side_names2}'s"
            ).format(side_names=_(SIDE_NAMES[e.slam]), side_names2=_(SIDE_NAMES[pab])),
            "petit_au_bout",
        )
    elif e.cards is not None:
        listed = trump(1) in e.cards
        if listed != (e.side == pab):
            pile = _("the taker's") if e.side == "attack" else _("the defence's")
            where = _("is in") if listed else _("is not in")
            r.add(
                _(
                    "the petit au bout was won by {side_names}, but trump 1 {where} {pile} "
                    "listed pile"
                ).format(side_names=_(SIDE_NAMES[pab]), where=where, pile=pile),
                "petit_au_bout",
            )
    elif e.bouts is not None and (e.bouts == 0 if pab == "attack" else e.bouts == 3):
        r.add(
            _(
                "the petit au bout was won by {side_names}, so the Petit, a bout, is theirs: "
                "the taker's side cannot have {bouts}"
            ).format(side_names=_(SIDE_NAMES[pab]), bouts=plural(e.bouts, "bout")),
            "petit_au_bout",
        )


def slam_fits(e: FrenchEntry, n: int, side: str) -> bool:
    """Could the deal entered so far be a slam by `side`? (The same bounds as the check.)"""
    e = replace(e, slam=side)
    if e.cards is not None:
        size = len(e.cards) if e.pile is None else e.pile
        return size in pile_sizes(e, n, side, owed_by(e)) or (
            e.fool_exchange is None and size in pile_sizes(e, n, side, OTHER[side])
        )
    if e.points is None or e.bouts is None:
        return False
    counted = e.points - (HALF if side == "attack" else -HALF)
    kept = slam_side_points(e, n, True)  # the other side kept the Excuse, owed its card
    return (
        within_span(e.points, slam_side_points(e, n, False))
        or within_span(counted, kept)
        or (e.fool_exchange is None and within_span(e.points, kept))
    )  # as counted: 86.5


# --- reading a deal, from options or a session file, and back to the file's values -----------

BOUT_POINTS = Decimal("4.5")  # what a bout counts


def read_entry(variant: Variant, raw: Mapping[str, Any], table: Table) -> FrenchEntry:
    r = Reader(raw, table, variant)
    n = len(table.players)
    contract = r.choice("contract", CONTRACTS, CONTRACT_ALIASES)
    if contract is None:
        if not r.problems:
            r.require(
                "contract", _("--contract ({contracts})").format(contracts=", ".join(CONTRACTS))
            )
        r.used.update(f.key for f in variant.fields)
        r.finish()
    assert contract is not None
    if contract in NO_SCORE:
        present = [f.option for f in variant.fields if f.key != "contract" and r.has(f.key)]
        if present:
            r.add(
                _("a {contract} deal has no {present}").format(
                    contract=contract, present=", ".join(present)
                ),
                "contract",
            )
            r.used.update(f.key for f in variant.fields)
        r.finish()
        return FrenchEntry(contract)

    taker = r.player("taker")
    if taker is None and not r.has("taker"):
        r.require("taker", _("--taker NAME"))
    partner = r.player("partner")
    alone = r.flag("alone")
    if n != 5:
        if r.has("partner"):
            r.add(_("a partner is called only with 5 players, not {n}").format(n=n), "partner")
            partner = None
        if alone:
            r.add(_("playing alone is for 5 players, not {n}").format(n=n), "alone")
    elif partner is not None and partner == taker:
        r.add(
            _("{taker} is the taker and cannot also be the partner (use --alone)").format(
                taker=taker
            ),
            "partner",
        )
        partner = None
    elif partner is not None and alone:
        r.add(
            _("--alone and --partner {partner} contradict each other").format(partner=partner),
            "partner",
        )
    if n == 5 and partner is None and not alone and not r.has("partner"):
        r.require("partner", _("--partner NAME (who holds the called king) or --alone"))

    bouts = r.integer("bouts", 0, 3)
    given = r.points_or_pile(
        DECK,
        TOTAL,
        HALF,
        SIDES,
        SIDE_ALIASES,
        N_("--points X with --bouts N, or --cards and --pile"),
    )
    points = given.points
    if points is not None or (r.has("points") and not r.has("cards")):
        if not r.has("bouts"):
            r.require("bouts", _("--bouts N (how many bouts, 0–3, the taker's side has)"))
        if points is not None and bouts is not None and not r.has("slam"):
            lo, hi = BOUT_POINTS * bouts, TOTAL - BOUT_POINTS * (3 - bouts)
            if not lo <= points <= hi:
                hint, asked, field = "", "", "points"
                if points == hi + HALF:
                    hint = _(
                        "; with --slam attack it can be: the defence kept the "
                        "Excuse and owed a low card"
                    )
                    asked = _(
                        "; it can be a slam by the taker's side: the defence kept "
                        "the Excuse and owed a low card"
                    )
                elif points == lo - HALF:
                    hint = _(
                        "; with --slam defence it can be: the taker's side kept "
                        "the Excuse and owed a low card"
                    )
                    asked = _(
                        "; it can be a slam by the defence: the taker's side kept "
                        "the Excuse and owed a low card"
                    )
                if hint:
                    field = "slam"  # the answer that makes it possible
                message = _(
                    "points {points} are impossible with {bouts} (between {lo} and {hi}){hint}"
                )
                what, said = (
                    message.format(
                        points=num(points),
                        bouts=plural(bouts, "bout"),
                        lo=num(lo),
                        hi=num(hi),
                        hint=h,
                    )
                    for h in (hint, asked)
                )
                r.add(what, field, said)
    elif given.counted is not None:
        counted = given.counted
        own = counted.bouts if given.side == "attack" else 3 - counted.bouts
        if bouts is not None and bouts != own:
            r.add(
                _(
                    "bouts {bouts} disagrees with the listed cards (they give the taker's "
                    "side {own})"
                ).format(bouts=bouts, own=own),
                "bouts",
            )
        bouts = None
    elif r.has("cards"):
        bouts = None

    handfuls = read_handfuls(r, n) if "handfuls" in r.raw else ()
    misere = read_misere(r, handfuls)
    petit = r.choice("petit_au_bout", SIDES, SIDE_ALIASES)
    slam = r.choice("slam", SIDES, SIDE_ALIASES)
    announced = r.flag("slam_announced")
    fool = r.player("fool")
    fool_winner = r.player("fool_winner")
    exchange = r.choice("fool_exchange", ("given", "owed", "lost"))
    entry = FrenchEntry(
        contract=contract,
        taker=taker,
        partner=partner,
        alone=alone,
        points=points,
        bouts=bouts,
        cards=given.cards,
        pile=given.pile,
        side=given.side,
        handfuls=handfuls,
        petit_au_bout=petit,
        slam=slam,
        slam_announced=announced,
        fool=fool,
        fool_winner=fool_winner,
        fool_exchange=exchange,
        misere=misere,
    )
    implied = (
        exchange == "owed" and slam is not None and not r.has("fool") and not r.has("fool_winner")
    )  # a slam's owed Excuse: the sides say whose
    fool_event = implied or fool_event_complete(
        r, (fool, fool_winner, exchange), "Excuse"
    )  # asks what it lacks
    if r.complete and fool_event:
        check_fool(r, entry)
    if r.complete:
        entry = check_counts(r, entry, n)
    r.finish()
    return entry


def read_handfuls(r: Reader, n: int) -> tuple[tuple[str, int], ...]:
    def bad(what: str) -> None:
        r.add(what, "handfuls")

    value = r.get("handfuls")
    if value is None:
        return ()
    items: list[tuple[Any, Any]] = []
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, list):
        for item in value:
            name, sep, trumps = str(item).rpartition(":")
            if not sep:
                bad(
                    _("handful {item} should be PLAYER:TRUMPS, e.g. Anna:11").format(
                        item=shown(item)
                    )
                )
                continue
            items.append((name, trumps))
    else:
        bad(_("handfuls must be PLAYER:TRUMPS, not {value}").format(value=shown(value)))
    simple = handful_thresholds(r.table.rules, n)[0]
    hand = tricks_in_deal(n)
    most = min(MAX_TRUMPS, hand)  # a hand of 15 or 18 cards can't show 22 trumps
    why_most = _(", and a hand holds {hand} cards").format(hand=hand) if hand < MAX_TRUMPS else ""
    result: dict[str, int] = {}
    for name, trumps in items:
        try:
            player = r.table.resolve(str(name), _("handful player"))
        except ScorepadError as err:
            r.problems.extend(Problem(p.where, p.what, "handfuls") for p in err.problems)
            continue
        count = shown(trumps).strip("'") if isinstance(trumps, int) else str(trumps).strip()
        if not (count.isascii() and count.isdigit() and len(count) <= 3):
            bad(
                _("handful of {player}: {trumps} is not a number of trumps").format(
                    player=player, trumps=shown(trumps)
                )
            )
        elif player in result:
            bad(_("{player} shows only one handful per deal").format(player=player))
        elif not simple <= int(count) <= most:
            bad(
                ngettext(
                    "handful of {player}: {count} trump is outside {simple}–{most} (a handful "
                    "needs {simple} trumps with {n} players{why_most})",
                    "handful of {player}: {count} trumps is outside {simple}–{most} (a handful "
                    "needs {simple} trumps with {n} players{why_most})",
                    int(count),
                ).format(
                    player=player,
                    count=int(count),
                    simple=simple,
                    most=most,
                    n=n,
                    why_most=why_most,
                )
            )
        else:
            result[player] = int(count)
    if sum(result.values()) > MAX_TRUMPS:
        bad(
            _(
                "handfuls show {x} trumps but the deck has only {max_trumps} (21 trumps and "
                "the Excuse)"
            ).format(x=sum(result.values()), max_trumps=MAX_TRUMPS)
        )
    return tuple(result.items())


def entry_to_raw(e: FrenchEntry) -> dict[str, Any]:
    return compact(
        [
            ("contract", e.contract),
            ("taker", e.taker),
            ("partner", e.partner),
            ("alone", e.alone),
            ("points", e.points),
            ("bouts", e.bouts),
            ("cards", None if e.cards is None else DECK.format(e.cards)),
            ("pile", e.pile),
            ("side", e.side if e.cards is not None and e.side != "attack" else None),
            ("handfuls", dict(e.handfuls) or None),
            ("petit_au_bout", e.petit_au_bout),
            ("slam", e.slam),
            ("slam_announced", e.slam_announced),
            ("fool", e.fool),
            ("fool_winner", e.fool_winner),
            ("fool_exchange", e.fool_exchange),
            ("misere", list(e.misere) or None),
        ]
    )


def read_misere(r: Reader, handfuls: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The players who declared a misère: names as a list (the file, a repeated --misere) or
    one text, comma-separated (as typed at the table)."""
    value = r.get("misere")
    if value is None:
        return ()
    if not r.table.rules.get("misere"):
        r.add(_("these rules play no misère (a rules file or --set misere=true turns it on)"))
        return ()
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        r.add(_("misere should be a list of players, not {value}").format(value=shown(value)))
        return ()
    declared: list[str] = []
    showed = {player for player, _trumps in handfuls}
    for name in names:
        try:
            player = r.table.resolve(name.strip(), _("misère player"))
        except ScorepadError as err:
            r.problems.extend(Problem(p.where, p.what, "misere") for p in err.problems)
            continue
        if player in declared:
            r.add(_("{player} declares one misère per deal").format(player=player), "misere")
        elif player in showed:
            r.add(
                _("{player} showed a handful: a misère is a hand with no trump").format(
                    player=player
                ),
                "misere",
            )
        else:
            declared.append(player)
    return tuple(declared)


# --- scoring: the taker side's points, the target, the bonuses and the settlement -----------


def attack_points(e: FrenchEntry, explain: bool = True) -> tuple[Decimal, int, list[str]]:
    """The taker side's card points (before rounding), bouts, and how they were found
    (with `explain`)."""
    lines: list[str] = []
    if e.cards is not None:
        counted = count_pile(DECK, e.cards, e.pile)
        if explain:
            lines.append(
                describe_pile(DECK, _(PILE_NAMES[e.side]), e.cards, counted)
                + _(", {bouts}").format(bouts=plural(counted.bouts, "bout"))
            )
        if e.side == "attack":
            points, bouts = counted.points, counted.bouts
        else:
            points, bouts = TOTAL - counted.points, 3 - counted.bouts
            if explain:
                lines.append(
                    _("taker's side: 91 − {points} = {points2}, 3 − {bouts} = {bouts2}").format(
                        points=num(counted.points),
                        points2=points_of(points),
                        bouts=counted.bouts,
                        bouts2=plural(bouts, "bout"),
                    )
                )
    else:
        assert e.points is not None and e.bouts is not None
        points, bouts = e.points, e.bouts
    owed = owed_by(e)
    if owed is not None:
        shift = -HALF if owed == "attack" else HALF
        if explain:
            lines.append(
                _(
                    "Excuse owed: {who} kept it with no card to give, for 4 instead "
                    "of 4.5: {points} {x} 0.5 = {x2}"
                ).format(
                    who=e.fool or _(SIDE_NAMES[owed]),
                    points=num(points),
                    x="−" if shift < 0 else "+",
                    x2=num(points + shift),
                )
            )
        points += shift
    return points, bouts, lines


def score(variant: Variant, e: FrenchEntry, table: Table, explain: bool = True) -> Outcome:
    """The deal's settlement; with `explain`, the arithmetic as lines for people (what
    `show` prints: standings and history need only the numbers)."""
    players = table.players
    if e.contract in NO_SCORE:
        what = _("everybody passed") if e.contract == "pass" else _("deal cancelled (petit sec)")
        return check_outcome(
            variant,
            Outcome(
                result="passed" if e.contract == "pass" else "cancelled",
                scores=dict.fromkeys(players, 0),
                explain=(_("{what}: no score").format(what=what),) if explain else (),
            ),
            table,
        )
    rules = table.rules
    assert e.taker is not None
    m = multiplier(rules, e.contract)
    points, bouts, lines = attack_points(e, explain)
    if explain and e.fool_exchange == "lost":
        lines.append(
            _(
                "the Excuse was lost: {fool} played it to the last trick, won by "
                "{winner}; it changed sides and nothing was given back"
            ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
        )
    target = TARGETS[bouts]
    made = points >= target
    if points > target:
        used = points.to_integral_value(ROUND_CEILING)
    elif points < target:
        used = points.to_integral_value(ROUND_FLOOR)
    else:
        used = points
    if used != points and explain:
        lines.append(
            _("{points} points count as {used} (the half point goes to the side that wins)").format(
                points=num(points), used=num(used)
            )
        )
    diff = int(abs(used - target))
    s = 1 if made else -1
    step = int(rules["rounding"])
    margin = rounded_margin(diff, step)
    if explain:
        who = _(CONTRACT_NAMES[e.contract])
        head = _("{who} (×{m}) by {taker}").format(who=who, m=m, taker=e.taker)
        if e.partner:
            head += _(" with {partner}").format(partner=e.partner)
        elif e.alone:
            head += _(", alone")
        lines.insert(
            0,
            _("{head}; {bouts} → target {target}").format(
                head=head, bouts=plural(bouts, "bout"), target=target
            ),
        )
        lines.append(
            _("{used} {x} {target} → {x2} by {diff}").format(
                used=num(used),
                x="≥" if made else "<",
                target=target,
                x2=_("made") if made else _("failed"),
                diff=diff,
            )
        )
        if margin != diff:
            lines.append(
                _("{diff} rounded to the nearest {step} (a half step up): {margin}").format(
                    diff=diff, step=step, margin=margin
                )
            )
    diff = margin
    base = int(rules["base"])
    total = s * (base + diff) * m
    terms = []  # with `explain`: the bonuses' terms, after the contract's
    handful = 0
    for player, trumps in e.handfuls:
        level = sum(1 for t in handful_thresholds(rules, len(players)) if trumps >= t) - 1
        value = int(rules[f"handful_{HANDFUL_NAMES[level]}"])
        handful += value
        if explain:
            terms.append(
                _("{handful_names} handful ({player}, {trumps}) {x}").format(
                    handful_names=_(HANDFUL_WORDS[HANDFUL_NAMES[level]]),
                    player=player,
                    trumps=trumps,
                    x=signed(s * value),
                )
            )
    total += s * handful
    if e.petit_au_bout:
        pab = int(rules["petit_au_bout"])
        if rules["petit_au_bout_multiplied"]:
            pab *= m
        sign = 1 if e.petit_au_bout == "attack" else -1
        total += sign * pab
        if explain:
            side = _("taker's side") if sign > 0 else _("defence")
            terms.append(_("petit au bout ({side}) {x}").format(side=side, x=signed(sign * pab)))
    if e.slam or e.slam_announced:
        for label, value in slam_terms(e, rules):
            total += value
            if explain:
                terms.append(f"{label} {signed(value)}")
    d = total
    scores = settle(e, players, d)
    if explain:
        sign_of = "" if made else "−"
        terms.insert(0, f"{sign_of}({base} + {diff}) × {m} = {sign_of}{(base + diff) * m}")
        payer = _("each defender pays") if d >= 0 else _("each defender receives")
        lines.append("; ".join(terms) + f" → {payer} {abs(d)}")
    bonus = int(rules["misere_value"])
    for player in e.misere:  # a personal bonus from each other seated player, never multiplied
        for other in players:
            scores[other] -= bonus
        scores[player] += bonus * len(players)
        if explain:
            lines.append(
                _("misère {player}: {bonus} from each other player").format(
                    player=player, bonus=bonus
                )
            )
    if explain:
        lines.append(scores_line(scores))
    return check_outcome(
        variant,
        Outcome(
            result="made" if made else "failed",
            scores=scores,
            points=used,
            needed=target,
            declarer=e.taker,
            made=made,
            explain=tuple(lines) if explain else (),
        ),
        table,
    )


def slam_terms(e: FrenchEntry, rules: Mapping[str, Setting]) -> list[tuple[str, int]]:
    terms = []
    if e.slam == "attack":
        if e.slam_announced:
            terms.append((_("slam announced and made"), int(rules["slam_announced"])))
        else:
            terms.append((_("slam"), int(rules["slam"])))
    elif e.slam_announced:
        terms.append((_("announced slam failed"), -int(rules["slam_announced_failed"])))
    if e.slam == "defence" and (not e.slam_announced or rules["slam_penalties_add"]):
        terms.append((_("slam by the defence"), -int(rules["slam_defence"])))
    return terms


def settle(e: FrenchEntry, players: tuple[str, ...], d: int) -> dict[str, int]:
    attack = e.attackers()
    defenders = len([p for p in players if p not in attack])
    scores = dict.fromkeys(players, -d)
    if e.partner:
        scores[e.partner] = d
        scores[e.taker or ""] = d * (defenders - 1)
    else:
        scores[e.taker or ""] = d * defenders
    return scores


# --- the rules as a player reads them (`scorepad rules french`) ------------------------------


def rules_text(rules: Mapping[str, Setting], players: int | None) -> list[str]:
    sizes = [players] if players in HANDFUL_THRESHOLDS else list(HANDFUL_THRESHOLDS)
    step = int(rules["rounding"])
    down = step + (step - 1) // 2  # the most that rounds down to the step
    contracts = _(", ").join(f"{_(CONTRACT_WORDS[c])} ×{multiplier(rules, c)}" for c in MULTIPLIERS)
    targets = _(", ").join(f"{plural(b, 'bout')} {t}" for b, t in TARGETS.items())
    thresholds = "; ".join(
        _("{players} {simple}/{double}/{triple}").format(
            players=plural(n, "player"), simple=simple, double=double, triple=triple
        )
        for n in sizes
        for simple, double, triple in [handful_thresholds(rules, n)]
    )
    pab = int(rules["petit_au_bout"])
    lines = [
        _(
            "Contracts and their multipliers: {contracts}. In a garde sans the dog counts for "
            "the taker, in a garde contre for the defence."
        ).format(contracts=contracts),
        _(
            "Targets, by the bouts (21, 1, Excuse) in the taker's side's cards: {targets}; "
            "reaching the target makes the contract."
        ).format(targets=targets),
        _(
            "Each defender pays (or, when the contract fails, receives) D = ({base} + the "
            "margin over or under the target) × the multiplier, plus the handfuls, the petit "
            "au bout and the slam."
        ).format(base=rules["base"]),
        _("The margin counts to the point.")
        if step == 1
        else _(
            "The margin is rounded to the nearest {step}, a half step up ({a} → {b}, {c} → {d})."
        ).format(
            step=step,
            a=down,
            b=rounded_margin(down, step),
            c=down + 1,
            d=rounded_margin(down + 1, step),
        ),
        _(
            "Half points (3 or 5 players) go to the side that wins the deal: 40.5 against 41 "
            "is failed by 1."
        ),
        _(
            "Handfuls, to the side that wins the deal whoever showed them: simple {simple}, "
            "double {double}, triple {triple}; the trumps they need (the Excuse counts as one): "
            "{thresholds}."
        ).format(
            simple=rules["handful_simple"],
            double=rules["handful_double"],
            triple=rules["handful_triple"],
            thresholds=thresholds,
        ),
        (
            _(
                "Petit au bout (the Petit in the last trick): {pab} × the multiplier to the side "
                "that won that trick."
            )
            if rules["petit_au_bout_multiplied"]
            else _(
                "Petit au bout (the Petit in the last trick): {pab} to the side that won that "
                "trick, not multiplied."
            )
        ).format(pab=pab),
        _(
            "Slams, never multiplied: made unannounced +{slam}, announced and made "
            "+{announced}, announced and failed −{failed}, by the defence −{defence}; {both}."
        ).format(
            slam=rules["slam"],
            announced=rules["slam_announced"],
            failed=rules["slam_announced_failed"],
            defence=rules["slam_defence"],
            both=_("an announced slam failed while the defence takes every trick pays both")
            if rules["slam_penalties_add"]
            else _(
                "an announced slam failed while the defence takes every trick pays its failure only"
            ),
        ),
        _(
            "The Excuse: whoever played it keeps it and gives the trick's winner a low card; "
            "with none to give it counts 4 instead of 4.5; played to the last trick outside a "
            "slam, it changes sides."
        ),
        _(
            "A declared misère (no trump and no Excuse), shown before the first trick: "
            "{value} from each other seated player, never multiplied, whatever the deal's "
            "result."
        ).format(value=rules["misere_value"])
        if rules["misere"]
        else _("No misère is played."),
    ]
    lines += [_settlement(n) for n in sizes]
    lines.append(
        _(
            "More people than seats: the dealer sits out (le mort) and scores nothing; while "
            "everybody passes, the same player deals again."
        )
    )
    return lines


def _settlement(n: int) -> str:
    if n == 5:
        return _(
            "5 players: the taker scores 2 × D, the partner (who holds the called king) D, "
            "each defender −D; a taker alone 4 × D."
        )
    return _("{players}: the taker scores {x} × D, each defender −D.").format(
        players=plural(n, "player"), x=n - 1
    )


class French(DeclarerGame):
    name = "french"
    title = N_("French Tarot")
    aliases: tuple[str, ...] = ("fr", "tarot", "french-tarot")
    min_players = 3
    max_players = 5
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED, "fft": FFT}
    unit = N_("points")
    declarer_results: tuple[str, ...] = (N_("made"), N_("failed"))
    synonyms: Mapping[str, str] = {}
    tournament_seats: Mapping[int, int] = {5: 4}  # at 5 the dealer sits out: no called king
    synonym_help: Mapping[str, tuple[str, str, str]] = {}
    the_deck = DECK
    replaces = REPLACES
    # the sheet's words
    legend = N_("✗ a failed contract, ★ a slam.")
    exchange_words: Mapping[str, str] = {
        "given": N_("Excuse given"),
        "owed": N_("Excuse owed"),
        "lost": N_("Excuse lost"),
    }
    fields: tuple[Field, ...] = with_words(
        with_prompts(
            (
                Field(
                    "contract",
                    "--contract",
                    "choice",
                    "the contract, or pass / cancelled",
                    CONTRACTS,
                    aliases=tuple(CONTRACT_ALIASES.items()),
                ),
                Field("taker", "--taker", "player", "who took"),
                Field(
                    "partner",
                    "--partner",
                    "player",
                    "5 players: the called king's holder",
                    asked_at_once=True,
                ),
                Field("alone", "--alone", "flag", "5 players: the taker plays alone"),
                Field(
                    "points", "--points", "number", "the taker side's card points (0–91, halves)"
                ),
                Field(
                    "bouts", "--bouts", "integer", "bouts (21, 1, Excuse) in the taker side's cards"
                ),
                *pile_fields(SIDES, SIDE_ALIASES),
                Field(
                    "handfuls",
                    "--handful",
                    "handfuls",
                    "handfuls shown, as PLAYER:TRUMPS",
                    label=N_("handful"),
                ),
                Field(
                    "petit_au_bout",
                    "--petit-au-bout",
                    "choice",
                    "which side won the Petit in the last trick",
                    SIDES,
                    aliases=tuple(SIDE_ALIASES.items()),
                    label=N_("petit au bout"),
                ),
                Field(
                    "slam",
                    "--slam",
                    "choice",
                    "which side took every trick",
                    SIDES,
                    aliases=tuple(SIDE_ALIASES.items()),
                    label=N_("slam"),
                ),
                Field(
                    "slam_announced",
                    "--slam-announced",
                    "flag",
                    "slam announced by the taker",
                    label=N_("slam"),
                ),
                *fool_fields(
                    N_("Excuse"),
                    N_("what became of the Excuse"),
                    ("given", "owed", "lost"),
                    usual=("given", "made"),  # the exchange made as usual changes nothing
                    enter_means=N_(" (Enter: exchanged as usual)"),
                ),
                Field(
                    "misere",
                    "--misere",
                    "players",
                    "who declared a misère (where the rules play it)",
                    label=N_("misère"),
                ),
            ),
            {
                "contract": N_("contract"),
                "taker": N_("taker"),
                "partner": N_("partner (holder of the called king)"),
                "points": N_("card points of the taker's side (0–91, halves)"),
                "bouts": N_("bouts (21, 1, Excuse) on the taker's side"),
                "pile": N_("cards in that pile"),
                "side": N_("whose pile is it"),
                "petit_au_bout": N_("petit au bout, won by"),
                "slam": N_("slam: which side took every trick"),
                "misere": N_("misère declared by (names, comma-separated)"),
            },
        ),
        {
            "contract": N_("contract"),
            "taker": N_("taker"),
            "partner": N_("partner"),
            "alone": N_("alone"),
            "points": N_("points"),
            "bouts": N_("bouts"),
            "cards": N_("cards"),
            "pile": N_("pile"),
            "side": N_("side"),
            "handfuls": N_("handfuls"),
            "petit_au_bout": N_("petit au bout"),
            "slam": N_("slam"),
            "slam_announced": N_("slam announced"),
            "misere": N_("misère"),
        },
    )

    def is_slam(self, e: FrenchEntry) -> bool:
        return e.slam is not None

    def score(self, e: FrenchEntry, table: Table, explain: bool = True) -> Outcome:
        return score(self, e, table, explain)

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> FrenchEntry:
        return read_entry(self, raw, table)

    def entry_to_raw(self, e: FrenchEntry) -> dict[str, Any]:
        return entry_to_raw(e)

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        bouts = plural(counted.bouts, "bout")
        target = TARGETS[counted.bouts]
        return {
            "lines": [
                _("{bouts} → a taker with this pile needs {target}").format(
                    bouts=bouts, target=target
                )
            ],
            "json": {"bouts": counted.bouts},
        }

    def contest(
        self, e: FrenchEntry, outcome: Outcome, rules: Mapping[str, Setting]
    ) -> Contest | None:
        """The taker (and the called partner) against the defence; the contract, and the
        target the bouts set, are the deal's difficulty, and the margin the points over the
        target."""
        needed = outcome.needed
        if needed is None:
            return None  # a pass, a cancelled deal
        side = e.attackers()
        others = tuple([p for p in outcome.scores if p not in side])
        margin = int(outcome.points or 0) - needed
        return Contest(side, others, CONTRACT_WORDS[e.contract], needed, margin, outcome.result)

    def questions(
        self, raw: Mapping[str, Any], entry: FrenchEntry | None, table: Table
    ) -> list[str]:
        keys = []
        if len(table.players) == 5 and _contract(raw) not in NO_SCORE:
            keys.append("partner")
        if "cards" in raw:
            keys += ["pile", "side"]
        if entry is None or entry.contract in NO_SCORE:
            return keys
        keys += ["handfuls", "petit_au_bout", "slam_announced"]
        if entry.slam is None and any(
            slam_fits(entry, len(table.players), side) for side in SIDES
        ):  # the cards allow a slam
            keys.append("slam")
        keys.append("fool_exchange")
        if table.rules.get("misere"):
            keys.append("misere")
        return keys

    def marks(self, e: FrenchEntry, outcome: Outcome) -> list[str]:
        short = {"attack": _("att"), "defence": _("def")}
        marks = [_("handful {player}").format(player=player) for player, _trumps in e.handfuls]
        if e.petit_au_bout:
            marks.append(_("pab {short}").format(short=short[e.petit_au_bout]))
        if e.slam == "attack":
            marks.append(
                _("slam {short}{x}").format(
                    short=short[e.slam], x=_(" announced") if e.slam_announced else ""
                )
            )
        else:  # an announced slam not made: failed, whoever took every trick
            if e.slam_announced:
                marks.append(_("slam announced, failed"))
            if e.slam:
                marks.append(_("slam {short}{x}").format(short=short[e.slam], x=""))
        if e.fool_exchange == "owed":
            marks.append(_("Excuse owed"))
        elif e.fool_exchange == "lost":
            marks.append(_("Excuse lost"))
        marks += [_("misère {player}").format(player=player) for player in e.misere]
        return marks

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        return club_problems(rules)

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        return rules_text(rules, players)

    def describe(self, e: FrenchEntry) -> str:
        if e.contract in NO_SCORE:
            return _(CONTRACT_WORDS[e.contract])
        team = f"{e.taker}+{e.partner}" if e.partner else str(e.taker)
        return f"{_(CONTRACT_WORDS[e.contract])} {team}"

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        contract = _contract(raw)
        if contract is None:
            return None
        if contract in NO_SCORE:
            return frozenset({"contract"})
        keys = {f.key for f in self.fields}
        return frozenset(keys if len(table.players) == 5 else keys - {"partner", "alone"})

    def starts_afresh(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> bool:
        return _contract(changes) in NO_SCORE  # a pass, a cancelled deal

    @property
    def stats(self) -> GameStats:
        # imported when asked (`stats`, the sheet): the other commands don't pay its import
        from scorepad.variants.french.stats import STATS

        return STATS


def _contract(raw: Mapping[str, Any]) -> str | None:
    """The contract `raw` names, as the reader takes it (`pa` is pass); None: none, or not
    one contract."""
    word = raw.get("contract")
    found = resolve_choice(word, CONTRACTS, CONTRACT_ALIASES) if isinstance(word, str) else []
    return found[0] if len(found) == 1 else None


def club_problems(rules: Mapping[str, Setting]) -> list[Problem]:
    """What the club settings may not be, one problem each naming the key and the range: a
    multiplier of at least 1, a rounding step of 1, 5 or 10, a handful's trumps rising from
    simple to triple within a hand."""
    problems = []
    for contract in MULTIPLIERS:
        key = f"multiplier_{contract.replace('-', '_')}"
        if rules[key] == 0:
            problems.append(_("{key} should be 1 or more, not 0").format(key=key))
    if rules["rounding"] not in ROUNDING:
        problems.append(
            _("rounding should be 1, 5 or 10, not {value}").format(value=shown(rules["rounding"]))
        )
    for n in HANDFUL_THRESHOLDS:
        keys = [f"handful_{name}_trumps_{n}" for name in HANDFUL_NAMES]
        trumps = [rules[key] for key in keys]
        most = min(MAX_TRUMPS, tricks_in_deal(n))
        if not 0 < trumps[0] < trumps[1] < trumps[2] <= most:  # type: ignore[operator]
            problems.append(
                _(
                    "{simple}, {double}, {triple} should rise from 1 to {most} (a hand with "
                    "{players}), not {x}"
                ).format(
                    simple=keys[0],
                    double=keys[1],
                    triple=keys[2],
                    most=most,
                    players=plural(n, "player"),
                    x=", ".join(map(str, trumps)),
                )
            )
    return [Problem("rules", p) for p in problems]


FRENCH = French()
