"""French Tarot's rules as a player reads them (`scorepad rules french`): one paragraph a rule,
every number from the settings in force, for a table of `players` (3, 4 and 5 when None)."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.text import plural
from scorepad.variants.french.entry import (
    CONTRACT_WORDS,
    HANDFUL_THRESHOLDS,
    MULTIPLIERS,
    TARGETS,
    handful_thresholds,
    multiplier,
    rounded_margin,
)


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
