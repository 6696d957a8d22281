"""Session files, as the commands use them: `load` one, `update` it under the lock (read again,
change, save) and `save_new`. The rooms behind them: `files` (bounded reads, the lock, atomic
replaces, the safe create, exports), `parse` (the TOML, whole or deal by deal), `document`
(TOML ⇄ Session), `upgrade` (older formats), `seated` (rosters in the file) and `signature`
(the signed format: its last line, appending a deal, `dumps`); `tournament` and `transaction`
for a tournament's files and a change of several files.

The only package that touches files. A file that cannot be read is never overwritten: callers
load before they save, and a save writes a temporary file in the same folder, fsyncs it and
renames it over the old one.

What this package itself offers (`__all__`): `load`, `load_bytes`, `update`, `save_new`,
`unfinished`, and, from its rooms, `dumps` and `signed` (a session's text, and
any text signed as scorepad signs it: what scripts and the benchmarks write files with) and
`distinct` (files given twice). Everything else is used from the module it lives in.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from scorepad import FORMAT_VERSION, __version__
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.storage import files
from scorepad.storage.document import session_from_document
from scorepad.storage.files import distinct, locked, read_bytes
from scorepad.storage.parse import parse_signed, parse_whole
from scorepad.storage.seated import cells_problem
from scorepad.storage.signature import appended, dumps, signature_end, signed

__all__ = [
    "distinct",
    "dumps",
    "file_format",
    "load",
    "load_bytes",
    "save_new",
    "signed",
    "unfinished",
    "update",
    "upgrade_note",
]


def unfinished(path: Path, *, writing: bool = False) -> None:
    """Refuse a file that a change of several files, cut short, left half-done (the journal
    in its folder or a folder above names it: `scorepad recover` finishes it); to write, also
    a table file that a draw which did not finish left (its tournament does not list it).
    Nothing is changed: one stat a folder when there is no journal, nothing imported."""
    if files.journals_above(path):
        from scorepad.storage.transaction import refuse_half_done

        refuse_half_done(path)
    named = (os.path.abspath(path), os.path.realpath(path))
    if writing and any(Path(p).parent.name.startswith("round-") for p in named):
        from scorepad.storage.tournament import refuse_unlisted

        refuse_unlisted(path)


def load(path: Path, *, lazy: bool = False, recheck: bool = False) -> Session:
    """The session in a file, every deal read. A file whose signature holds was checked by
    this scorepad when it wrote it: its deals are read as saved (typed, not checked against
    the rules again; `checks.saved_deal`), and with `lazy` each only when first looked at
    (`show N`). Any other file, or any file with `recheck` (`scorepad check`), has every deal
    checked in full."""
    unfinished(path)
    return load_bytes(read_bytes(path), path, lazy=lazy, recheck=recheck)


def load_bytes(data: bytes, path: Path, *, lazy: bool = False, recheck: bool = False) -> Session:
    """The session in `data`, the bytes of the file at `path` (read already, under a lock or
    a transaction's), as `load` reads it; problems are located at `path`."""
    signed_ = signature_end(data)[1]
    doc = parse_signed(data, path) if signed_ else parse_whole(data, path)
    try:  # the parsed document is handed over, so each deal's table is freed once read
        return session_from_document(
            doc, lazy=lazy and signed_, consume=True, saved=signed_ and not recheck
        )
    except ScorepadError as err:
        raise err.located(str(path)) from None


def file_format(data: bytes, path: Path) -> object:
    """The format number a session file's bytes name (`scorepad = N`), as written: before
    any upgrade (a Session has none; the format is storage's). None where it names none."""
    doc = parse_signed(data, path) if signature_end(data)[1] else parse_whole(data, path)
    return doc.get("scorepad")


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
    failing `change` raises before anything is written. Returns (before, after). A file
    whose signature holds is read lazily: adding a deal reads the last one, not all."""
    unfinished(path, writing=True)
    with locked(path) as held:
        data = held.data
        trusted = signature_end(data)[1]
        doc = parse_signed(data, path) if trusted else parse_whole(data, path)
        try:
            before = session_from_document(doc, lazy=trusted, saved=trusted)
        except ScorepadError as err:
            raise err.located(str(path)) from None
        after = change(before)
        if after != before:
            if not after.fixed:  # what the file could not be read with again
                try:
                    cells_problem(after, len(after.deals))
                except ScorepadError as err:
                    raise err.located(str(path)) from None
            text = appended(data, doc, before, after) or [dumps(after).encode("utf-8")]
            most = files.MAX_FILE_BYTES
            if sum(len(chunk) for chunk in text) > most:  # it could not be read again
                raise ScorepadError(
                    [
                        Problem(
                            str(path),
                            _(
                                "would grow past {x} MiB, more than "
                                "scorepad reads; nothing was saved: "
                                "start a new session file"
                            ).format(x=most // 2**20),
                        )
                    ]
                )
            note = upgrade_note(path, doc.get("scorepad"))
            if notes is not None and note:
                notes.append(note)
            held.replace(
                text, _("read-only: the file has no write permission (chmod u+w to record)")
            )
    return before, after
