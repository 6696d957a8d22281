"""Settling an evening or a season: `--rate` and `--currency` checked, and the fewest
payments for the sessions' totals (or Piedmont's deals won), in exact money. The arithmetic is
`scorepad.settle`'s; the sessions come loaded (`app.season`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import chain

from scorepad.checks import control_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Outcome, Session
from scorepad.ranking import standings
from scorepad.scores import iter_outcomes
from scorepad.settle import Settlement, settle_standings
from scorepad.text import shown
from scorepad.variants import get_variant


def settlement(
    sessions: Sequence[Session],
    rate: str | None,
    currency: str,
    per_game: bool,
    scored: Sequence[Sequence[Outcome]] | None = None,
) -> tuple[Settlement, str]:
    """The settlement of the sessions' totals (or of the deals won, Piedmont's --per-game),
    at `rate` as typed (None: in the game's own unit), and the unit it counts ("points",
    "chips", "deals won"). A wrong --rate, --currency or --per-game is refused, every one at
    once. A roster session (not everyone at every deal) is settled deal by deal among those
    seated. `scored`: each session's outcomes, where the caller has them already."""
    problems = []
    if rate is not None and not re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,4})?", rate.strip()):
        problems.append(
            Problem("--rate", _("{rate} is not an amount like 0.05").format(rate=shown(rate)))
        )
    elif rate is not None and Decimal(rate.strip()) == 0:
        problems.append(Problem("--rate", _("must be more than 0")))
    problem = control_problem(currency, "--currency")
    if problem or len(currency) > 5:
        problems.append(problem or Problem("--currency", _("at most 5 characters, e.g. € or CHF")))
    variant = get_variant(sessions[0].variant)
    if per_game and not variant.settles_per_game:
        problems.append(
            Problem("--per-game", _("is for Piedmont, not {name}").format(name=_(variant.title)))
        )
    if problems:
        raise ScorepadError(problems)
    amount = None if rate is None else Decimal(rate.strip())
    outcomes = None
    if not all(s.fixed for s in sessions):  # settled deal by deal among those seated
        outcomes = chain.from_iterable(scored or (iter_outcomes(s) for s in sessions))
    result = settle_standings(
        standings(sessions, settling=True, scored=scored),  # a penalty alone is no one's money
        amount,
        per_game=per_game,
        zero_sum=not variant.deal_total,
        outcomes=outcomes,
    )
    return result, "deals won" if per_game else variant.unit
