"""Session files, as the commands use them: `load` one, `update` it under the lock (read again,
change, save) and `save_new`. The rooms behind them: `files` (bounded reads, the lock, atomic
replaces, the safe create, exports), `parse` (the TOML), `document` (TOML ⇄ Session, older
formats upgraded, the text written and a deal appended) and `seated` (rosters in the file);
`tournament` and `transaction` for a tournament's files and a change of several files.

The only package that touches files. A file that cannot be read is never overwritten: callers
load before they save, and a save writes a temporary file in the same folder, fsyncs it and
renames it over the old one.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad import FORMAT_VERSION, __version__, penalties
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.storage import files
from scorepad.storage.document import appended, dumps, session_from_document
from scorepad.storage.files import check_distinct, locked, read_bytes
from scorepad.storage.parse import Uneven, parse_document, parse_session
from scorepad.storage.seated import cells_problem

__all__ = [
    "check_distinct",
    "dumps",
    "file_format",
    "load",
    "load_bytes",
    "save_new",
    "update",
    "upgrade_note",
]


def _check_unfinished(path: Path, *, writing: bool = False) -> None:
    """Refuse a file that a change of several files, cut short, left half-done (the journal
    in its folder or a folder above names it: `scorepad recover` finishes it); to write, also
    a table file that a draw which did not finish left (its tournament does not list it)."""
    # imported only then: the journal's and the tournament's modules cost every command
    if files.journals_above(path):
        from scorepad.storage.transaction import refuse_half_done

        refuse_half_done(path)
    named = (os.path.abspath(path), os.path.realpath(path))
    if writing and any(Path(p).parent.name.startswith("round-") for p in named):
        from scorepad.storage.tournament import refuse_unlisted

        refuse_unlisted(path)


def load(path: Path) -> Session:
    """The session in a file, every deal read and checked."""
    _check_unfinished(path)
    return load_bytes(read_bytes(path), path)


def load_bytes(data: bytes, path: Path) -> Session:
    """The session in `data`, the bytes of the file at `path` (read already, under a lock or
    a transaction's), as `load` reads it; problems are located at `path`."""
    return _session(parse_session(data, path), data, path)


def _session(doc: dict[str, Any], data: bytes, path: Path) -> Session:
    """The session of a parsed document (`parse_session`); a file whose deals cannot be
    parsed apart is parsed whole and read again."""
    try:  # the parsed document is handed over, so each deal's fields are freed once read
        try:
            return session_from_document(doc, consume=True)
        except Uneven:
            return session_from_document(parse_document(data, path), consume=True)
    except ScorepadError as err:
        raise err.located(str(path)) from None


def file_format(data: bytes, path: Path) -> object:
    """The format number a session file's bytes name (`scorepad = N`), as written: before
    any upgrade (a Session has none; the format is storage's). None where it names none."""
    return parse_session(data, path).get("scorepad")


def upgrade_note(path: Path, old: object) -> str | None:
    """The note that a file read in an older format (`old`, as `file_format` gives it) is
    now written in this scorepad's; None when it was already."""
    if not isinstance(old, int) or isinstance(old, bool) or old >= FORMAT_VERSION:
        return None
    return _(
        "note: {path} is now in file format {format_version} (it was "
        "{old}); a scorepad older than {version} will ask to be upgraded "
        "to open it"
    ).format(path=path, format_version=FORMAT_VERSION, old=old, version=__version__)


def save_new(path: Path, session: Session) -> None:
    """Write a new session file; an existing file is never replaced."""
    files.create_new(
        path,
        dumps(session).encode("utf-8"),
        exists=_("already exists; scorepad new never overwrites (choose another name)"),
    )


def update(
    path: Path, change: Callable[[Session], Session], notes: list[str] | None = None
) -> tuple[Session, Session]:
    """Read, change and save a session under a lock, so no other scorepad writes in between.

    The file is read again under the lock (whatever was loaded before may be stale); a
    failing `change` raises before anything is written. Returns (before, after). A deal
    added at the end is appended to the file's bytes; any other change writes it anew."""
    _check_unfinished(path, writing=True)
    with locked(path) as held:
        data = held.data
        doc = parse_session(data, path)
        old = doc.get("scorepad")
        before = _session(doc, data, path)
        after = change(before)
        if after == before:
            return before, after
        if not after.fixed:  # what the file could not be read with again
            try:
                cells_problem(after, len(after.deals))
            except ScorepadError as err:
                raise err.located(str(path)) from None
        if after.penalties and (found := penalties.problems(after)):  # as read again
            raise ScorepadError(found).located(str(path))
        text = appended(data, old, before, after) or [dumps(after).encode("utf-8")]
        most = files.MAX_FILE_BYTES
        if sum(len(chunk) for chunk in text) > most:  # it could not be read again
            raise ScorepadError.at(
                path,
                _(
                    "would grow past {x} MiB, more than scorepad reads; nothing was saved: "
                    "start a new session file"
                ).format(x=most // 2**20),
            )
        note = upgrade_note(path, old)
        if notes is not None and note:
            notes.append(note)
        held.replace(text, _("read-only: the file has no write permission (chmod u+w to record)"))
    return before, after
