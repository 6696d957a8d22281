"""Guided entry at a table where people sit out: the dealer, who may sit out, is anyone on
the roster; then who else sits out (the rule's proposal: Enter accepts), and the table the
seated players make for the questions after it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Table, seated_table
from scorepad.render.deals import sitting_out
from scorepad.seating import Dealt


def seat_given(entry: Any, given: Mapping[str, Any]) -> None:
    """The table of a dealer or an `out` given before any question (an option)."""
    session = entry.session
    evening = session.evening()
    people = Table(session.variant, evening.next.roster, session.rules)
    dealer = people.resolve(str(given.get("dealer") or session.next_dealer()), "dealer")
    out = given.get("out")
    names = None
    if out is not None:
        names = tuple(
            people.resolve(str(n), "--out") for n in (out if isinstance(out, list) else [out])
        )
    problems = evening.check_next(dealer, names)
    if problems:
        raise ScorepadError(problems)
    seating = evening.then(Dealt(dealer, False, names)).deals[-1]
    entry.table = seated_table(session.variant, session.rules, seating)


def ask_dealer(entry: Any, default: str) -> str:
    """The dealer, anyone on the roster (the dealer may sit out); at a table where people
    sit out, then who sits out (the proposal: Enter accepts), and the table they leave."""
    session = entry.session
    if session.fixed:
        return str(entry._ask_player(_("Dealer"), default))
    evening = session.evening()
    people = Table(session.variant, evening.next.roster, session.rules)
    while True:
        answer = entry._ask(_("Dealer"), default, players=True, among=people.players)
        try:
            dealer = people.resolve(answer, "dealer")
            break
        except ScorepadError as err:
            entry.say(f"  ✗ {err.problems[0].what}")
    proposed = evening.propose_out(dealer)
    others = tuple(p for p in proposed if p != dealer)
    out: tuple[str, ...] | None = None
    old = entry.defaults.get("out") or entry.raw.get("out")
    if others or (proposed and dealer not in proposed):
        shown = _(", ").join(old if isinstance(old, list) else others)
        while True:
            answer = entry._ask(
                _("Who else sits out") if dealer in proposed else _("Who sits out"),
                shown,
                players=True,
                among=people.players,
            )
            try:
                names = [n for n in re.split(r"[,，、 ]+", answer) if n]
                out = tuple(people.resolve(n, "out") for n in names)
            except ScorepadError as err:
                entry.say(f"  ✗ {err.problems[0].what}")
                continue
            problems = evening.check_next(dealer, out)
            if problems:
                for p in problems:
                    entry.say(f"  ✗ {p.what}")
                continue
            break
    seating = evening.then(Dealt(dealer, False, out)).deals[-1]
    if seating.out != proposed:
        entry.raw["out"] = list(seating.out)
    else:
        entry.raw.pop("out", None)
    entry.table = seated_table(session.variant, session.rules, seating)
    entry.say("  " + sitting_out(seating))
    return dealer
