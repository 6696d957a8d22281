"""The session file's TOML document ⇄ Session: reading it with every check (or as saved), the
format's upgrades, and the tables scorepad writes for a session and for a deal."""

from __future__ import annotations

try:  # the compiled parser: 3× faster than tomllib (see the README), same API
    import tomli as tomllib
except ImportError:  # pragma: no cover - a platform without its wheel
    import tomllib  # type: ignore[no-redef]
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorepad import FORMAT_VERSION
from scorepad.checks import (
    MAX_NAME,
    MAX_ROSTER,
    MAX_TEXT,
    case_twins,
    check_players,
    check_roster_size,
    control_problem,
    read_date,
    read_deal,
    read_dealer,
    saved_deal,
    setting_problem,
)
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Deals, Session, Setting, Table, nfc, seated_table, table_at

if TYPE_CHECKING:  # the seating is imported where a file has roster changes
    from scorepad.seating import Change
from scorepad.storage.parse import _Chunk, _Chunks
from scorepad.text import shown
from scorepad.variants import get_variant

TOP_KEYS = (
    "scorepad",
    "variant",
    "title",
    "date",
    "players",
    "seats",
    "dealer",
    "rules",
    "roster",
    "deals",
)
#: how many roster changes a file may hold
MAX_CHANGES = 1000
#: a roster session's deals × everyone ever on its roster: what every output's size grows
#: with (a column a person, a row a deal), bounded as a plain session's is by the file's size:
#: 12,500 deals for 40 people, 100,000 for 5 (a fixed table has at most 5 columns)
MAX_CELLS = 500_000


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added French `slam_penalties_add` (true: what version 1 always did)."""
    rules = doc.get("rules")
    if doc.get("variant") == "french" and isinstance(rules, dict):
        doc = {**doc, "rules": {**rules}}
        doc["rules"].setdefault("slam_penalties_add", True)
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added the session's `date`; a file from before has none (and keeps none)."""
    return doc


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 4 added rosters: `seats`, `[[roster]]` changes and a deal's `out`; a file from
    before is a fixed table (a seat for every player) and reads exactly as before."""
    return doc


def _v4_to_v5(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 5 added a planned length to every game: the rules' `deals` (Piedmont's match
    always had it; 0: none) and a deal's `continued` (recorded past it with --continue)."""
    rules = doc.get("rules")
    if isinstance(rules, dict) and "deals" not in rules:
        doc = {**doc, "rules": {**rules, "deals": 0}}
    return doc


#: UPGRADES[i] turns a version i+1 document into a version i+2 document.
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [
    _v1_to_v2,
    _v2_to_v3,
    _v3_to_v4,
    _v4_to_v5,
]


def session_from_document(
    doc: Mapping[str, Any], *, lazy: bool = False, consume: bool = False, saved: bool = False
) -> Session:
    """Build and check a Session from a parsed TOML document; every problem is reported.

    `lazy`: the deals were checked when scorepad wrote them (the file's signature says so):
    each is read and checked when first looked at (model.Deals), not all of them now.
    `consume`: the document is not used again, and each deal's table is dropped once read
    (a big file's parsed tables and its deals need not be in memory together).
    `saved`: the file's signature holds: each deal is read as saved (`checks.saved_deal`),
    and with every check only when its fields are not as scorepad writes them."""
    version = doc.get("scorepad")
    if version is None:
        raise ScorepadError([_("no 'scorepad = N' format key: not a scorepad session file")])
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ScorepadError(
            [
                _("format key scorepad = {version} should be a version number").format(
                    version=shown(version)
                )
            ]
        )
    if version > FORMAT_VERSION:
        raise ScorepadError(
            [
                _(
                    "format version {version} is newer than this scorepad understands "
                    "({format_version}): upgrade scorepad to open it"
                ).format(version=shown(version), format_version=FORMAT_VERSION)
            ]
        )
    data = dict(doc)
    for step in UPGRADES[version - 1 :]:
        data = step(data)

    problems: list[Problem] = []
    unknown = [key for key in data if key not in TOP_KEYS]
    for key in unknown[:MAX_PROBLEMS]:
        problems.append(
            Problem(
                "",
                _("unknown key {key} (expected {top_keys})").format(
                    key=shown(key), top_keys=", ".join(TOP_KEYS)
                ),
            )
        )
    if len(unknown) > MAX_PROBLEMS:
        problems.append(
            Problem("", _("and {x} more unknown keys").format(x=len(unknown) - MAX_PROBLEMS))
        )
    try:
        variant = get_variant(_typed(data, "variant", str, ""))
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    title = data.get("title", "")
    if not isinstance(title, str):
        problems.append(Problem("title", _("should be text")))
        title = ""
    elif len(title) > MAX_TEXT:
        problems.append(
            Problem("title", _("is longer than {max_text} characters").format(max_text=MAX_TEXT))
        )
        title = ""
    elif bad_title := control_problem(title, "title"):
        problems.append(bad_title)
        title = ""
    date = ""
    if "date" in data:
        date = read_date(data["date"]) or ""
        if not date:
            problems.append(
                Problem(
                    "date",
                    _("should be a date as YYYY-MM-DD, not {data}").format(
                        data=shown(data["date"])
                    ),
                )
            )
    seats = _seats(data.get("seats"), variant, "seats", problems)
    try:
        check_roster_size(data.get("players"), seats)
        players = check_players(
            data.get("players"),
            variant.name,
            variant.min_players if seats is None else 1,
            variant.max_players if seats is None else MAX_ROSTER,
        )
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    bad = [b for b in (control_problem(p, "players") for p in players) if b]
    if bad:  # a name is printed everywhere: a newline in it would print a fake row
        raise ScorepadError([*problems, *bad]) from None
    rules = _rules(data.get("rules"), variant, problems)
    table = Table(variant.name, players, rules)
    dealer = read_dealer(data.get("dealer", players[0]), table, "dealer", problems)
    if not problems:  # the variant's own checks of its settings
        problems.extend(variant.rules_problems(rules))
    changes = _at_most_roster(
        players, _changes(data.get("roster", []), variant, problems), problems
    )
    if changes:  # one person joining under another case: names are unique regardless of case
        from scorepad.seating import Join

        joins = [c.name for c in changes if isinstance(c, Join)]
        problems.extend(case_twins([*players, *joins], "roster"))

    deals: list[Deal] = []
    raw_deals = data.get("deals", [])
    if isinstance(raw_deals, _Chunks):
        pass  # a signed file's deals, as text: each is checked when read
    elif not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        problems.append(Problem("deals", _("should be [[deals]] tables")))
        raw_deals = []

    header = Session(
        variant.name,
        players,
        rules,
        dealer or players[0],
        title,
        seats=None if seats == len(players) and not changes else seats,
        changes=changes,
        policy=variant.sitting_out,
    )
    if not header.fixed:
        try:
            cells_problem(header, len(raw_deals))
        except ScorepadError as err:
            raise ScorepadError([*problems, *err.problems]) from None
        return _seated_session(header, raw_deals, date, problems, consume=consume, saved=saved)

    def read(raw: Any, n: int) -> Deal:
        table = table_at(header, n)
        if isinstance(raw, _Chunk):
            try:
                raw = raw.parsed()
            except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
                raise ScorepadError(
                    [
                        Problem(
                            _("deal {n}").format(n=n), _("is not valid TOML: {err}").format(err=err)
                        )
                    ]
                ) from None
            except ScorepadError as err:
                raise err.located(_("deal {n}").format(n=n)) from None
        if saved:
            deal = saved_deal(raw, table)
            if deal is not None:
                return deal
        return read_deal(raw, table, _("deal {n}").format(n=n))

    if lazy and not problems:
        return replace(header, deals=Deals(raw_deals, read), date=date)
    parsed = raw_deals.parsed_all() if isinstance(raw_deals, _Chunks) else raw_deals
    for n, raw in enumerate(parsed, 1):
        if len(problems) >= MAX_PROBLEMS - 1:  # a hostile file's 100,000 bad deals: enough
            problems.append(
                Problem(
                    _("deal {n}").format(n=n),
                    _("reading stopped here: too many problems (fix the ones above first)"),
                )
            )
            break
        try:
            deals.append(read(raw, n))
        except ScorepadError as err:
            problems.extend(err.problems)
        if consume and isinstance(raw_deals, list):
            raw_deals[n - 1] = None
    if problems:
        raise ScorepadError(problems)
    return replace(header, deals=tuple(deals), date=date)


def _raw_table(raw: Any, n: int) -> Any:
    """A deal's parsed table: a signed file's deal is text until it is looked at."""
    if not isinstance(raw, _Chunk):
        return raw
    try:
        return raw.parsed()
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
        raise ScorepadError(
            [Problem(_("deal {n}").format(n=n), _("is not valid TOML: {err}").format(err=err))]
        ) from None
    except ScorepadError as err:
        raise err.located(_("deal {n}").format(n=n)) from None


def _seated_session(
    header: Session,
    raw_deals: Any,
    date: str,
    problems: list[Problem],
    *,
    consume: bool,
    saved: bool,
) -> Session:
    """The deals of a session whose people do not all play every deal, read in turn: each
    deal's table (who sits) comes from the deals before it, its dealer and its `out`."""
    seater = header.seater()
    parsed = raw_deals.parsed_all() if isinstance(raw_deals, _Chunks) else raw_deals
    deals: list[Deal] = []
    rosters: dict[tuple[str, ...], Table] = {}
    tables_of: dict[int, Table] = {}  # by the seating's id: the seatings live as long
    for n, raw in enumerate(parsed, 1):
        if len(problems) >= MAX_PROBLEMS - 1:
            problems.append(
                Problem(
                    _("deal {n}").format(n=n),
                    _("reading stopped here: too many problems (fix the ones above first)"),
                )
            )
            break
        if not isinstance(raw, dict):
            try:
                raw = _raw_table(raw, n)
            except ScorepadError as err:
                problems.extend(err.problems)
                raw = {}
            if not isinstance(raw, dict):
                raw = {}
        fields = dict(raw)
        roster = seater.roster()
        people = rosters.get(roster)
        if people is None:
            people = rosters[roster] = Table(header.variant, roster, header.rules)
        here: list[Problem] = []
        dealer = fields.get("dealer")
        if dealer not in roster:  # not exactly one of the roster's names: read and checked
            dealer = read_dealer(dealer, people, "dealer", here)
        out = _out(fields.pop("out", None), people, here) if "out" in fields else None
        if here:
            where = _("deal {n}").format(n=n)
            problems.extend(Problem(where, p.what) if not p.where else p for p in here)
        known = len(seater.problems)
        seating = seater.seat(dealer or (roster[0] if roster else ""), out)
        table = tables_of.get(id(seating))
        if table is None:  # one Table per seating: deals seated alike share both
            table = tables_of[id(seating)] = seated_table(header.variant, header.rules, seating)
        deal = None
        # a deal whose seating is wrong (its `out`) is not checked at a table not its own
        if not here and len(seater.problems) == known:
            try:
                deal = (saved_deal(fields, table) if saved else None) or read_deal(
                    fields, table, _("deal {n}").format(n=n)
                )
            except ScorepadError as err:
                problems.extend(err.problems)
        seater.settle(deal.redealt if deal is not None else False)
        if deal is not None:
            stored = seating.stored_out
            deals.append(deal if deal.out == stored else replace(deal, out=stored))
        if consume and isinstance(raw_deals, list):
            raw_deals[n - 1] = None
    plan = seater.seating_plan()
    problems.extend(plan.problems)
    if problems:
        raise ScorepadError(problems)
    kept = tuple(deals)
    return replace(header, deals=kept, date=date).seated(plan)


def _seats(value: Any, variant: Any, where: str, problems: list[Problem]) -> int | None:
    """A table size the game allows, or None (absent: a seat for every player)."""
    if value is None:
        return None
    lo, hi = variant.min_players, variant.max_players
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        problems.append(
            Problem(
                where,
                _("should be a table size of {count} seats ({variant}), not {value}").format(
                    count=count, variant=variant.name, value=shown(value)
                ),
            )
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
        problems.append(
            Problem(
                where,
                _("'{p}…' is longer than {max_name} characters").format(
                    p=name[:MAX_NAME], max_name=MAX_NAME
                ),
            )
        )
        return None
    return name


def _changes(value: Any, variant: Any, problems: list[Problem]) -> tuple[Change, ...]:
    """The `[[roster]]` tables: each a `join` (with `after`) or a `leave`, and/or `seats`, from
    deal `from_deal` on; in the file's order within one deal."""
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        problems.append(Problem("roster", _("should be [[roster]] tables")))
        return ()
    if len(value) > MAX_CHANGES:
        problems.append(
            Problem(
                "roster",
                _("holds {n} changes; at most {most} are read").format(
                    n=len(value), most=MAX_CHANGES
                ),
            )
        )
        return ()
    if not value:
        return ()
    from scorepad.seating import Join, Leave, Resize

    changes: list[Change] = []
    for i, t in enumerate(value, 1):
        where = _("roster change {i}").format(i=i)
        unknown = [k for k in t if k not in ("from_deal", "join", "leave", "after", "seats")]
        if unknown:
            problems.append(
                Problem(
                    where,
                    _("unknown key {key} (expected {keys})").format(
                        key=shown(unknown[0]), keys="from_deal, join, leave, after, seats"
                    ),
                )
            )
            continue
        n = t.get("from_deal")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10**7:
            problems.append(
                Problem(
                    where,
                    _("from_deal should be a deal number, not {value}").format(value=shown(n)),
                )
            )
            continue
        if "join" in t and "leave" in t:
            problems.append(Problem(where, _("holds both join and leave: one change a table")))
            continue
        if "after" in t and "join" not in t:
            problems.append(Problem(where, _("after goes with join")))
            continue
        if not ("join" in t or "leave" in t or "seats" in t):
            problems.append(Problem(where, _("should hold join, leave or seats")))
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
            seats = _seats(t["seats"], variant, where, problems)
            if seats is not None:
                changes.append(Resize(n, seats))
    return tuple(changes)


def cells_problem(session: Session, deals: int) -> None:
    """Refuses a roster session of more than MAX_CELLS deals × people (read or recorded)."""
    people = len(session.players)
    if deals * people > MAX_CELLS:
        raise ScorepadError(
            [
                Problem(
                    "deals",
                    _(
                        "{deals} deals for {people} people: a session with a roster holds at "
                        "most {most} deals for {people} people (start a new session file)"
                    ).format(deals=deals, people=people, most=MAX_CELLS // people),
                )
            ]
        )


def _at_most_roster(
    players: tuple[str, ...], changes: tuple[Change, ...], problems: list[Problem]
) -> tuple[Change, ...]:
    """The changes, when everyone ever on the roster (those at deal 1, then each who joins)
    is at most MAX_ROSTER people: a column each in every output, so a file of a thousand
    joins is refused before anything costs a thousand columns."""
    if not changes:
        return changes
    from scorepad.seating import Join

    joined = [c.name for c in changes if isinstance(c, Join)]
    ever = len(dict.fromkeys((*players, *joined)))
    if ever <= MAX_ROSTER:
        return changes
    problems.append(
        Problem(
            "roster",
            _(
                "{ever} people are on the roster at some deal; a session holds at most "
                "{most} people, those who left included (start a new session file)"
            ).format(ever=ever, most=MAX_ROSTER),
        )
    )
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


def _typed(data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kind):
        raise ScorepadError(
            [
                Problem(
                    key,
                    _("should be {name}, not {value}").format(
                        name=kind.__name__, value=shown(value)
                    ),
                )
            ]
        )
    return value


def _rules(value: Any, variant: Any, problems: list[Problem]) -> dict[str, Setting]:
    from scorepad.variants import default_rules

    if not isinstance(value, dict):
        problems.append(Problem("rules", _("the [rules] table is missing")))
        return default_rules(variant)
    profile = value.get("profile")
    if not isinstance(profile, str) or profile not in variant.profiles:
        problems.append(
            Problem(
                "rules",
                _("profile {profile} is not one of {profiles}").format(
                    profile=shown(profile), profiles=", ".join(variant.profiles)
                ),
            )
        )
        return default_rules(variant)
    expected = default_rules(variant, profile)
    rules = dict(expected)  # a setting missing or of the wrong kind is reported, and the
    for key, default in expected.items():  # deals are still read with the profile's value
        if key not in value:
            problems.append(Problem("rules", _("setting {key} is missing").format(key=shown(key))))
            continue
        problem = setting_problem(key, value[key], default)
        if problem:
            problems.append(Problem("rules", problem))
        else:
            rules[key] = value[key]
    unknown = [key for key in value if key not in expected]
    for key in unknown[:MAX_PROBLEMS]:  # a hostile file's 800,000 of them: a count
        problems.append(
            Problem(
                "rules",
                _("unknown setting {key} (settings: {expected})").format(
                    key=shown(key), expected=", ".join(expected)
                ),
            )
        )
    if len(unknown) > MAX_PROBLEMS:
        problems.append(
            Problem(
                "rules", _("and {x} more unknown settings").format(x=len(unknown) - MAX_PROBLEMS)
            )
        )
    return rules


def session_to_document(session: Session) -> dict[str, Any]:
    """The TOML document of a session, keys in a stable order."""
    variant = get_variant(session.variant)
    doc = _header(session)
    deals = [_deal_fields(variant, deal) for deal in session.deals]
    if deals:
        doc["deals"] = deals
    return doc


def _header(session: Session) -> dict[str, Any]:
    # always the format this scorepad writes: a file read in an older one is upgraded
    doc: dict[str, Any] = {"scorepad": FORMAT_VERSION, "variant": session.variant}
    if session.title:
        doc["title"] = session.title
    if session.date:
        doc["date"] = session.date
    doc["players"] = list(session.roster)
    if session.seats is not None and (session.seats != len(session.roster) or session.changes):
        doc["seats"] = session.seats
    doc["dealer"] = session.dealer
    doc["rules"] = dict(session.rules)
    return doc


def change_table(change: Change) -> dict[str, Any]:
    """A roster change as its `[[roster]]` table."""
    from scorepad.seating import Join, Leave

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
    import tomli_w

    return "\n[[roster]]\n" + tomli_w.dumps(change_table(change))


def _deal_fields(variant: Any, deal: Deal) -> dict[str, Any]:
    deal_fields: dict[str, Any] = {"dealer": deal.dealer}
    if deal.out is not None:
        deal_fields["out"] = list(deal.out)
    deal_fields.update(variant.entry_to_raw(deal.entry))
    if deal.note:
        deal_fields["note"] = deal.note
    if deal.continued:
        deal_fields["continued"] = True
    return deal_fields


def deal_text(table: Mapping[str, Any]) -> str:
    """One deal's fields as a `[[deals]]` table (tomli-w would write short ones inline, which no one
    can edit by hand and nothing can be appended to); sub-tables as `[deals.KEY]`."""
    import tomli_w

    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    parts = ["\n[[deals]]\n", tomli_w.dumps(plain)]
    for key, value in table.items():
        if isinstance(value, dict):
            assert key.isidentifier(), key
            parts += [f"\n[deals.{key}]\n", tomli_w.dumps(value)]
    return "".join(parts)
