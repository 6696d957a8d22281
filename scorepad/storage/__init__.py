"""Session files, as the commands use them: `load` one, `update` it under the lock (read again,
change, save) and `save_new`. The rooms behind them: `files` (bounded reads, the lock, atomic
replaces, exports), `parse` (the TOML, whole or deal by deal), `document` (TOML ⇄ Session and the
format's upgrades) and `signature` (the signed format: its last line, appending a deal, `dumps`).

The only package that touches files. A file that cannot be read is never overwritten: callers
load before they save, and a save writes a temporary file in the same folder, fsyncs it and
renames it over the old one.
"""

from __future__ import annotations

import contextlib
import os
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:  # the compiled parser: 3× faster than tomllib (see the README), same API
    import tomli as tomllib
except ImportError:  # pragma: no cover - a platform without its wheel
    import tomllib  # type: ignore[no-redef]

from scorepad import FORMAT_VERSION, __version__
from scorepad.checks import read_deal, saved_deal
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.storage import document, files, signature
from scorepad.storage.document import (
    TOP_KEYS,
    UPGRADES,
    deal_text,
    session_from_document,
    session_to_document,
)
from scorepad.storage.files import (
    LOCK_SECONDS,
    MAX_FILE_BYTES,
    MAX_UNSIGNED_BYTES,
    _describe,
    _fsync_folder,
    _replace,
    _still_there,
    _temp_name,
    _write_temp,
    distinct,
    locked,
    read_bytes,
    write_export,
)
from scorepad.storage.parse import _Chunk, _Chunks, parse_document, parse_signed, parse_whole
from scorepad.storage.signature import _appended, _unsigned, dumps, signed

# what callers use (commands, tests, benchmarks, scripts), wherever it lives
__all__ = [
    "JOURNAL",
    "LOCK_SECONDS",
    "MAX_FILE_BYTES",
    "MAX_UNSIGNED_BYTES",
    "TOP_KEYS",
    "UPGRADES",
    "Path",
    "Problem",
    "ScorepadError",
    "_Chunk",
    "_Chunks",
    "_appended",
    "_session_from_bytes",
    "_unsigned",
    "deal_text",
    "distinct",
    "dumps",
    "file_format",
    "load",
    "locked",
    "parse_document",
    "parse_signed",
    "parse_whole",
    "read_bytes",
    "read_deal",
    "recovered",
    "save_new",
    "saved_deal",
    "session_from_document",
    "session_to_document",
    "signed",
    "tomllib",
    "update",
    "upgrade_note",
    "write_export",
]


#: a change of several session files (`rename` over a season) keeps its journal while it
#: commits in the folder that holds them all; the next command on a file of that folder
#: finishes or undoes one that a kill cut short (`transaction.recover`)
JOURNAL = ".scorepad-files.journal"


def recovered(path: Path) -> None:
    """A change of several files cut short beside `path`: finished or undone first."""
    journal = Path(path).parent / JOURNAL
    if os.path.lexists(journal):  # one stat when there is none: nothing imported
        from scorepad.storage.transaction import recover

        recover(journal)


def load(path: Path, *, lazy: bool = False, recheck: bool = False) -> Session:
    """The session in a file, every deal read. A file whose signature holds was checked by
    this scorepad when it wrote it: its deals are read as saved (typed, not checked against
    the rules again; `checks.saved_deal`), and with `lazy` each only when first looked at
    (`show N`). Any other file, or any file with `recheck` (`scorepad check`), has every deal
    checked in full."""
    recovered(path)
    return _session_from_bytes(read_bytes(path), path, lazy=lazy, recheck=recheck)


def _session_from_bytes(
    data: bytes, path: Path, *, lazy: bool = False, recheck: bool = False
) -> Session:
    signed_ = _unsigned(data)[1]
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
    doc = parse_signed(data, path) if _unsigned(data)[1] else parse_whole(data, path)
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
    text = dumps(session)
    folder = path.resolve().parent
    if os.path.lexists(path):
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    _("already exists; scorepad new never overwrites (choose another name)"),
                )
            ]
        )
    if not folder.is_dir():
        raise ScorepadError(
            [Problem(str(path), _("folder {folder} does not exist").format(folder=folder))]
        )
    tmp = _temp_name(path.resolve())
    try:
        try:
            _write_temp(tmp, [text.encode("utf-8")], None)
            os.link(tmp, path)  # fails if the file appeared meanwhile: never overwrite
        finally:  # written or not (a full disk), the temporary file goes
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    except FileExistsError:
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    _("already exists; scorepad new never overwrites (choose another name)"),
                )
            ]
        ) from None
    except (OSError, UnicodeError) as err:
        raise ScorepadError(
            [Problem(str(path), _("cannot write: {err}").format(err=_describe(err)))]
        ) from None
    _fsync_folder(folder)


def update(
    path: Path, change: Callable[[Session], Session], notes: list[str] | None = None
) -> tuple[Session, Session]:
    """Read, change and save a session under a lock, so no other scorepad writes in between.

    The file is read again under the lock (whatever was loaded before may be stale); a
    failing `change` raises before anything is written. Returns (before, after). A file
    whose signature holds is read lazily: adding a deal reads the last one, not all."""
    recovered(path)
    with locked(path) as (real, data, mode, inode):
        _text, trusted = _unsigned(data)
        doc = parse_signed(data, path) if trusted else parse_whole(data, path)
        try:
            before = session_from_document(doc, lazy=trusted, saved=trusted)
        except ScorepadError as err:
            raise err.located(str(path)) from None
        after = change(before)
        if after != before:
            if not after.fixed:  # what the file could not be read with again
                try:
                    document.cells_problem(after, len(after.deals))
                except ScorepadError as err:
                    raise err.located(str(path)) from None
            text = _appended(data, doc, before, after) or [dumps(after).encode("utf-8")]
            if sum(len(chunk) for chunk in text) > MAX_FILE_BYTES:  # it could not be read again
                raise ScorepadError(
                    [
                        Problem(
                            str(path),
                            _(
                                "would grow past {x} MiB, more than "
                                "scorepad reads; nothing was saved: "
                                "start a new session file"
                            ).format(x=MAX_FILE_BYTES // 2**20),
                        )
                    ]
                )
            note = upgrade_note(path, doc.get("scorepad"))
            if notes is not None and note:
                notes.append(note)
            if mode & 0o222 == 0:
                raise ScorepadError(
                    [
                        Problem(
                            str(path),
                            _("read-only: the file has no write permission (chmod u+w to record)"),
                        )
                    ]
                )
            _still_there(real, inode, path)
            try:
                _replace(real, text, mode)
            except (OSError, UnicodeError) as err:
                raise ScorepadError(
                    [Problem(str(path), _("cannot write: {err}").format(err=_describe(err)))]
                ) from None
    return before, after


#: names that callers (tests counting reads, a smaller size limit) may set on scorepad.storage:
#: setting one sets it where it is used
_USED_IN: dict[str, tuple[types.ModuleType, ...]] = {
    "read_deal": (document, signature),
    "MAX_FILE_BYTES": (files,),
}


class _Storage(types.ModuleType):
    def __setattr__(self, name: str, value: Any) -> None:
        for module in _USED_IN.get(name, ()):
            setattr(module, name, value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Storage
