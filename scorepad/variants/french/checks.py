"""French Tarot's checks of a deal across its fields: the Excuse event against the sides,
the piles, points and slams against what the cards allow, the petit au bout."""

from __future__ import annotations

from dataclasses import replace

from scorepad.cards import FOOL_CARD, HALF, Card, display_order, trump
from scorepad.i18n import _, ngettext
from scorepad.text import num, plural, points_of, span
from scorepad.variants.french.bounds import (
    discardable,
    dog_side,
    dog_size,
    owed_low_cards,
    pile_sizes,
    plain_side_points,
    sizes_text,
    slam_choices,
    slam_side_points,
    tricks_in_deal,
    within_span,
)
from scorepad.variants.french.entry import (
    CONTRACT_WORDS,
    DECK,
    MULTIPLIERS,
    OTHER,
    SIDE_NAMES,
    SIDES,
    FrenchEntry,
)
from scorepad.variants.reader import Reader, fool_pile_problem


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
