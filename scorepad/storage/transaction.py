"""Several files changed as one: every file as it was, or every file as it is meant to be.

A change that touches several files (a tournament's draw: its table files and the tournament
file; a rename over several session files) goes through one `Transaction`:

1. **lock** each file it reads or changes (`tx.lock(path)`: the flock every scorepad save
   takes, held to the end; the file's bytes are read under it, so what is checked is what is
   replaced), and check what was read;
2. say what each file becomes, in the order of commit (`tx.write(path, data)`: a new file
   or a new content; `tx.remove(path)`); the file that makes the change visible (the
   tournament file) is given **last**;
3. `tx.commit()`: every target checked writable and still the file that was locked; a small
   **journal** (JSON, beside the anchor file) names every target with the fingerprints
   (SHA-256) of its old and new content; every new content is written to a temporary file
   beside its target and fsynced (a full disk, a file size limit fail here, with nothing
   changed); each old file is kept as a hard link; the renames and removals run in order;
   the journal goes last. A failure among the renames puts every file back at once.
4. Leaving the `with` block releases the locks (and, without a commit, deletes the
   temporary files: nothing was changed).

The journal lives in a folder that holds every target (below it: a tournament's folder);
a journal naming a file outside its folder is refused, never acted on.

A process killed mid-way leaves the journal behind. The next `Transaction` on the same
journal, or `recover(journal)` (the tournament commands call it before reading), finishes
what was done (every target already new: only the journal and the old copies go) or puts
every file back from its old copy. A file changed since (a deal recorded into a table file
meanwhile) is neither: the journal is kept and the error names the file and the fix.

Example (a draw: new table files, then the tournament file last)::

    from scorepad.storage.transaction import Transaction

    with Transaction(folder / ".tournament.toml.journal") as tx:
        current = tx.lock(folder / "tournament.toml")        # bytes, read under the lock
        old = tx.lock(folder / "round-2/table-1.toml")       # None: no such file
        if old is not None and holds_deals(old):
            raise ScorepadError(...)                          # nothing was written
        tx.write(folder / "round-2/table-1.toml", table_bytes)
        tx.remove(folder / "round-2/table-3.toml")            # locked first, like any target
        tx.write(folder / "tournament.toml", tournament_bytes)  # last: the commit point
        tx.commit()

Tests kill the process at each step: with `_SCOREPAD_KILL_AT_STEP=k` in the environment the
process SIGKILLs itself at the k-th step of a commit (a test hook; nothing else reads it).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.storage.files import (
    Locked,
    aside,
    describe,
    flock_wait,
    fsync_folder,
    link_new,
    locked,
    why,
    write_temp,
)

JOURNAL_FORMAT = 1

_steps = 0


def _step() -> None:
    """A point where a test may have the process killed (see the module's docstring)."""
    global _steps
    at = os.environ.get("_SCOREPAD_KILL_AT_STEP")
    if not at:
        return
    _steps += 1
    if str(_steps) == at:
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def _digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _aside(real: Path, what: str) -> Path:
    """The hidden name beside `real` of its temporary (`tmp`) or old (`old`) copy during a
    transaction (`files.aside`: `.NAME.txn-tmp`, `.NAME.txn-old`)."""
    return aside(real, f"txn-{what}")


@dataclass
class _Target:
    path: Path  # as the caller named it (for messages)
    real: Path  # symlinks resolved: what is replaced
    held: Locked | None  # the file as read under the lock; None: no file
    new: bytes | None = None  # None: removed
    changed: bool = False  # write or remove asked

    @property
    def old(self) -> bytes | None:
        """The content read under the lock; None: no file."""
        return None if self.held is None else self.held.data

    @property
    def mode(self) -> int | None:
        return None if self.held is None else self.held.mode


class Transaction:
    """One change of several files, all or nothing (see the module's docstring)."""

    def __init__(self, journal: Path) -> None:
        self.journal = Path(os.path.realpath(journal))
        self._shown = journal
        self._stack = contextlib.ExitStack()
        self._targets: dict[Path, _Target] = {}
        self._order: list[Path] = []
        self._open: list[int] = []  # temporary files, kept open and locked until the end
        self._done = False

    # -- the block ---------------------------------------------------------------------
    def __enter__(self) -> Transaction:
        recover(self._shown)  # a change cut short is finished or undone first
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if not self._done:
                for target in self._targets.values():
                    with contextlib.suppress(OSError):
                        os.unlink(_aside(target.real, "tmp"))
        finally:
            for fd in self._open:
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._stack.close()

    # -- what changes ------------------------------------------------------------------
    def lock(self, path: Path) -> bytes | None:
        """Lock `path` (held to the end of the block) and return its bytes, read under the
        lock; None when there is no such file (it may then be created by `write`). A FIFO,
        a folder or anything but a regular file is refused."""
        real = Path(os.path.realpath(path))
        if real in self._targets:
            return self._targets[real].old
        if not os.path.lexists(path):
            self._targets[real] = _Target(path, real, None)
            return None
        held = self._stack.enter_context(locked(path))
        self._targets[real] = _Target(path, real, held)
        return held.data

    def write(self, path: Path, data: bytes) -> None:
        """`path` holds `data` once committed (created if there was no file)."""
        self._change(path, data)

    def remove(self, path: Path) -> None:
        """`path` is gone once committed (nothing to do if there was no file)."""
        self._change(path, None)

    def _change(self, path: Path, data: bytes | None) -> None:
        real = Path(os.path.realpath(path))
        if real not in self._targets:
            self.lock(path)
        target = self._targets[real]
        target.new = data
        target.changed = True
        if real in self._order:
            self._order.remove(real)
        self._order.append(real)

    # -- the commit --------------------------------------------------------------------
    def commit(self) -> None:
        """Write every change, the last one given last; on any failure, every file as it
        was (or, if even putting back failed, the journal left for the next command)."""
        targets = [
            t for t in (self._targets[r] for r in self._order) if t.changed and t.new != t.old
        ]
        for target in targets:
            self._check(target)
        if not targets:
            self._done = True
            return
        try:  # the journal first: a kill from here on is finished or undone next time
            self._write_journal(targets)
            _step()
            for target in targets:
                if target.new is not None:
                    self._write_temp(target)
                    _step()
        except OSError as err:
            self._discard(targets)
            raise _cannot(targets[0].path, err) from None
        except BaseException:
            self._discard(targets)
            raise
        at = targets[0]
        try:
            for target in targets:
                if target.old is not None:
                    at = target
                    backup = _aside(target.real, "old")
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(backup)
                    os.link(target.real, backup)
                    _step()
            for target in targets:
                at = target
                _apply(target)
                _step()
            for folder in sorted({t.real.parent for t in targets}):
                fsync_folder(folder)
        except BaseException as err:
            try:
                _put_back(targets, self.journal)
            except OSError:
                raise ScorepadError(
                    [
                        Problem(
                            str(self._shown),
                            _(
                                "a change of several files failed half-way and could not "
                                "be undone; the next scorepad command puts the files back"
                            ),
                        )
                    ]
                ) from None
            if isinstance(err, FileExistsError):
                raise ScorepadError(
                    [Problem(str(at.path), _("appeared meanwhile; nothing was changed"))]
                ) from None
            if isinstance(err, OSError):
                raise _cannot(at.path, err) from None
            raise
        self._done = True
        _finish(targets, self.journal)
        _step()

    def _check(self, target: _Target) -> None:
        if target.old is None:
            if os.path.lexists(target.path) and target.new is not None:
                raise ScorepadError(
                    [Problem(str(target.path), _("appeared meanwhile; nothing was changed"))]
                )
            if not target.real.parent.is_dir():
                raise ScorepadError(
                    [
                        Problem(
                            str(target.path),
                            _("folder {parent} does not exist").format(parent=target.real.parent),
                        )
                    ]
                )
            return
        assert target.held is not None
        target.held.writable(
            _("read-only: the file has no write permission (chmod u+w); nothing was changed"),
            _(
                "was removed or replaced while scorepad was saving; nothing was "
                "changed: look at the file, then try again"
            ),
        )

    def _write_temp(self, target: _Target) -> None:
        assert target.new is not None
        # held until the end: once renamed, the new file is locked by this process, so a
        # `deal` waits for the whole change to be committed (or undone)
        fd = write_temp(_aside(target.real, "tmp"), [target.new], target.mode, hold=True)
        assert fd is not None
        self._open.append(fd)

    def _write_journal(self, targets: list[_Target]) -> None:
        base = self.journal.parent
        for t in targets:  # recovery acts only on files below the journal's folder
            if not t.real.is_relative_to(base):
                raise ValueError(f"{t.real} is not below {base}, the journal's folder")
        entries = [
            {
                "path": os.path.relpath(t.real, base),
                "old": _digest(t.old),
                "new": _digest(t.new),
            }
            for t in targets
        ]
        text = json.dumps({"scorepad-journal": JOURNAL_FORMAT, "entries": entries}, indent=1)
        tmp = _aside(self.journal, "tmp")
        # held while this process lives: a living change is not to be recovered
        fd = write_temp(tmp, [text.encode("utf-8")], None, hold=True)
        assert fd is not None
        self._open.append(fd)
        os.replace(tmp, self.journal)
        fsync_folder(base)

    def _discard(self, targets: list[_Target]) -> None:
        for target in targets:
            with contextlib.suppress(OSError):
                os.unlink(_aside(target.real, "tmp"))
        with contextlib.suppress(OSError):
            os.unlink(_aside(self.journal, "tmp"))
        with contextlib.suppress(OSError):
            os.unlink(self.journal)


def _cannot(path: Path, err: OSError) -> ScorepadError:
    return ScorepadError(
        [
            Problem(
                str(path),
                _("cannot write: {err}; nothing was changed").format(err=describe(err)),
            )
        ]
    )


def _apply(target: _Target) -> None:
    if target.new is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(target.real)
        return
    tmp = _aside(target.real, "tmp")
    if target.old is None:
        link_new(tmp, target.real)  # fails if a file appeared meanwhile: never overwrite
    else:
        os.replace(tmp, target.real)


def _put_back(targets: list[_Target], journal: Path) -> None:
    """Every target as it was (this process still holds the locks), then the journal goes."""
    for target in reversed(targets):
        backup = _aside(target.real, "old")
        if target.old is None:
            if _digest(_read(target.real)) == _digest(target.new):
                os.unlink(target.real)
        elif os.path.exists(backup) and _read(target.real) != target.old:
            os.replace(backup, target.real)
    for target in targets:
        for what in ("old", "tmp"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(_aside(target.real, what))
    for folder in sorted({t.real.parent for t in targets}):
        fsync_folder(folder)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(journal)
    fsync_folder(journal.parent)


def _finish(targets: list[_Target], journal: Path) -> None:
    """Committed: the old copies and any temporary file go, then the journal (killed in
    between, every target is new: the next command only removes the journal)."""
    for target in targets:
        for what in ("old", "tmp"):
            with contextlib.suppress(OSError):
                os.unlink(_aside(target.real, what))
    with contextlib.suppress(OSError):
        os.unlink(journal)
    fsync_folder(journal.parent)


def _read(path: Path) -> bytes | None:
    """A file's bytes, None when there is none (a FIFO is never opened: not a regular file)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(os.stat(path).st_mode if stat.S_ISLNK(st.st_mode) else st.st_mode):
        return b"\0not a regular file"
    with open(path, "rb") as stream:
        return stream.read()


def recover(journal: Path) -> bool:
    """Finish or undo a change of several files that a killed process left half-way (its
    journal is there and no living scorepad holds it). True if there was one. A target
    changed since it was cut short is refused, naming it and the fix; nothing is touched."""
    real = Path(os.path.realpath(journal))
    if not os.path.lexists(real):
        return False

    def busy() -> ScorepadError:
        return ScorepadError(
            [Problem(str(journal), _("another scorepad is changing these files; try again"))]
        )

    try:
        fd = flock_wait(real, busy)
    except OSError as err:
        raise ScorepadError(
            [Problem(str(journal), _("cannot read: {err}").format(err=why(err)))]
        ) from None
    if fd is None:
        return False  # the change it belonged to was committed meanwhile
    try:
        _recover_locked(journal, real, fd)
    finally:
        os.close(fd)
    return True


def _recover_locked(journal: Path, real: Path, fd: int) -> None:
    def broken() -> ScorepadError:
        return ScorepadError(
            [
                Problem(
                    str(journal),
                    _(
                        "is the journal of a change of several files that was cut short, and "
                        "cannot be read; look at the files it was next to, then remove it"
                    ),
                )
            ]
        )

    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise broken()
        raw = os.read(fd, 1 << 22)
        doc = json.loads(raw.decode("utf-8"))
        entries = doc["entries"]
        if doc.get("scorepad-journal") != JOURNAL_FORMAT or not isinstance(entries, list):
            raise broken()
        base = real.parent
        plan = []
        for e in entries:
            where, old, new = e["path"], e["old"], e["new"]
            if not isinstance(where, str) or not all(
                h is None or (isinstance(h, str) and len(h) == 64) for h in (old, new)
            ):
                raise broken()
            path = Path(os.path.normpath(base / where))
            if os.path.isabs(where) or not path.is_relative_to(base) or path == real:
                raise broken()  # a journal only ever names files in its own folder
            plan.append((path, old, new))
    except (ValueError, KeyError, TypeError, OSError):
        raise broken() from None
    try:
        _settle(journal, real, plan)
    except OSError as err:
        raise ScorepadError(
            [
                Problem(
                    str(journal),
                    _(
                        "a change of several files was cut short and cannot be finished or "
                        "undone: {err}"
                    ).format(err=why(err)),
                )
            ]
        ) from None


def _settle(journal: Path, real: Path, plan: list[tuple[Path, str | None, str | None]]) -> None:
    """Each file of the journal locked: all new (the journal goes), or each put back."""
    with contextlib.ExitStack() as stack:
        states: list[tuple[Path, str | None, str | None, str]] = []
        changed: list[Path] = []
        for path, old, new in sorted(plan, key=lambda p: str(p[0])):
            if os.path.lexists(path):
                data = stack.enter_context(locked(path)).data
                now = _digest(data)
            else:
                now = None
            if now == new:
                states.append((path, old, new, "new"))
            elif now == old:
                states.append((path, old, new, "old"))
            else:
                changed.append(path)
        if changed:
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _(
                            "changed after a change of several files was cut short (its "
                            "journal: {journal}); nothing was put back: look at the files, "
                            "then remove the journal to keep them as they are"
                        ).format(journal=journal),
                    )
                    for path in changed
                ]
            )
        if any(state == "old" for *_rest, state in states):  # undo: every file as it was
            for path, old, new, state in states:
                if state != "new" or old == new:
                    continue
                if old is None:
                    os.unlink(path)
                    continue
                backup = _aside(path, "old")
                if _digest(_read(backup)) != old:
                    raise ScorepadError(
                        [
                            Problem(
                                str(path),
                                _(
                                    "its old copy {backup} is missing since a change of several "
                                    "files was cut short; look at the files, then remove "
                                    "{journal}"
                                ).format(backup=backup, journal=journal),
                            )
                        ]
                    )
                os.replace(backup, path)
        for folder in sorted({p.parent for p, *_rest in states}):
            fsync_folder(folder)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(real)
        fsync_folder(real.parent)
        for path, *_rest in states:
            for what in ("old", "tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(_aside(path, what))
