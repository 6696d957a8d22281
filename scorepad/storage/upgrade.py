"""The session file's format number and the upgrades of older formats: a document of any
format this scorepad reads becomes one of the current format (`FORMAT_VERSION`) before it is
read; a format from a newer scorepad, or no format key, is refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad import FORMAT_VERSION
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.text import shown


def upgraded(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The parsed document in the current format (a copy; the document is left as it is)."""
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

    return data


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


def _v5_to_v6(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 6 added French Tarot's club variants (multipliers, the margin's rounding,
    handful thresholds, a declared misère), each at the value every file before played by,
    and the rules' optional `name`."""
    rules = doc.get("rules")
    if doc.get("variant") == "french" and isinstance(rules, dict):
        from scorepad.variants.french.entry import CLUB

        doc = {**doc, "rules": {**CLUB, **rules}}
    return doc


#: UPGRADES[i] turns a version i+1 document into a version i+2 document.
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [
    _v1_to_v2,
    _v2_to_v3,
    _v3_to_v4,
    _v4_to_v5,
    _v5_to_v6,
]
