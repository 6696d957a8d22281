"""The session file's TOML document ⇄ Session: reading it with every check (older formats
upgraded first, `upgraded`; who sits read by `seated`), the text scorepad writes for a
session (`dumps`) and a deal added at the end of a file's bytes (`appended`)."""

from __future__ import annotations

import re
from codecs import BOM_UTF8 as BOM
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import tomli_w

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
    setting_problem,
    unknown_setting,
)
from scorepad.club_rules import name_problem
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Session, Setting, Table, table_at
from scorepad.seating import Join
from scorepad.storage.parse import Batches, tomllib
from scorepad.storage.penalty_records import penalty_table, penalty_text, with_penalties
from scorepad.storage.seated import (
    at_most_roster,
    cells_problem,
    change_fields,
    change_text,
    read_changes,
    read_seats,
    seated_session,
    stopped,
)
from scorepad.text import shown
from scorepad.variants import default_rules, get_variant

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
    "penalties",
)


def upgraded(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The parsed document in the current format (a copy; the document is left as it is).

    Format 2 added French `slam_penalties_add` (true: what format 1 always did); 3 the
    session's `date` (a file from before has none); 4 rosters (`seats`, `[[roster]]`, a
    deal's `out`: a file from before is a fixed table); 5 a planned length to every game
    (the rules' `deals`, 0: none); 6 French Tarot's club variants, each at the value every
    file before played by, and the rules' optional `name`."""
    version = doc.get("scorepad")
    if version is None:
        raise ScorepadError.at("", _("no 'scorepad = N' format key: not a scorepad session file"))
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ScorepadError.at(
            "",
            _("format key scorepad = {version} should be a version number").format(
                version=shown(version)
            ),
        )
    if version > FORMAT_VERSION:
        raise ScorepadError.at(
            "",
            _(
                "format version {version} is newer than this scorepad understands "
                "({format_version}): upgrade scorepad to open it"
            ).format(version=shown(version), format_version=FORMAT_VERSION),
        )
    data = dict(doc)
    rules = data.get("rules")
    if version < FORMAT_VERSION and isinstance(rules, dict):
        french = data.get("variant") == "french"
        if version < 2 and french:
            rules = {**rules, "slam_penalties_add": rules.get("slam_penalties_add", True)}
        if version < 5 and "deals" not in rules:
            rules = {**rules, "deals": 0}
        if version < 6 and french:
            # imported here: the French game costs ~50 ms to import, and only an old file needs it
            from scorepad.variants.french.entry import CLUB

            rules = {**CLUB, **rules}
        data["rules"] = rules
    return data


def session_from_document(doc: Mapping[str, Any], *, consume: bool = False) -> Session:
    """Build and check a Session from a parsed TOML document; every problem is reported.

    `consume`: the document is not used again, and each deal's fields are dropped once read
    (a big file's parsed deals and its Deals need not be in memory together). Its deals may
    be `parse.Batches`, parsed as they are read (and raising `parse.Uneven`)."""
    data = upgraded(doc)

    problems: list[Problem] = []
    unknown = [key for key in data if key not in TOP_KEYS]
    for key in unknown[:MAX_PROBLEMS]:
        said = _("unknown key {key} (expected {top_keys})")
        problems.append(Problem("", said.format(key=shown(key), top_keys=", ".join(TOP_KEYS))))
    if len(unknown) > MAX_PROBLEMS:
        more = _("and {x} more unknown keys").format(x=len(unknown) - MAX_PROBLEMS)
        problems.append(Problem("", more))
    try:
        name = data.get("variant", "")
        if not isinstance(name, str):
            raise ScorepadError.at(
                "variant", _("should be {name}, not {value}").format(name="str", value=shown(name))
            )
        variant = get_variant(name)
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
            said = _("should be a date as YYYY-MM-DD, not {data}").format(data=shown(data["date"]))
            problems.append(Problem("date", said))
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
        joins = [c.name for c in changes if isinstance(c, Join)]
        problems.extend(case_twins([*players, *joins], "roster"))

    raw_deals = data.get("deals", [])
    if isinstance(raw_deals, Batches):
        pass  # parsed as they are read
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
        seated = seated_session(header, raw_deals, date, problems, consume=consume)
        return with_penalties(seated, data.get("penalties"))

    table = table_at(header, 1)  # a fixed table: every deal's, one object for them all
    deals: list[Deal] = []
    for n, raw in enumerate(raw_deals, 1):
        if len(problems) >= MAX_PROBLEMS - 1:  # a hostile file's 100,000 bad deals: enough
            problems.append(stopped(n))
            break
        try:
            deals.append(read_deal(raw, table))
        except ScorepadError as err:
            problems.extend(err.located(_("deal {n}").format(n=n)).problems)
        if consume and isinstance(raw_deals, list):
            raw_deals[n - 1] = None
    if problems:
        raise ScorepadError(problems)
    return with_penalties(replace(header, deals=tuple(deals), date=date), data.get("penalties"))


def _rules(value: Any, variant: Any, problems: list[Problem]) -> dict[str, Setting]:
    if not isinstance(value, dict):
        problems.append(Problem("rules", _("the [rules] table is missing")))
        return default_rules(variant)
    profile = value.get("profile")
    if not isinstance(profile, str) or profile not in variant.profiles:
        said = _("profile {profile} is not one of {profiles}")
        problems.append(
            Problem(
                "rules", said.format(profile=shown(profile), profiles=", ".join(variant.profiles))
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
        more = _("and {x} more unknown settings").format(x=len(unknown) - MAX_PROBLEMS)
        problems.append(Problem("rules", more))
    return rules


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


def dumps(session: Session) -> str:
    """The whole file's text: the header, then every deal, each roster change just before the
    deal it first applies to (those past the last deal last). Parsed back, it must give the
    very document written (tomli-w's advice: parse its output once)."""
    variant = get_variant(session.variant)
    doc = _header(session)
    deals = [_deal_fields(variant, deal) for deal in session.deals]
    changes = sorted(session.changes, key=lambda change: change.from_deal)  # as written
    before: dict[int, list[str]] = {}  # by deal: the changes written just before it
    for change in changes:
        before.setdefault(min(change.from_deal, len(deals) + 1), []).append(change_text(change))
    for penalty in session.penalties:  # after the roster changes of the same moment
        before.setdefault(penalty.after + 1, []).append(penalty_text(penalty))
    parts = [tomli_w.dumps(doc)]
    for n, fields in enumerate(deals, 1):
        parts += before.pop(n, [])
        parts.append(deal_text(fields))
    parts += before.pop(len(deals) + 1, [])
    text = "".join(parts)
    if changes:
        doc["roster"] = [change_fields(c) for c in changes]
    if deals:
        doc["deals"] = deals
    if session.penalties:
        doc["penalties"] = [penalty_table(p) for p in session.penalties]
    if tomllib.loads(text) != doc:
        raise AssertionError("the session does not survive a save and load")
    return text


#: the last line of a file an older scorepad wrote (`# checked by scorepad VERSION: sha256 …`,
#: the digest of the text above it): a comment, not kept under a deal added after it
OLD_SIGNATURE = b"\n# checked by scorepad "

_DEALS_HEADER = re.compile(rb"(?m)^[ \t]*\[\[[ \t]*deals[ \t]*\]\][ \t]*(?:#.*)?\r?$")


def appended(
    data: bytes, file_format: object, before: Session, after: Session
) -> list[bytes | memoryview] | None:
    """The file's bytes (`data`, in the format `file_format`) with after's new last deal
    added as text, when that is all that changed and the file can take it: a current format
    whose deals are all `[[deals]]` tables. The new part is parsed back on its own and must
    give the very fields written; the old part is the bytes just read and checked under the
    lock. None: write the whole file."""
    old, new = before.deals, after.deals
    if (
        len(new) != len(old) + 1
        or new[:-1] != old
        or replace(after, deals=old) != before
        or file_format != FORMAT_VERSION
    ):
        return None
    end = len(data)
    signature = data.rfind(OLD_SIGNATURE)
    if signature != -1 and data.find(b"\n", signature + 1) in (-1, end - 1):
        end = signature  # an older scorepad's last line: it no longer says anything true
    if sum(1 for _found in _DEALS_HEADER.finditer(data, 0, end)) != len(old):
        return None  # deals written inline, or quoted keys: the whole file is written
    fields = _deal_fields(get_variant(after.variant), new[-1])
    text = deal_text(fields)
    if tomllib.loads(text) != {"deals": [fields]}:
        raise AssertionError("the new deal does not survive a save and load")
    while end and data[end - 1 : end] == b"\n":
        end -= 1
    start = len(BOM) if data.startswith(BOM) else 0  # an editor's byte-order mark: not kept
    return [memoryview(data)[start:end], b"\n" if end else b"", text.encode("utf-8")]


def deal_text(fields: Mapping[str, Any]) -> str:
    """One deal's fields as a `[[deals]]` entry (tomli-w would write short ones inline, which
    no one can edit by hand and nothing can be appended to); a dict of them as `[deals.KEY]`."""
    plain = {k: v for k, v in fields.items() if not isinstance(v, dict)}
    parts = ["\n[[deals]]\n", tomli_w.dumps(plain)]
    for key, value in fields.items():
        if isinstance(value, dict):
            assert key.isidentifier(), key
            parts += [f"\n[deals.{key}]\n", tomli_w.dumps(value)]
    return "".join(parts)
