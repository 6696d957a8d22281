"""Arrivals, departures and the table's size, from the next deal on: pure operations that
give the session with one more roster change (`scorepad.seating` works out who sits where).

Past deals never change: a change takes effect from the deal after the last one recorded."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorepad.checks import MAX_NAME, MAX_ROSTER, check_seats, control_problem, name_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Session, Table, nfc
from scorepad.seating import Change, Join, Leave, Proposal, Resize
from scorepad.text import find, fold, shown
from scorepad.variants import get_variant


@dataclass(frozen=True)
class Changed:
    """A roster change made: the session with it and the next deal as the rule seats it."""

    session: Session
    n: int  # the deal it applies from
    next: Proposal
    who: str = ""  # who joins or leaves, as the roster writes them


def join(
    session: Session, name: str, *, after: str | None = None, seats: int | None = None
) -> Changed:
    """`name` joins from the next deal, after `after` in the dealing order (default: last)."""
    n = len(session.deals) + 1
    roster = session.evening().next.roster if not session.fixed else session.roster
    problems: list[Problem] = []
    new = nfc(name)
    before = [p for p in session.players if fold(p) == fold(new)]
    if len(before) == 1 and before[0] not in roster:  # back after leaving: as first written
        new = before[0]
    bad = control_problem(name, "NAME")
    if bad:
        problems.append(bad)
    elif not new:
        problems.append(Problem("NAME", _("a player's name is empty")))
    elif len(new) > MAX_NAME:
        problems.append(
            Problem(
                "NAME",
                _("'{p}…' is longer than {max_name} characters").format(
                    p=new[:MAX_NAME], max_name=MAX_NAME
                ),
            )
        )
    elif any(fold(p) == fold(new) for p in roster):
        same = next(p for p in roster if fold(p) == fold(new))
        problems.append(
            Problem(
                "NAME",
                _("{name} is already on the roster").format(name=shown(new))
                if same.casefold() == new.casefold()
                else _("{name} differs from {other}, on the roster, only by accents").format(
                    name=shown(new), other=same
                ),
            )
        )
    elif (bad := name_problem(new, roster, "NAME")) is not None:
        problems.append(bad)
    elif len(roster) >= MAX_ROSTER:
        problems.append(
            Problem(
                "NAME",
                _("the roster holds at most {most} people").format(most=MAX_ROSTER),
            )
        )
    place = None
    if after is not None:
        try:
            place = Table(session.variant, roster, session.rules).resolve(after, "--after")
        except ScorepadError as err:
            problems.extend(Problem("--after", p.what) for p in err.problems)
    if problems:
        raise ScorepadError(problems)
    return replace(_changed(session, [Join(n, new, place)], seats), who=new)


def leave(session: Session, name: str, *, seats: int | None = None) -> Changed:
    """`name` leaves from the next deal on."""
    n = len(session.deals) + 1
    roster = session.evening().next.roster if not session.fixed else session.roster
    if not find(name, roster):
        raise ScorepadError(
            [
                Problem(
                    "NAME",
                    _("{name} is not on the roster (roster: {roster})").format(
                        name=shown(name), roster=_(", ").join(roster)
                    ),
                )
            ]
        )
    try:  # exactly one of them, or a beginning that could be several
        who = Table(session.variant, roster, session.rules).resolve(name, _("leaving"))
    except ScorepadError as err:
        raise ScorepadError([Problem("NAME", p.what) for p in err.problems]) from None
    return replace(_changed(session, [Leave(n, who)], seats), who=who)


def resize(session: Session, seats: int) -> Changed:
    """The table has `seats` seats from the next deal on."""
    return _changed(session, [], seats)


def _changed(session: Session, changes: list[Change], seats: int | None) -> Changed:
    n = len(session.deals) + 1
    variant = get_variant(session.variant)
    check_seats(seats, variant)
    if seats is not None:
        changes.append(Resize(n, seats))
    kept = session.seats if session.seats is not None else len(session.roster)
    after = replace(session, seats=kept, changes=(*session.changes, *changes), _seated=None)
    seater = after.seater("--seats")
    for deal in after.deals:
        seater.seat(deal.dealer, deal.out)
        seater.settle(deal.redealt)
    evening = seater.evening()
    if evening.problems:
        here = _("deal {n}").format(n=n)
        raise ScorepadError(Problem("", p.what) if p.where == here else p for p in evening.problems)
    return Changed(after.seated(evening), n, evening.next)


def describe(changed: Changed) -> str:
    """ "from deal 7: 6 people at a 4-seat table (Anna deals and sits out, and 1 more)"."""
    p = changed.next
    people, seats = len(p.roster), p.seats
    if people == seats:
        table = ngettext(
            "{people} player, everyone plays", "{people} players, everyone plays", people
        ).format(people=people)
    else:
        table = ngettext(
            "{people} people at a {seats}-seat table, {out} sits out each deal",
            "{people} people at a {seats}-seat table, {out} sit out each deal",
            people - seats,
        ).format(people=people, seats=seats, out=people - seats)
    return _("from deal {n}: {table}; dealing order: {order}").format(
        n=changed.n, table=table, order=_(", ").join(p.roster)
    )
