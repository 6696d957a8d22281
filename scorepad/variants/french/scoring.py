"""Scoring a French Tarot deal: the taker side's points, the contract's target, the
bonuses, and the settlement between the taker (and partner) and the defence."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from scorepad.cards import HALF, count_pile, describe_pile
from scorepad.i18n import _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, points_of, scores_line, signed
from scorepad.variants.base import Variant, check_outcome
from scorepad.variants.french.checks import owed_by
from scorepad.variants.french.entry import (
    CONTRACT_NAMES,
    DECK,
    HANDFUL_NAMES,
    HANDFUL_WORDS,
    NO_SCORE,
    PILE_NAMES,
    SIDE_NAMES,
    TARGETS,
    TOTAL,
    FrenchEntry,
    handful_thresholds,
    multiplier,
    rounded_margin,
)


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
