"""The session file's TOML document ⇄ Session: reading it with every check (or as saved), the
format's upgrades, and the tables scorepad writes for a session and for a deal."""

from __future__ import annotations

try:  # the compiled parser: 3× faster than tomllib (see the README), same API
    import tomli as tomllib
except ImportError:  # pragma: no cover - a platform without its wheel
    import tomllib  # type: ignore[no-redef]
from collections.abc import Callable, Mapping
from typing import Any

from scorepad import FORMAT_VERSION
from scorepad.checks import (
    MAX_TEXT,
    check_players,
    read_date,
    read_deal,
    read_dealer,
    saved_deal,
    setting_problem,
)
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Deals, Session, Setting, Table, table_at
from scorepad.storage.parse import _Chunk, _Chunks
from scorepad.text import shown
from scorepad.variants import get_variant

TOP_KEYS = ("scorepad", "variant", "title", "date", "players", "dealer", "rules", "deals")


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


#: UPGRADES[i] turns a version i+1 document into a version i+2 document.
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [_v1_to_v2, _v2_to_v3]


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
    try:
        players = check_players(
            data.get("players"), variant.name, variant.min_players, variant.max_players
        )
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    rules = _rules(data.get("rules"), variant, problems)
    table = Table(variant.name, players, rules)
    dealer = read_dealer(data.get("dealer", players[0]), table, "dealer", problems)
    if not problems:  # the variant's own checks of its settings
        problems.extend(variant.rules_problems(rules))

    deals: list[Deal] = []
    raw_deals = data.get("deals", [])
    if isinstance(raw_deals, _Chunks):
        pass  # a signed file's deals, as text: each is checked when read
    elif not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        problems.append(Problem("deals", _("should be [[deals]] tables")))
        raw_deals = []

    header = Session(variant.name, players, rules, dealer or players[0], title)

    def read(raw: Any, n: int) -> Deal:
        table = table_at(header, n)
        if isinstance(raw, _Chunk):
            try:
                raw = raw.table()
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
        return Session(
            variant.name,
            players,
            rules,
            dealer or players[0],
            title,
            Deals(raw_deals, read),
            date=date,
        )
    tables = raw_deals.tables() if isinstance(raw_deals, _Chunks) else raw_deals
    for n, raw in enumerate(tables, 1):
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
    session = Session(
        variant.name, players, rules, dealer or players[0], title, tuple(deals), date=date
    )
    return session


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
    deals = [_deal_table(variant, deal) for deal in session.deals]
    if deals:
        doc["deals"] = deals
    return doc


def _header(session: Session) -> dict[str, Any]:
    doc: dict[str, Any] = {"scorepad": session.version, "variant": session.variant}
    if session.title:
        doc["title"] = session.title
    if session.date:
        doc["date"] = session.date
    doc["players"] = list(session.players)
    doc["dealer"] = session.dealer
    doc["rules"] = dict(session.rules)
    return doc


def _deal_table(variant: Any, deal: Deal) -> dict[str, Any]:
    table: dict[str, Any] = {"dealer": deal.dealer}
    table.update(variant.entry_to_raw(deal.entry))
    if deal.note:
        table["note"] = deal.note
    return table


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
