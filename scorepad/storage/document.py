"""The session file's TOML document ⇄ Session: reading it with every check (or as saved; older
formats upgraded first by `upgrade`, who sits read by `seated`), and the text scorepad writes
for a session and for a deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorepad import FORMAT_VERSION
from scorepad.checks import (
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
    unknown_setting,
)
from scorepad.club_rules import name_problem
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Deals, Session, Setting, Table, table_at
from scorepad.storage.parse import Chunk, Chunks, parsed_deal
from scorepad.storage.seated import (
    at_most_roster,
    cells_problem,
    change_text,
    read_changes,
    read_seats,
    seated_session,
)
from scorepad.storage.upgrade import upgraded
from scorepad.text import shown
from scorepad.variants import get_variant

if TYPE_CHECKING:  # the seating is imported where a file has roster changes
    pass

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
    data = upgraded(doc)

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
    seats = read_seats(data.get("seats"), variant, "seats", problems)
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
    changes = at_most_roster(
        players, read_changes(data.get("roster", []), variant, problems), problems
    )
    if changes:  # one person joining under another case: names are unique regardless of case
        from scorepad.seating import Join

        joins = [c.name for c in changes if isinstance(c, Join)]
        problems.extend(case_twins([*players, *joins], "roster"))

    deals: list[Deal] = []
    raw_deals = data.get("deals", [])
    if isinstance(raw_deals, Chunks):
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
        return seated_session(header, raw_deals, date, problems, consume=consume, saved=saved)

    table = table_at(header, 1)  # a fixed table: every deal's, one object for them all

    def read(raw: Any, n: int) -> Deal:
        if isinstance(raw, Chunk):
            raw = parsed_deal(raw, n)
        if saved:
            deal = saved_deal(raw, table)
            if deal is not None:
                return deal
        return read_deal(raw, table, _("deal {n}").format(n=n))

    if lazy and not problems:
        return replace(header, deals=Deals(raw_deals, read), date=date)
    parsed = raw_deals.parsed_all() if isinstance(raw_deals, Chunks) else raw_deals
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
    if "name" in value:  # a club's rules' name (`new --rules club.toml`)
        wrong = name_problem(value["name"])
        if wrong:
            problems.append(Problem("rules", wrong))
        else:
            rules = {"profile": profile, "name": value["name"], **rules}
    unknown = [key for key in value if key not in expected and key != "name"]
    for key in unknown[:MAX_PROBLEMS]:  # a hostile file's 800,000 of them: a count
        problems.append(Problem("rules", unknown_setting(key, variant.name, expected)))
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


def session_text(session: Session) -> str:
    """The file's text as scorepad writes it, unsigned: the header, then every deal, each
    roster change just before the deal it first applies to (those past the last deal last)."""
    import tomli_w

    variant = get_variant(session.variant)
    head = tomli_w.dumps(_header(session))
    if not session.changes:
        return head + "".join(deal_text(_deal_fields(variant, deal)) for deal in session.deals)
    by_deal: dict[int, list[str]] = {}
    for change in session.changes:
        by_deal.setdefault(change.from_deal, []).append(change_text(change))
    parts = [head]
    for n, deal in enumerate(session.deals, 1):
        parts += by_deal.pop(n, [])
        parts.append(deal_text(_deal_fields(variant, deal)))
    parts += [t for n in sorted(by_deal) for t in by_deal[n]]
    return "".join(parts)


def appended_text(session: Session, deal: Deal) -> str:
    """One deal of `session` as the `[[deals]]` table appended to its file."""
    return deal_text(_deal_fields(get_variant(session.variant), deal))


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
