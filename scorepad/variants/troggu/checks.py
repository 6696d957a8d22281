"""Troggu's checks of a deal across its fields: points and the listed pile against the
tricks, and the Bättler's escape against the sides, tricks and cards."""

from __future__ import annotations

from scorepad.cards import FOOL_CARD, display_order
from scorepad.i18n import _, ngettext
from scorepad.text import num, plural, points_of, span
from scorepad.variants.reader import Reader, fool_pile_problem
from scorepad.variants.troggu.bounds import (
    KINGS,
    entered_points,
    hand_size,
    most_valuable,
    pile_cards,
    pile_size,
    point_spans,
    prove_tricks,
    tappist_range,
)
from scorepad.variants.troggu.entry import DECK, TAPP, TOTAL, TrogguEntry


def check_tricks(r: Reader, e: TrogguEntry, n: int) -> None:
    """Points and the listed pile against the cards that many tricks can hold."""
    hand, tapp = hand_size(n), TAPP[n]
    what = _("discard") if e.bid == "tapp" else _("Tapp")
    proof = prove_tricks(e, n)
    if proof.failed == "pile":
        size = pile_size(e)
        side_tapp = tapp if e.side == "tappist" else 0
        sizes = sorted({pile_cards(n, t, e.side) for t in proof.before})
        plus = _(" plus the {tapp}-card {what}").format(tapp=tapp, what=what) if side_tapp else ""
        name = _("the Tappist's pile") if e.side == "tappist" else _("the opponents' pile")
        shown = (
            ", ".join(map(str, sizes))
            if len(sizes) <= 4
            else f"{sizes[0]}, {sizes[1]}, {sizes[2]}, …, {sizes[-1]}"
        )
        r.add(
            ngettext(
                "{name} cannot hold {size} card: with {n} players it holds {n} cards a "
                "trick{plus} ({shown})",
                "{name} cannot hold {size} cards: with {n} players it holds {n} cards a "
                "trick{plus} ({shown})",
                size or 0,
            ).format(name=name, size=size, n=n, plus=plus, shown=shown),
            "pile",
        )
        return
    points = entered_points(e)
    if proof.failed == "points" and len(proof.before) == 1:
        tricks_won = proof.before[0]
        field = "tricks" if e.tricks is not None else "points"
        least, most = tappist_range(e.bid, n, tricks_won)
        if not least <= points <= most:
            extra = (
                _(" (no 5-point card in the discard, unless all four kings)")
                if e.bid == "tapp"
                else ""
            )
            r.add(
                _(
                    "{points} cannot be for {tricks_won} of {n} cards plus the "
                    "{tapp}-card {what}{extra} ({least})"
                ).format(
                    points=points_of(points),
                    tricks_won=plural(tricks_won, "trick"),
                    n=n,
                    tapp=tapp,
                    what=what,
                    extra=extra,
                    least=span(least, most),
                ),
                field,
            )
            return
        cards = (hand - tricks_won) * n
        r.add(
            _(
                "{points} leave the opponents {theirs}, which cannot be for their {x} "
                "of {n} cards ({cards})"
            ).format(
                points=points_of(points),
                theirs=num(TOTAL - points),
                x=plural(hand - tricks_won, "trick"),
                n=n,
                cards=span(cards, most_valuable(cards)),
            ),
            field,
        )
        return
    if proof.failed == "points":
        possible = _(", or ").join(span(lo, hi) for lo, hi in point_spans(e.bid, n))
        r.add(
            _(
                "{points} cannot be the Tappist side's with {n} players, whatever the "
                "tricks: his side holds the {tapp}-card {what}, and a trick holds {n} cards "
                "worth at least 1 each (possible: {possible}); enter the points as counted"
            ).format(points=points_of(points), n=n, tapp=tapp, what=what, possible=possible),
            "points",
        )
        return
    if e.bid == "tapp" and e.cards is not None and proof.tricks == 0:
        # the Tappist's side holds the discard alone: no 5-point card but the four kings
        listed = {c for c in e.cards if DECK.value(c) == 5}
        five = (
            listed
            if e.side == "tappist"
            else {c for c in DECK.values if DECK.value(c) == 5} - listed
        )
        if five and five != set(KINGS):
            shown = DECK.format(sorted(five, key=display_order))
            if e.side == "tappist":
                r.add(
                    _(
                        "a {size}-card pile is the discard alone (no trick), and the discard "
                        "holds no 5-point card but all four kings together: {listed} cannot "
                        "be in it; list the cards again, or give the pile's true size"
                    ).format(size=pile_size(e), listed=shown),
                    "cards",
                )
            else:
                r.add(
                    _(
                        "the opponents' {size}-card pile leaves the Tappist the discard "
                        "alone (no trick), which holds no 5-point card but all four kings "
                        "together: {listed} must be in the opponents' pile; list the cards "
                        "again, or give the pile's true size"
                    ).format(size=pile_size(e), listed=shown),
                    "cards",
                )


def check_fool(r: Reader, e: TrogguEntry, n: int) -> None:
    """The Bättler's escape, given in full, against the sides, tricks and cards."""
    if e.fool == e.fool_winner:
        r.add(
            _(
                "{fool} kept the Bättler back to the last trick, where it cannot win: the "
                "winner must be another player"
            ).format(fool=e.fool),
            "fool_winner",
        )
        return
    if e.bid == "misere":
        return
    team = e.team()
    owner_side = _("the Tappist's side") if e.fool in team else _("the opponents")
    winner_side = _("the Tappist's side") if e.fool_winner in team else _("the opponents")
    if e.fool_exchange == "lost" and owner_side == winner_side:
        r.add(
            _(
                "a lost Bättler goes to the other side, but {fool} and {fool_winner} play on "
                "the same side"
            ).format(fool=e.fool, fool_winner=e.fool_winner),
            "fool_winner",
        )
        return
    tricks = e.tricks if e.tricks is not None else prove_tricks(e, n).tricks
    if tricks is not None:
        owner_tricks = tricks if e.fool in team else hand_size(n) - tricks
        if e.fool_exchange == "given" and owner_tricks == 0:
            r.add(
                _(
                    "the Bättler's exchange needs a trick of {owner_side} to give a card "
                    "from, but they took none: use --fool-exchange lost"
                ).format(owner_side=owner_side),
                "fool_exchange",
            )
        if e.fool_exchange == "lost" and owner_tricks > 0:
            r.add(
                _(
                    "the Bättler is lost only when {owner_side} took no trick, but they took "
                    "{owner_tricks}: use --fool-exchange given"
                ).format(owner_side=owner_side, owner_tricks=owner_tricks),
                "fool_exchange",
            )
    if e.cards is not None:
        holder = winner_side if e.fool_exchange == "lost" else owner_side
        pile_owner = _("the Tappist's side") if e.side == "tappist" else _("the opponents")
        problem = fool_pile_problem(
            FOOL_CARD, "Bättler", e.cards, pile_owner, holder, str(e.fool_exchange)
        )
        if problem:
            r.add(problem, "fool_exchange")
