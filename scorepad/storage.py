"""Session files: TOML ⇄ model, format versions and upgrades, atomic saves.

The only module that touches files. A file that cannot be read is never overwritten:
callers load before they save, and a save writes a temporary file in the same folder,
fsyncs it and renames it over the old one.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from scorepad import FORMAT_VERSION
from scorepad.checks import check_players, read_deal, read_dealer, setting_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.model import Deal, Session, Setting, Table
from scorepad.variants import get_variant

TOP_KEYS = ("scorepad", "variant", "title", "players", "dealer", "rules", "deals")

def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added French `slam_penalties_add` (true: what version 1 always did)."""
    rules = doc.get("rules")
    if doc.get("variant") == "french" and isinstance(rules, dict):
        doc = {**doc, "rules": {**rules}}
        doc["rules"].setdefault("slam_penalties_add", True)
    return doc


#: UPGRADES[i] turns a version i+1 document into a version i+2 document.
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [_v1_to_v2]


def read_document(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ScorepadError(
            [Problem(str(path), "no such session file (start one with 'scorepad new')")]
        ) from None
    except OSError as err:
        raise ScorepadError([Problem(str(path), f"cannot read: {err.strerror}")]) from None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScorepadError([Problem(str(path), "is not UTF-8 text")]) from None
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError([Problem(str(path), f"is not valid TOML: {err}")]) from None


def load(path: Path) -> Session:
    doc = read_document(path)
    try:
        return session_from_document(doc)
    except ScorepadError as err:
        raise err.located(str(path)) from None


def session_from_document(doc: Mapping[str, Any]) -> Session:
    """Build and check a Session from a parsed TOML document; every problem is reported."""
    version = doc.get("scorepad")
    if version is None:
        raise ScorepadError(["no 'scorepad = N' format key: not a scorepad session file"])
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ScorepadError([f"format key scorepad = {version!r} should be a version number"])
    if version > FORMAT_VERSION:
        raise ScorepadError([
            f"format version {version} is newer than this scorepad understands "
            f"({FORMAT_VERSION}): upgrade scorepad to open it"
        ])
    data = dict(doc)
    for step in UPGRADES[version - 1 :]:
        data = step(data)

    problems: list[Problem] = []
    for key in data:
        if key not in TOP_KEYS:
            problems.append(Problem("", f"unknown key '{key}' (expected {', '.join(TOP_KEYS)})"))
    try:
        variant = get_variant(_typed(data, "variant", str, ""))
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    title = data.get("title", "")
    if not isinstance(title, str):
        problems.append(Problem("title", "should be text"))
        title = ""
    try:
        players = check_players(data.get("players"), variant.name, variant.min_players,
                                variant.max_players)  # fmt: skip
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    rules = _rules(data.get("rules"), variant, problems)
    table = Table(variant.name, players, rules)
    dealer = read_dealer(data.get("dealer", players[0]), table, "dealer", problems)
    if not problems:  # the variant's own checks of its settings
        problems.extend(variant.session_problems(Session(variant.name, players, rules,
                                                         dealer or players[0], title)))

    deals: list[Deal] = []
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        problems.append(Problem("deals", "should be [[deals]] tables"))
        raw_deals = []
    for n, raw in enumerate(raw_deals, 1):
        try:
            deals.append(read_deal(raw, table, f"deal {n}"))
        except ScorepadError as err:
            problems.extend(err.problems)
    if problems:
        raise ScorepadError(problems)
    session = Session(variant.name, players, rules, dealer or players[0], title, tuple(deals))
    problems.extend(variant.session_problems(session))
    if problems:
        raise ScorepadError(problems)
    return session


def _typed(data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kind):
        raise ScorepadError([Problem(key, f"should be {kind.__name__}, not {value!r}")])
    return value


def _rules(value: Any, variant: Any, problems: list[Problem]) -> dict[str, Setting]:
    from scorepad.variants import default_rules

    if not isinstance(value, dict):
        problems.append(Problem("rules", "the [rules] table is missing"))
        return default_rules(variant)
    profile = value.get("profile")
    if not isinstance(profile, str) or profile not in variant.profiles:
        problems.append(Problem("rules", f"profile {profile!r} is not one of "
                                         f"{', '.join(variant.profiles)}"))
        return default_rules(variant)
    expected = default_rules(variant, profile)
    rules = dict(expected)  # a setting missing or of the wrong kind is reported, and the
    for key, default in expected.items():  # deals are still read with the profile's value
        if key not in value:
            problems.append(Problem("rules", f"setting '{key}' is missing"))
            continue
        problem = setting_problem(key, value[key], default)
        if problem:
            problems.append(Problem("rules", problem))
        else:
            rules[key] = value[key]
    for key in value:
        if key not in expected:
            problems.append(Problem("rules", f"unknown setting '{key}' "
                                             f"(settings: {', '.join(expected)})"))
    return rules


def session_to_document(session: Session) -> dict[str, Any]:
    """The TOML document of a session, keys in a stable order."""
    variant = get_variant(session.variant)
    doc: dict[str, Any] = {"scorepad": session.version, "variant": session.variant}
    if session.title:
        doc["title"] = session.title
    doc["players"] = list(session.players)
    doc["dealer"] = session.dealer
    doc["rules"] = dict(session.rules)
    deals = []
    for deal in session.deals:
        table: dict[str, Any] = {"dealer": deal.dealer}
        table.update(variant.entry_to_raw(deal.entry))
        if deal.note:
            table["note"] = deal.note
        deals.append(table)
    if deals:
        doc["deals"] = deals
    return doc


def dumps(session: Session) -> str:
    import tomli_w

    text = tomli_w.dumps(session_to_document(session))
    # parse what we are about to write: it must give back the very same session
    again = session_from_document(tomllib.loads(text))
    assert again == session, "the session does not survive a save and load"
    return text


def save(path: Path, session: Session, *, new: bool = False) -> None:
    """Write atomically: temp file in the same folder, fsync, rename over the old file.

    With new=True the file must not exist yet, and an existing one is never replaced.
    """
    write_text(path, dumps(session), new=new)


def write_export(path: Path, text: str) -> None:
    """Write an export, but never over a session file: that would lose its scores."""
    if path.exists():
        try:
            is_session = "scorepad" in read_document(path)
        except ScorepadError:
            is_session = False
        if is_session:
            raise ScorepadError([Problem(str(path), "is a scorepad session file; an export "
                                                    "never replaces one (choose another name)")])
    write_text(path, text)


def write_text(path: Path, text: str, *, new: bool = False) -> None:
    """Atomically write text (a session or an export) to path."""
    folder = path.resolve().parent
    if new and path.exists():
        raise ScorepadError([Problem(str(path), "already exists; scorepad new never overwrites "
                                                "(choose another name)")])
    if not folder.is_dir():
        raise ScorepadError([Problem(str(path), f"folder {folder} does not exist")])
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if new:
            os.link(tmp, path)  # fails if the file appeared meanwhile: never overwrite
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except FileExistsError:
        os.unlink(tmp)
        raise ScorepadError([Problem(str(path), "already exists; scorepad new never "
                                                "overwrites (choose another name)")]) from None
    except OSError as err:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise ScorepadError([Problem(str(path), f"cannot write: {err.strerror}")]) from None
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
