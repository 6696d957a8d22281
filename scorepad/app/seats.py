"""Guided entry at a table where people sit out: the dealer, who may sit out, is anyone on
the roster; then who else sits out (the rule's proposal: Enter accepts), and the table the
seated players make for the questions after it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scorepad.app.asking import Back, Entry
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Session, Table, seated_table
from scorepad.render.deals import sitting_out
from scorepad.seating import Dealt
from scorepad.seating_plan import SeatingPlan
from scorepad.text import split_names


def before_deal(session: Session, n: int) -> Session:
    """The session as it stood when deal n was dealt: the deals before it and the roster
    changes up to it, so that deal n is its next deal (its dealer, who sits out, the seated
    players). Guided entry asks deal n's questions of it; `session` itself when n is next."""
    if n > len(session.deals):
        return session
    changes = tuple(c for c in session.changes if c.from_deal <= n)
    kept = tuple(p for p in session.penalties if p.after < n)  # those before it
    return replace(session, deals=tuple(session.deals[: n - 1]), changes=changes, penalties=kept)


def seat_given(entry: Entry, given: Mapping[str, Any]) -> None:
    """The table of a dealer or an `out` given before any question (an option)."""
    session = entry.session
    plan = session.seating_plan()
    people = Table(session.variant, plan.next.roster, session.rules)
    dealer = people.resolve(str(given.get("dealer") or session.next_dealer()), "dealer")
    out = given.get("out")
    names = None
    if out is not None:
        names = tuple(
            people.resolve(str(n), "--out") for n in (out if isinstance(out, list) else [out])
        )
    problems = plan.check_next(dealer, names)
    if problems:
        raise ScorepadError(problems)
    seating = plan.then(Dealt(dealer, False, names)).deals[-1]
    entry.table = seated_table(session.variant, session.rules, seating)


def ask_dealer(entry: Entry, default: str) -> str:
    """The dealer, anyone on the roster (the dealer may sit out); at a table where people
    sit out, then who sits out (the proposal: Enter accepts), and the table they leave.
    `<` at "who sits out" asks for the dealer again (one question back)."""
    session = entry.session
    if session.fixed:
        return str(entry.ask_player(_("Dealer"), default))
    plan = session.seating_plan()
    people = Table(session.variant, plan.next.roster, session.rules)
    while True:
        while True:
            answer = entry.ask(_("Dealer"), default, players=True, among=people.players)
            try:
                dealer = people.resolve(answer, "dealer")
                break
            except ScorepadError as err:
                entry.say(f"  ✗ {err.problems[0].what}")
        try:
            out = _ask_out(entry, plan, people, dealer)
        except Back:
            default = dealer
            continue
        break
    seating = plan.then(Dealt(dealer, False, out)).deals[-1]
    if seating.out != seating.proposed:
        entry.raw["out"] = list(seating.out)
    else:
        entry.raw.pop("out", None)
    entry.asked.add("out")  # answered here: an edit's old `out` is not put back
    entry.table = seated_table(session.variant, session.rules, seating)
    entry.say("  " + sitting_out(seating))
    return dealer


def _ask_out(entry: Entry, plan: SeatingPlan, people: Table, dealer: str) -> tuple[str, ...] | None:
    """Who (else) sits out when `dealer` deals: None for the rule's choice, unasked."""
    proposed = plan.propose_out(dealer)
    others = tuple(p for p in proposed if p != dealer)
    if not (others or (proposed and dealer not in proposed)):
        return None
    old = entry.defaults.get("out") or entry.raw.get("out")
    had = entry.defaults.get("dealer") or entry.raw.get("dealer")  # the deal's dealer, if any
    if isinstance(old, list) and had not in (None, dealer):
        old = None  # another dealer than the deal had: the rule's choice is offered
    shown = _(", ").join(p for p in old if p != dealer) if isinstance(old, list) else None
    shown = shown if shown is not None else _(", ").join(others)
    while True:
        answer = entry.ask(
            _("Who else sits out") if dealer in proposed else _("Who sits out"),
            shown,
            players=True,
            among=people.players,
            answers=_("\n  answers: who sits out, several separated by commas or spaces"),
        )
        try:
            names = split_names(answer, spaces=True)
            out = tuple(people.resolve(n, "out") for n in names)
        except ScorepadError as err:
            entry.say(f"  ✗ {err.problems[0].what}")
            continue
        problems = plan.check_next(dealer, out)
        if problems:
            for p in problems:
                entry.say(f"  ✗ {p.what}")
            continue
        return out
