"""The session file's format number and the upgrades of older formats: a document of any
format this scorepad reads becomes one of the current format (`FORMAT_VERSION`) before it is
read; a format from a newer scorepad, or no format key, is refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad import FORMAT_VERSION
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.text import shown


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
            from scorepad.variants.french.entry import CLUB  # only an old French file needs it

            rules = {**CLUB, **rules}
        data["rules"] = rules
    return data
