"""A session whose file says who sits: its `seats`, its `[[roster]]` changes (join, leave,
a new table size, each from a deal on) and each deal's `out`, read with every check and
written back; and its deals read in turn, each at its own seating."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tomli_w

from scorepad.checks import MAX_NAME, MAX_ROSTER, control_problem, long_name, read_deal, read_dealer
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Session, Table, nfc, seated_table
from scorepad.seating import Change, Join, Leave, Resize
from scorepad.seating_plan import Seater
from scorepad.storage.parse import Batches
from scorepad.text import shown

#: how many roster changes a file may hold
MAX_CHANGES = 1000
#: a roster session's deals × everyone ever on its roster: what every output's size grows
#: with (a column a person, a row a deal), bounded as a plain session's is by the file's size:
#: 12,500 deals for 40 people, 100,000 for 5 (a fixed table has at most 5 columns)
MAX_CELLS = 500_000


def seated_session(
    header: Session,
    raw_deals: list[Any] | Batches,
    date: str,
    problems: list[Problem],
    *,
    consume: bool,
) -> Session:
    """The deals of a session whose people do not all play every deal, read in turn: each
    deal's table (who sits) comes from the deals before it, its dealer and its `out`."""
    seater = header.seater()
    deals: list[Deal] = []
    tables: dict[int, Table] = {}  # by the seating's id: deals seated alike share one Table
    changed = {change.from_deal for change in header.changes}  # where the roster may change
    people = Table(header.variant, seater.roster(), header.rules)
    for n, raw in enumerate(raw_deals, 1):
        if len(problems) >= MAX_PROBLEMS - 1:
            problems.append(stopped(n))
            break
        if n in changed:
            people = Table(header.variant, seater.roster(), header.rules)
        deal = _seated_deal(raw, n, seater, people, tables, problems)
        seater.settle(deal is not None and deal.redealt)
        if deal is not None:
            deals.append(deal)
        if consume and isinstance(raw_deals, list):
            raw_deals[n - 1] = None
    problems.extend(seater.seating_plan().problems)
    if problems:
        raise ScorepadError(problems)
    return replace(header, deals=tuple(deals), date=date)


def stopped(n: int) -> Problem:
    """Where reading stops, at deal n: enough problems are said."""
    return Problem(
        _("deal {n}").format(n=n),
        _("reading stopped here: too many problems (fix the ones above first)"),
    )


def _seated_deal(
    raw: dict[str, Any],
    n: int,
    seater: Seater,
    people: Table,
    tables: dict[int, Table],
    problems: list[Problem],
) -> Deal | None:
    """Deal n of `seated_session`, seated by its dealer and its `out` (both read and checked
    first), and read at its seating's table when that seating is the one its file says
    (None: its problems are in `problems`)."""
    fields = dict(raw) if "out" in raw else raw  # its `out` is taken off: a copy's
    here: list[Problem] = []
    dealer = fields.get("dealer")
    if dealer not in people.players:  # not exactly one of the roster's names: read and checked
        dealer = read_dealer(dealer, people, "dealer", here)
    out = _out(fields.pop("out"), people, here) if "out" in fields else None
    if here:
        where = _("deal {n}").format(n=n)
        problems.extend(Problem(where, p.what) if not p.where else p for p in here)
    known = len(seater.problems)
    seating = seater.seat(dealer or (people.players[0] if people.players else ""), out)
    if here or len(seater.problems) != known:
        return None  # a deal whose seating is wrong is not checked at a table not its own
    table = tables.get(id(seating))
    if table is None:
        table = tables[id(seating)] = seated_table(people.variant, people.rules, seating)
    try:
        deal = read_deal(fields, table)
    except ScorepadError as err:
        problems.extend(err.located(_("deal {n}").format(n=n)).problems)
        return None
    stored = seating.stored_out
    return deal if deal.out == stored else replace(deal, out=stored)


def read_seats(value: Any, variant: Any, where: str, problems: list[Problem]) -> int | None:
    """A table size the game allows, or None (absent: a seat for every player)."""
    if value is None:
        return None
    lo, hi = variant.min_players, variant.max_players
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        said = _("should be a table size of {count} seats ({variant}), not {value}")
        problems.append(
            Problem(where, said.format(count=count, variant=variant.name, value=shown(value)))
        )
        return None
    return value


def _name(value: Any, where: str, key: str, problems: list[Problem]) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > 4 * MAX_NAME:
        problems.append(Problem(where, _("{key} should be a player's name").format(key=key)))
        return None
    name = nfc(value)
    bad = control_problem(name, key)
    if bad:
        problems.append(Problem(where, bad.what))
        return None
    if len(name) > MAX_NAME:
        problems.append(long_name(name, where))
        return None
    return name


def read_changes(value: Any, variant: Any, problems: list[Problem]) -> tuple[Change, ...]:
    """The `[[roster]]` entries: each a `join` (with `after`) or a `leave`, and/or `seats`, from
    deal `from_deal` on; in the file's order within one deal."""
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        problems.append(Problem("roster", _("should be [[roster]] tables")))
        return ()
    if len(value) > MAX_CHANGES:
        said = _("holds {n} changes; at most {most} are read")
        problems.append(Problem("roster", said.format(n=len(value), most=MAX_CHANGES)))
        return ()
    changes: list[Change] = []
    for i, t in enumerate(value, 1):
        where = _("roster change {i}").format(i=i)
        unknown = [k for k in t if k not in ("from_deal", "join", "leave", "after", "seats")]
        n = t.get("from_deal")
        if unknown:
            said = _("unknown key {key} (expected {keys})").format(
                key=shown(unknown[0]), keys="from_deal, join, leave, after, seats"
            )
        elif isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10**7:
            said = _("from_deal should be a deal number, not {value}").format(value=shown(n))
        elif "join" in t and "leave" in t:
            said = _("holds both join and leave: one change a table")
        elif "after" in t and "join" not in t:
            said = _("after goes with join")
        elif not ("join" in t or "leave" in t or "seats" in t):
            said = _("should hold join, leave or seats")
        else:
            said = ""
        if said:
            problems.append(Problem(where, said))
            continue
        if "join" in t:
            name = _name(t["join"], where, "join", problems)
            after = _name(t["after"], where, "after", problems) if "after" in t else None
            if name is not None and (after is not None or "after" not in t):
                changes.append(Join(n, name, after))
        elif "leave" in t:
            name = _name(t["leave"], where, "leave", problems)
            if name is not None:
                changes.append(Leave(n, name))
        if "seats" in t:
            seats = read_seats(t["seats"], variant, where, problems)
            if seats is not None:
                changes.append(Resize(n, seats))
    return tuple(changes)


def cells_problem(session: Session, deals: int) -> None:
    """Refuses a roster session of more than MAX_CELLS deals × people (read or recorded)."""
    people = len(session.players)
    if deals * people > MAX_CELLS:
        raise ScorepadError.at(
            "deals",
            _(
                "{deals} deals for {people} people: a session with a roster holds at "
                "most {most} deals for {people} people (start a new session file)"
            ).format(deals=deals, people=people, most=MAX_CELLS // people),
        )


def at_most_roster(
    players: tuple[str, ...], changes: tuple[Change, ...], problems: list[Problem]
) -> tuple[Change, ...]:
    """The changes, when everyone ever on the roster (those at deal 1, then each who joins)
    is at most MAX_ROSTER people: a column each in every output, so a file of a thousand
    joins is refused before anything costs a thousand columns."""
    if not changes:
        return changes
    joined = [c.name for c in changes if isinstance(c, Join)]
    ever = len(dict.fromkeys((*players, *joined)))
    if ever <= MAX_ROSTER:
        return changes
    said = _(
        "{ever} people are on the roster at some deal; a session holds at most {most} people, "
        "those who left included (start a new session file)"
    )
    problems.append(Problem("roster", said.format(ever=ever, most=MAX_ROSTER)))
    return ()


def _out(value: Any, people: Table, problems: list[Problem]) -> tuple[str, ...] | None:
    """A deal's `out`: names on the roster at that deal."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem("", _("out should be a list of names")))
        return None
    if len(value) > MAX_ROSTER:
        problems.append(Problem("", _("out lists more people than a roster holds")))
        return None
    names: list[str] = []
    for v in value:
        try:
            names.append(people.resolve(v, "out"))
        except ScorepadError as err:
            problems.extend(err.problems)
    return tuple(names)


def change_fields(change: Change) -> dict[str, Any]:
    """A roster change as its `[[roster]]` entry's fields."""
    if isinstance(change, Join):
        t: dict[str, Any] = {"from_deal": change.from_deal, "join": change.name}
        if change.after is not None:
            t["after"] = change.after
        return t
    if isinstance(change, Leave):
        return {"from_deal": change.from_deal, "leave": change.name}
    return {"from_deal": change.from_deal, "seats": change.seats}


def change_text(change: Change) -> str:
    """A roster change as text, the way it is written just before the deal it applies to."""
    return "\n[[roster]]\n" + tomli_w.dumps(change_fields(change))
