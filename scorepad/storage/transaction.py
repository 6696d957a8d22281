"""Several files changed as one (`tournament draw`, `tournament rename`, `rename` over several
session files): one `Transaction` on a folder that holds every file it changes.

`tx.lock(paths)` locks each file and reads it under its lock; `tx.write(path, data)` and
`tx.remove(path)` say what changes, the file that makes the change visible (a tournament
file) last; `tx.commit()` writes each new content beside its target, then the journal
(`JOURNAL`: each target, the SHA-256 of its old and new content, its new file), then replaces
the targets in order, and the journal goes. Without a journal (a round's first draw) the last
file written is the commit. A journal a kill left behind makes every command refuse the files
it names (`refuse_half_done`) until `scorepad recover` (`recover`) finishes the change; a
journal scorepad did not write is never acted on. docs/safety.md says it for users.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.storage.files import (
    JOURNAL,
    Locked,
    describe,
    flock_wait,
    fsync_folder,
    journals_above,
    locked,
    new_file,
    read_bytes,
    typed,
    why,
)

JOURNAL_FORMAT = 2
MAX_JOURNAL_BYTES = 1 << 20


def _digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


@dataclass
class _Target:
    path: Path  # as the caller named it (for messages)
    real: Path  # symlinks resolved: what is replaced
    held: Locked | None  # the file as read under the lock; None: no file
    old: bytes | None  # its bytes (None: no file)
    new: bytes | None = None  # None: removed
    changed: bool = False  # write or remove asked
    temp: Path | None = None  # the new content, written beside `real`


class Transaction:
    """One change of several files in `folder`, all or nothing (see the module's docstring)."""

    def __init__(self, folder: Path, *, journal: bool = True) -> None:
        self.folder = folder
        self.base = Path(os.path.realpath(folder))
        self.journal = self.base / JOURNAL if journal else None
        self._stack = contextlib.ExitStack()
        self._targets: dict[Path, _Target] = {}
        self._inodes: dict[tuple[int, int], Locked] = {}
        self._order: list[Path] = []
        self._done = False

    def __enter__(self) -> Transaction:
        if self.journal is not None and _left(self.journal):
            raise _cut_short(self.folder)
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if not self._done:  # a change not made: its new files go
                for target in self._targets.values():
                    if target.temp is not None:
                        with contextlib.suppress(OSError):
                            os.unlink(target.temp)
        finally:
            self._stack.close()

    def lock(self, paths: Sequence[Path]) -> list[bytes | None]:
        """Lock each of `paths` (held to the end of the block) and return their bytes, read
        under the lock, in the order given; None for no file (it may then be created by
        `write`). The locks are taken in one fixed order, by real path; a FIFO, a folder, a
        file left half-done by a change cut short or a path leading outside the folder is
        refused."""
        reals = [self._inside(path) for path in paths]
        for real, path in sorted(zip(reals, paths, strict=True)):
            if real in self._targets:
                continue
            refuse_half_done(path)
            held = None
            with contextlib.suppress(FileNotFoundError):
                st = os.stat(real)
                held = self._inodes.get((st.st_dev, st.st_ino))  # the same file: one lock
                if held is None:
                    held = self._stack.enter_context(locked(path))
                    self._inodes[st.st_dev, st.st_ino] = held
            self._targets[real] = _Target(path, real, held, None if held is None else held.data)
        return [self._targets[real].old for real in reals]

    def write(self, path: Path, data: bytes) -> None:
        """`path` holds `data` once committed (created if there was no file)."""
        self._change(path, data)

    def remove(self, path: Path) -> None:
        """`path` is gone once committed (nothing to do if there was no file)."""
        self._change(path, None)

    def _inside(self, path: Path) -> Path:
        real = Path(os.path.realpath(path))
        if not real.is_relative_to(self.base):
            said = _(
                "leads outside {folder} (a symbolic link); scorepad changes files only inside "
                "it: nothing was changed"
            )
            raise ScorepadError.at(path, said.format(folder=self.folder))
        return real

    def _change(self, path: Path, data: bytes | None) -> None:
        real = self._inside(path)
        if real not in self._targets:
            self.lock([path])
        target = self._targets[real]
        target.new = data
        target.changed = True
        if real in self._order:
            self._order.remove(real)
        self._order.append(real)

    def commit(self) -> None:
        """Write every change, the last one given last (see the module's docstring)."""
        targets = [
            t for t in (self._targets[r] for r in self._order) if t.changed and t.new != t.old
        ]
        for target in targets:
            _check(target)
        if not targets:
            self._done = True
            return
        at = targets[0].path
        try:
            for target in targets:
                if target.new is not None:
                    at = target.path
                    mode = None if target.held is None else target.held.mode
                    target.temp = new_file(target.real, [target.new], mode)
        except OSError as err:
            raise _cannot(at, err) from None
        for folder in sorted({t.real.parent for t in targets}):
            fsync_folder(folder)
        if self.journal is not None:
            try:
                self._stack.enter_context(self._journal(targets))
            except OSError as err:
                said = _(
                    "cannot write the journal of a change of several files in this folder, the "
                    "one that holds them all: {err}; nothing was changed"
                )
                raise ScorepadError.at(self.folder, said.format(err=describe(err))) from None
            self._done = True  # the change is made: its new files are the journal's now
        try:
            for target in targets:
                at = target.path
                _apply(target.real, target.temp, target.old is None)
        except OSError as err:
            if self.journal is not None:  # `recover` finishes it
                said = _(
                    "cannot write: {err}; the change was cut short: run 'scorepad recover "
                    "{folder}' to finish it"
                )
                raise _cannot(at, err, said, folder=typed(self.base)) from None
            said = _("cannot write: {err}; the change is not made (its last file is unchanged)")
            raise _cannot(at, err, "" if at == targets[0].path else said) from None
        for folder in sorted({t.real.parent for t in targets}):
            fsync_folder(folder)
        self._done = True
        if self.journal is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.journal)
            fsync_folder(self.base)

    @contextlib.contextmanager
    def _journal(self, targets: list[_Target]):  # type: ignore[no-untyped-def]
        """The journal written, linked at its name (never over another: a living change's
        is waited for, one cut short refused) and locked while this process lives."""
        assert self.journal is not None
        entries = [
            {
                "file": os.path.relpath(t.real, self.base),
                "old": _digest(t.old),
                "new": _digest(t.new),
                "temp": None if t.temp is None else t.temp.name,
            }
            for t in targets
        ]
        text = json.dumps({"scorepad-journal": JOURNAL_FORMAT, "entries": entries}, indent=1)
        tmp = new_file(self.journal, [text.encode("utf-8")], None)
        try:
            fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                while True:
                    try:
                        os.link(tmp, self.journal)
                        break
                    except FileExistsError:
                        if _left(self.journal):
                            raise _cut_short(self.folder) from None
                fsync_folder(self.base)
                os.unlink(tmp)
                yield
            finally:
                os.close(fd)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _check(target: _Target) -> None:
    if target.held is None:
        if os.path.lexists(target.path) and target.new is not None:
            raise ScorepadError.at(target.path, _("appeared meanwhile; nothing was changed"))
        if not target.real.parent.is_dir():
            said = _("folder {parent} does not exist").format(parent=target.real.parent)
            raise ScorepadError.at(target.path, said)
        return
    target.held.writable(
        _("read-only: the file has no write permission (chmod u+w); nothing was changed"),
        _(
            "was removed or replaced while scorepad was saving; nothing was "
            "changed: look at the file, then try again"
        ),
    )


def _apply(path: Path, temp: Path | None, new_file: bool) -> None:
    """`path` removed (no `temp`), or its new content `temp` renamed over it, or linked to it
    when it is a `new_file` (a link fails if a file appeared meanwhile: never over it)."""
    if temp is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    elif new_file:
        os.link(temp, path)
        os.unlink(temp)
    else:
        os.replace(temp, path)


def _cannot(where: Path | str, err: OSError, said: str = "", **more: object) -> ScorepadError:
    said = said or _("cannot write: {err}; nothing was changed")
    return ScorepadError.at(where, said.format(err=describe(err), **more))


def _cut_short(folder: Path, file: Path | None = None) -> ScorepadError:
    """`folder` holds the journal of a change cut short (that names `file`)."""
    if file is None:
        said = _(
            "a change of several files was cut short here (its journal: {journal}); run "
            "'scorepad recover {folder}' to finish it"
        )
    else:
        said = _(
            "is part of a change of several files that was cut short (its journal: "
            "{journal}); run 'scorepad recover {folder}' to finish it"
        )
    where = folder if file is None else file
    folder = typed(folder)
    return ScorepadError.at(where, said.format(journal=folder / JOURNAL, folder=folder))


def _busy(journal: Path) -> ScorepadError:
    return ScorepadError.at(journal, _("another scorepad is changing these files; try again"))


def _left(journal: Path) -> bool:
    """Whether a journal is at the name and no living change holds it (a living one is
    waited for, up to LOCK_SECONDS)."""
    try:
        fd = flock_wait(journal, lambda: _busy(journal))
    except OSError:
        return True  # a symlink, a file not ours to read: in the way all the same
    if fd is None:
        return False
    os.close(fd)
    return True


# -- a change cut short ------------------------------------------------------------------------


class _Broken(Exception):
    """A journal scorepad did not write as it stands: never acted on."""


class _Entry(NamedTuple):
    path: Path  # real, inside the journal's folder
    old: str | None
    new: str | None
    temp: Path | None


def _entries(fd: int, base: Path) -> list[_Entry]:
    """The journal's entries, each checked (`_entry`); `_Broken` when it is not a journal
    scorepad writes."""
    raw = os.read(fd, MAX_JOURNAL_BYTES + 1) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    try:
        doc = json.loads(raw)
        if doc["scorepad-journal"] != JOURNAL_FORMAT or len(raw) > MAX_JOURNAL_BYTES:
            raise _Broken
        found = [_entry(base, **e) for e in doc["entries"]]
    except (ValueError, KeyError, TypeError):
        raise _Broken from None
    if not found or len({e.path for e in found}) < len(found):
        raise _Broken
    return found


def _entry(base: Path, file: str, old: str | None, new: str | None, temp: str | None) -> _Entry:
    """One entry: a file inside `base` that resolves to itself (no symlink on the way), the
    digests of its old and new content, and its new file, beside it (none: removed)."""
    path = base / file
    if not (
        path != base
        and path.is_relative_to(base)
        and os.path.normpath(file) == file
        and os.path.realpath(path) == str(path)
        and path.name != JOURNAL
        and all(h is None or (isinstance(h, str) and len(h) == 64) for h in (old, new))
        and (
            temp is None
            if new is None
            else isinstance(temp, str)
            and temp[:1] == "."
            and temp[-4:] == ".tmp"
            and "/" not in temp
        )
    ):
        raise _Broken
    return _Entry(path, old, new, None if temp is None else path.parent / temp)


def _read_entries(journal: Path) -> list[_Entry] | None:
    """The entries of the journal at `journal` once no living change holds it; None when it
    went meanwhile. `_Broken`: a symlink or a file scorepad did not write."""
    try:
        fd = flock_wait(journal, lambda: _busy(journal))
    except OSError:
        raise _Broken from None
    if fd is None:
        return None
    try:
        return _entries(fd, journal.parent)
    finally:
        os.close(fd)


def refuse_half_done(path: Path) -> None:
    """Refuse `path` when a journal left by a change cut short, in its folder or a folder
    above, names it (`scorepad recover` finishes the change). A journal scorepad did not
    write names nothing: it is refused by `recover`, not here."""
    real = Path(os.path.realpath(path))
    for journal in journals_above(path):
        try:
            entries = _read_entries(journal)
        except (_Broken, OSError):
            continue
        if entries and real in {e.path for e in entries}:
            raise _cut_short(journal.parent, path)


def recover(folder: Path) -> list[Path]:
    """Finish the change of several files a killed scorepad left in `folder`; the files its
    journal names ([] when there was none). Under each file's lock, and only when every file
    is as the journal says it was or is to be and each new file holds what was written;
    anything else is refused, and nothing is touched."""
    base = Path(os.path.realpath(folder))
    journal = base / JOURNAL
    if not os.path.lexists(journal):
        return []
    try:
        entries = _read_entries(journal)
    except (_Broken, OSError):
        said = _(
            "is not a journal scorepad wrote (a symbolic link, a file that cannot be read, or a "
            "path outside its folder); nothing was done: look at the files, then remove it"
        )
        raise ScorepadError.at(Path(folder) / JOURNAL, said) from None
    if entries is None:
        return []  # the change it belonged to ended meanwhile
    with contextlib.ExitStack() as stack:
        now: dict[Path, str | None] = {}
        for entry in sorted(entries, key=lambda e: e.path):  # locked in one order
            held = stack.enter_context(locked(entry.path)) if os.path.lexists(entry.path) else None
            now[entry.path] = None if held is None else _digest(held.data)
        temps = {e.path: _digest(_own(e.temp)) for e in entries}
        wrong = [
            e.path
            for e in entries
            if now[e.path] != e.new
            and not (now[e.path] == e.old and (e.new is None or temps[e.path] == e.new))
        ]
        if wrong:
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _(
                            "is neither as it was nor as it was to be when a change of several "
                            "files was cut short (its journal: {journal}); nothing was done: "
                            "look at the files, then remove the journal to keep them as they are"
                        ).format(journal=Path(folder) / JOURNAL),
                    )
                    for path in wrong
                ]
            )
        try:
            for e in entries:
                if now[e.path] != e.new:
                    _apply(e.path, e.temp, e.old is None)
                elif e.temp is not None and temps[e.path] == e.new:
                    os.unlink(e.temp)  # linked already, its own name not yet removed
            for parent in sorted({e.path.parent for e in entries}):
                fsync_folder(parent)
            os.unlink(journal)
        except OSError as err:
            said = _("a change of several files was cut short and cannot be finished: {err}")
            raise ScorepadError.at(folder, said.format(err=why(err))) from None
        fsync_folder(base)
    return [e.path for e in entries]


def _own(path: Path | None) -> bytes | None:
    """A new file's bytes, never through a symlink; None: none there (or no regular file)."""
    try:
        return None if path is None else read_bytes(path, follow=False)
    except ScorepadError:
        return None
