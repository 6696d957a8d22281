"""Arrivals, departures and the table's size, from the next deal on: pure operations that
give the session with one more roster change (`scorepad.seating` works out who sits where).

Past deals never change: a change takes effect from the deal after the last one recorded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorepad.checks import (
    MAX_NAME,
    MAX_ROSTER,
    check_seats,
    control_problem,
    long_name,
    name_problem,
    only_accents,
    unseen_problem,
)
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
    roster = session.seating_plan().next.roster if not session.fixed else session.roster
    new = nfc(name)
    before = [p for p in session.players if fold(p) == fold(new)]
    if len(before) == 1 and before[0] not in roster:  # back after leaving: as first written
        new = before[0]
    same = next((p for p in roster if fold(p) == fold(new)), None)
    problems = plain_name_problems(name, "NAME")
    if problems:
        pass  # the name alone is wrong: said first, alone
    elif same is not None and same.casefold() == new.casefold():
        problems.append(
            Problem("NAME", _("{name} is already on the roster").format(name=shown(new)))
        )
    elif same is not None and only_accents(new, same):
        problems.append(
            Problem(
                "NAME",
                _("{name} differs from {other}, on the roster, only by accents").format(
                    name=shown(new), other=same
                ),
            )
        )
    elif (bad := name_problem(new, roster, "NAME")) is not None:
        problems.append(bad)
    elif all(fold(p) != fold(new) for p in session.players) and len(session.players) >= MAX_ROSTER:
        problems.append(  # everyone ever on the roster: a column each in every output
            Problem(
                "NAME",
                _(
                    "a session holds at most {most} people, those who left included "
                    "(start a new session file)"
                ).format(most=MAX_ROSTER),
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
    roster = session.seating_plan().next.roster if not session.fixed else session.roster
    if not find(name, roster):
        raise ScorepadError.at(
            "NAME",
            _("{name} is not on the roster (roster: {roster})").format(
                name=shown(name), roster=_(", ").join(roster)
            ),
        )
    try:  # exactly one of them, or a beginning that could be several
        who = Table(session.variant, roster, session.rules).resolve(name, _("leaving"))
    except ScorepadError as err:
        raise ScorepadError([Problem("NAME", p.what) for p in err.problems]) from None
    variant = get_variant(session.variant)
    if len(roster) - 1 < variant.min_players:  # no smaller table to offer: someone must join
        lo, hi = variant.min_players, variant.max_players
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        raise ScorepadError.at(
            "NAME",
            ngettext(
                "leaving {name} leaves {people} person, and {variant} is played by "
                "{count} players: have someone join first",
                "leaving {name} leaves {people} people, and {variant} is played by "
                "{count} players: have someone join first",
                len(roster) - 1,
            ).format(name=who, people=len(roster) - 1, variant=variant.name, count=count),
        )
    return replace(_changed(session, [Leave(n, who)], seats), who=who)


def _changed(session: Session, changes: list[Change], seats: int | None) -> Changed:
    n = len(session.deals) + 1
    variant = get_variant(session.variant)
    check_seats(seats, variant)
    if seats is not None:
        changes.append(Resize(n, seats))
    kept = session.seats if session.seats is not None else len(session.roster)
    after = replace(session, seats=kept, changes=(*session.changes, *changes))
    seater = after.seater("--seats")
    for deal in after.deals:
        seater.seat(deal.dealer, deal.out)
        seater.settle(deal.redealt)
    plan = seater.seating_plan()
    if plan.problems:
        here = _("deal {n}").format(n=n)
        raise ScorepadError(Problem("", p.what) if p.where == here else p for p in plan.problems)
    return Changed(after, n, plan.next)


def last_change(session: Session) -> tuple[Change, ...]:
    """The roster change recorded after the last deal (a join or a leave, with the table's
    new size when it came with one): the last record, which `undo` takes back before any
    deal; () when the last record is a deal."""
    n, changes = len(session.deals) + 1, session.changes
    if not changes or changes[-1].from_deal != n:
        return ()
    with_size = (
        isinstance(changes[-1], Resize)
        and len(changes) > 1
        and changes[-2].from_deal == n
        and not isinstance(changes[-2], Resize)
    )
    return changes[-2:] if with_size else changes[-1:]


def take_back(session: Session) -> Session:
    """The session without its `last_change` (the deals are before it: none changes)."""
    changes = session.changes[: len(session.changes) - len(last_change(session))]
    seats = session.seats
    if not changes and seats == len(session.roster):
        seats = None  # a seat for everyone, as `new` writes it
    return replace(session, changes=changes, seats=seats)


def said(changes: Sequence[Change]) -> str:
    """A roster change in words: "Elsa joins from deal 7, the table has 5 seats"."""
    words = []
    for c in changes:
        if isinstance(c, Join):
            words.append(_("{name} joins from deal {n}").format(name=c.name, n=c.from_deal))
        elif isinstance(c, Leave):
            words.append(_("{name} leaves from deal {n}").format(name=c.name, n=c.from_deal))
        else:
            words.append(
                ngettext(
                    "the table has {seats} seat", "the table has {seats} seats", c.seats
                ).format(seats=c.seats)
            )
    return _(", ").join(words)


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


@dataclass(frozen=True)
class Renamed:
    """A rename made: the session with it, and who was renamed, as written before and now."""

    session: Session
    old: str
    new: str


def plain_name_problems(name: str, where: str = "NEW") -> list[Problem]:
    """What is wrong with a name typed, whoever else there is: empty, too long, control
    characters, a name that does not show itself (`unseen_problem`)."""
    new = nfc(name)
    bad = control_problem(name, where)
    if bad:
        return [bad]
    if not new:
        return [Problem(where, _("a player's name is empty"))]
    if len(new) > MAX_NAME:
        return [long_name(new, where)]
    bad = unseen_problem(new, where)
    return [bad] if bad else []


def new_name_problems(name: str, others: Sequence[str], where: str = "NEW") -> list[Problem]:
    """What is wrong with a new name typed for someone (`rename`): `plain_name_problems`, or
    already someone else's (case and accents aside), or a look-alike of someone else's."""
    problems = plain_name_problems(name, where)
    if problems:
        return problems
    new = nfc(name)
    same = next((p for p in others if fold(p) == fold(new)), None)
    if same is not None and (same.casefold() == new.casefold() or only_accents(new, same)):
        text = (
            _("{name} is already a player")
            if same == new
            else _("{name} is already a player, written {other}")
        )
        return [Problem(where, text.format(name=shown(new), other=same))]
    bad = name_problem(new, others, where)
    return [bad] if bad else []


def who_is(session: Session, name: str, where: str = "OLD") -> str:
    """Someone who is on the roster at some deal, as typed (`scorepad.text.find`)."""
    everyone = session.players
    try:
        return Table(session.variant, everyone, session.rules).resolve(name, _("player"))
    except ScorepadError as err:
        raise ScorepadError([Problem(where, p.what) for p in err.problems]) from None


def rename(session: Session, old: str, new: str) -> Renamed:
    """`old` (as typed) is called `new` in every deal, roster change and setting: the roster,
    the first dealer, each deal's dealer, who sat out and every field naming a player. The
    scores do not change; neither do the title and notes (free text)."""
    who = who_is(session, old)
    new = nfc(new)
    problems = new_name_problems(new, [p for p in session.players if p != who])
    if problems:
        raise ScorepadError(problems)
    if new == who:
        return Renamed(session, who, new)
    variant = get_variant(session.variant)

    def name(p: str) -> str:
        return new if p == who else p

    def change(c: Change) -> Change:
        if isinstance(c, Join):
            return c._replace(name=name(c.name), after=c.after and name(c.after))
        if isinstance(c, Leave):
            return c._replace(name=name(c.name))
        return c

    deals = tuple(
        replace(
            d,
            dealer=name(d.dealer),
            entry=variant.renamed(d.entry, who, new),
            out=None if d.out is None else tuple(name(p) for p in d.out),
        )
        for d in session.deals
    )
    after = replace(
        session,
        roster=tuple(name(p) for p in session.roster),
        dealer=name(session.dealer),
        deals=deals,
        changes=tuple(change(c) for c in session.changes),
        penalties=tuple(p._replace(player=name(p.player)) for p in session.penalties),
    )
    return Renamed(after, who, new)
