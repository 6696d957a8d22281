"""A club's rules file (`--rules club.toml`), read as a person wrote it: a regular file (a FIFO
is refused at once), at most 1 MiB of UTF-8 TOML, its rules checked by `scorepad.club_rules`;
and the rules any file given to `scorepad rules` holds (a session's, a tournament's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorepad.club_rules import rules_of_document
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.storage import file_format, load_bytes, tournament
from scorepad.storage.files import MAX_TEXT_BYTES, read_bytes, read_text
from scorepad.storage.parse import tomllib

Rules = tuple[str, dict[str, Setting]]  # a game, and the rules it is played by


def _document(path: Path, where: str) -> dict[str, Any]:
    text = read_text(path, where, _("a rules file"))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError.at(path, _("not a TOML file: {err}").format(err=err)) from None
    except RecursionError:
        raise ScorepadError.at(path, _("not a TOML file: nested too deep")) from None


def load(path: Path, where: str = "--rules") -> Rules:
    """The game and rules of a rules file; every problem, located at the file."""
    doc = _document(path, where)
    try:
        return rules_of_document(doc)
    except ScorepadError as err:
        raise err.located(str(path)) from None


def is_rules_file(path: Path) -> bool:
    """Whether a file is a club's rules file (no `scorepad = N`, rules that read): a folder
    of sessions given to `standings`, `stats` or `rating` may keep one beside its evenings."""
    try:
        if path.stat().st_size > MAX_TEXT_BYTES:
            return False
        doc = _document(path, str(path))
        if "scorepad" in doc:
            return False
        rules_of_document(doc)
    except (OSError, ScorepadError):
        return False
    return True


def rules_in(path: Path) -> tuple[str, dict[str, Setting], int | None]:
    """The game and rules a file or folder holds, with how many play each deal where it says
    (a session): a tournament's (its folder or its tournament.toml), a session's (a file with
    `scorepad = N`), or a rules file's."""
    if path.is_dir() or path.name == tournament.NAME:
        held = tournament.load(path if path.is_dir() else path.parent)
        return held.variant, held.rules, None
    data = read_bytes(path)
    if file_format(data, path) is not None:  # a session: `scorepad = N`
        session = load_bytes(data, path)
        return session.variant, dict(session.rules), session.seats or len(session.roster)
    return (*load(path, str(path)), None)
