"""Scoring a Troggu deal: the Tappist side's points, the chips won or lost by the bid and
the tricks, shared with a partner; a misère's chips."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from scorepad.cards import count_pile, describe_pile
from scorepad.i18n import _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, points_of, scores_line, signed
from scorepad.variants.base import Variant, check_outcome
from scorepad.variants.troggu.bounds import TrickProof, hand_size, pile_size, prove_tricks
from scorepad.variants.troggu.entry import DECK, PILE_NAMES, TOTAL, TrogguEntry


def team_points(e: TrogguEntry, explain: bool = True) -> tuple[Decimal, list[str]]:
    """The Tappist side's card points, and how they were found (with `explain`)."""
    if e.cards is None:
        assert e.points is not None
        return e.points, []
    counted = count_pile(DECK, e.cards, e.pile)
    points = counted.points if e.side == "tappist" else TOTAL - counted.points
    if not explain:
        return points, []
    line = describe_pile(DECK, _(PILE_NAMES[e.side]), e.cards, counted)
    if e.side == "tappist":
        return points, [line]
    return points, [
        line,
        _("Tappist's side: 114 − {points} = {points2}").format(
            points=num(counted.points), points2=num(points)
        ),
    ]


def score(variant: Variant, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
    """The deal's chips; with `explain`, the arithmetic as lines for people."""
    if e.bid == "misere":
        return check_outcome(variant, score_misere(e, table, explain), table)
    rules = table.rules
    players = table.players
    n = len(players)
    points, lines = team_points(e, explain)
    win, draw = int(rules["win_points"]), int(rules["draw_points"])
    low = int(rules["low_points"])
    if points >= win:
        result = "won"
    elif points == draw:
        result = "draw"
    else:
        result = "lost"
    if explain:
        explain_bid(e, points, win, draw, result, lines)
    if result == "draw":
        return check_outcome(
            variant,
            Outcome(
                result="draw",
                scores=dict.fromkeys(players, 0),
                points=points,
                needed=win,
                declarer=e.tappist,
                made=None,
                explain=tuple(lines) if explain else (),
            ),
            table,
        )
    won = result == "won"
    losers_points = TOTAL - points if won else points
    proof = prove_tricks(e, n, points)
    no_trick = proof.tricks == (hand_size(n) if won else 0)
    if no_trick:
        k = int(rules["chips_no_trick"])
    elif losers_points <= low:
        k = int(rules["chips_low"])
    else:
        k = int(rules["chips"])
    chips = k
    if e.bid == "solo":
        k *= int(rules["solo_factor"])
    scores = settle(e, players, k if won else -k, int(rules["partner_share"]))
    if explain:
        if no_trick and proof.how not in ("", "tricks"):
            lines.append(how_known(e, n, proof, points))
        explain_chips(e, rules, n, won, no_trick, losers_points, low, chips, scores, lines)
    return check_outcome(
        variant,
        Outcome(
            result=result,
            scores=scores,
            points=points,
            needed=win,
            declarer=e.tappist,
            made=won,
            explain=tuple(lines) if explain else (),
        ),
        table,
    )


def explain_bid(
    e: TrogguEntry, points: Decimal, win: int, draw: int, result: str, lines: list[str]
) -> None:
    """The lines of a bid's points (after the pile's): who played what, won, lost or drawn."""
    if e.fool_exchange == "given":
        lines.append(
            _(
                "the Bättler's escape: {fool} kept it back to the last trick, won by "
                "{winner}; it stayed with {fool}'s side, which gave a low card for "
                "it"
            ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
        )
    elif e.fool_exchange == "lost":
        lines.append(
            _(
                "the Bättler's escape: {fool} kept it back to the last trick, won by "
                "{winner}; {fool}'s side had no trick, so the Bättler went to "
                "{winner}"
            ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
        )
    who = _("Solo") if e.bid == "solo" else _("Tapp game")
    head = _("{x}{who} by {tappist}").format(
        x=_("forced ") if e.forced else "", who=who, tappist=e.tappist
    )
    if e.partner:
        head += _(" with {partner}").format(partner=e.partner) + (
            _(" (called {called})").format(called=e.called) if e.called else ""
        )
    elif e.alone:
        head += _(", alone (the called card was theirs)")
    with_what = _("with the Tapp") if e.bid == "solo" else _("with the discard")
    lines.insert(
        0,
        _("{head}: {points} {with_what}").format(
            head=head, points=points_of(points), with_what=with_what
        ),
    )
    if result == "won":
        lines.append(_("{points} ≥ {win} → won").format(points=num(points), win=win))
    elif result == "draw":
        lines.append(_("exactly {draw} → draw: no chips move").format(draw=draw))
    else:
        lines.append(_("{points} < {win} → lost").format(points=num(points), win=win))


def explain_chips(
    e: TrogguEntry,
    rules: Mapping[str, Setting],
    n: int,
    won: bool,
    no_trick: bool,
    losers_points: Decimal,
    low: int,
    k: int,
    scores: Mapping[str, int],
    lines: list[str],
) -> None:
    """The lines of the chips: why `k` chips a player (before Solo's factor), who pays whom."""
    losers = _("opponents") if won else (_("Tappist's side") if e.partner else _("Tappist"))
    if no_trick:
        why = _("the {losers} took no trick → {chips}").format(
            losers=losers, chips=plural(k, "chip")
        )
    elif losers_points <= low:
        why = _("the {losers} took {losers_points} ≤ {low} → {chips}").format(
            losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
        )
    else:
        why = _("the {losers} took {losers_points} > {low} → {chips}").format(
            losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
        )
    if e.bid == "solo":
        factor = int(rules["solo_factor"])
        why += _(" × {factor} for Solo = {x}").format(factor=factor, x=k * factor)
        k *= factor
    opponents = n - len(e.team())
    verb = _("from") if won else _("to")
    split = ""
    if e.partner:
        share = int(rules["partner_share"])
        split = (
            _(" (the partner gets {share} × {k} of them, the Tappist the rest)").format(
                share=share, k=k
            )
            if won
            else _(
                " (the partner pays {share} of the opponents, the Tappist the other {x})"
            ).format(share=share, x=opponents - share)
        )
    lines.append(
        _("{why} {verb} each of the {opponents}{split} → Tappist {scores}").format(
            why=why,
            verb=verb,
            opponents=plural(opponents, "opponent"),
            split=split,
            scores=signed(scores[e.tappist or ""]),
        )
        + (_(", partner {scores}").format(scores=signed(scores[e.partner])) if e.partner else "")
    )
    lines.append(scores_line(scores))


def how_known(e: TrogguEntry, n: int, proof: TrickProof, points: Decimal) -> str:
    """How the entered deal proves that the losing side took no trick."""
    what = _("discard") if e.bid == "tapp" else _("Tapp")
    if proof.how == "fool":
        return _("the Bättler was lost: its side took no trick")
    if proof.how == "pile":
        if e.side == "tappist" and proof.tricks == 0:
            return _("a {size}-card pile is the {what} alone: no trick").format(
                size=pile_size(e), what=what
            )
        if e.side == "tappist":
            return _(
                "a {size}-card pile is every trick and the {what}: the opponents took no trick"
            ).format(size=pile_size(e), what=what)
        if proof.tricks == 0:
            return _(
                "the opponents' {size}-card pile is every trick: the Tappist's side took no trick"
            ).format(size=pile_size(e))
        return _("the opponents' pile is empty: they took no trick")
    if proof.tricks == 0:
        return _(
            "{points}: the {what} alone, no trick (a trick adds {n} cards worth at least 1 each)"
        ).format(points=points_of(points), what=what, n=n)
    return _("{points}: the opponents took no trick").format(points=points_of(points))


def settle(e: TrogguEntry, players: tuple[str, ...], k: int, share: int) -> dict[str, int]:
    """k > 0: each opponent pays k; k < 0: each opponent receives −k."""
    team = e.team()
    opponents = [p for p in players if p not in team]
    scores = {p: -k for p in players}
    if e.partner:
        # won: the partner gets share·k of the opponents' chips, the Tappist the rest;
        # lost: the partner pays k to `share` opponents, the Tappist to the others
        scores[e.partner] = share * k
        scores[e.tappist or ""] = (len(opponents) - share) * k
    else:
        scores[e.tappist or ""] = len(opponents) * k
    return scores


def score_misere(e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
    rules = table.rules
    points = dict(e.misere)
    top = max(points.values())
    tied = [p for p in table.players if points[p] == top]
    others = [p for p in table.players if p not in tied]
    chips = int(rules["misere_chips"])
    scores = dict.fromkeys(table.players, 0)
    nobody_pays = not others or (len(tied) > 1 and rules["misere_ties"] == "nobody-pays")
    if not nobody_pays:
        for p in tied:
            scores[p] = -chips * len(others)
        for p in others:
            scores[p] = chips * len(tied)
    return Outcome(
        result="misere",
        scores=scores,
        winners=tuple(others),
        player_points=points,
        explain=explain_misere(table, points, top, tied, others, chips, scores) if explain else (),
    )


def explain_misere(
    table: Table,
    points: Mapping[str, Decimal],
    top: Decimal,
    tied: list[str],
    others: list[str],
    chips: int,
    scores: Mapping[str, int],
) -> tuple[str, ...]:
    """A misère's lines: everyone's points, who pays whom."""
    lines = [_("misère: ") + _(", ").join(f"{p} {num(points[p])}" for p in table.players)]
    if not others:
        lines.append(_("everybody tied: nobody pays"))
    elif len(tied) > 1 and table.rules["misere_ties"] == "nobody-pays":
        lines.append(
            _("{tied} tie for the most ({top}): nobody pays (misere_ties = nobody-pays)").format(
                tied=_(" and ").join(tied), top=num(top)
            )
        )
    else:
        payers = _(" and ").join(tied)
        each = _("each pay") if len(tied) > 1 else _("pays")
        lines.append(
            _("{payers} took the most ({top}) and {each} {chips} to each of the {others}").format(
                payers=payers,
                top=num(top),
                each=each,
                chips=plural(chips, "chip"),
                others=plural(len(others), "other player"),
            )
        )
    lines.append(scores_line(scores))
    return tuple(lines)
