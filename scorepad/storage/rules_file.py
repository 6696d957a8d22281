"""A club's rules file (`--rules club.toml`), read as a person wrote it: a regular file (a FIFO
is refused at once), at most 1 MiB of UTF-8 TOML, its rules checked by `scorepad.club_rules`;
and the rules any file given to `scorepad rules` holds (a session's, a tournament's)."""

from __future__ import annotations

import re
from pathlib import Path

from scorepad.club_rules import rules_of_document
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.storage import load_bytes, tournament
from scorepad.storage.files import read_bytes, read_text
from scorepad.storage.parse import tomllib

Rules = tuple[str, dict[str, Setting]]  # a game, and the rules it is played by


def load(path: Path, where: str = "--rules") -> Rules:
    """The game and rules of a rules file; every problem, located at the file."""
    text = read_text(path, where, _("a rules file"))
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError.at(path, _("not a TOML file: {err}").format(err=err)) from None
    except RecursionError:
        raise ScorepadError.at(path, _("not a TOML file: nested too deep")) from None
    try:
        return rules_of_document(doc)
    except ScorepadError as err:
        raise err.located(str(path)) from None


def rules_in(path: Path) -> tuple[str, dict[str, Setting], int | None]:
    """The game and rules a file or folder holds, with how many play each deal where it says
    (a session): a tournament's (its folder or its tournament.toml), a session's (a file with
    `scorepad = N`), or a rules file's."""
    if path.is_dir() or path.name == tournament.NAME:
        held = tournament.load(path if path.is_dir() else path.parent)
        return held.variant, held.rules, None
    data = read_bytes(path)
    if re.search(rb"^\s*scorepad\s*=", data[:4096], re.MULTILINE):
        session = load_bytes(data, path)
        return session.variant, dict(session.rules), session.seats or len(session.roster)
    return (*load(path, str(path)), None)
