"""Files: bounded reads, the lock, atomic replaces, exports."""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _

#: What one session file may cost: its size, read before anything is parsed. A file as
#: scorepad saved it (signed) is parsed deal by deal and may be big: 100,000 deals of real
#: evenings take ~14 MB. Any other file (edited by hand, from elsewhere) is parsed whole,
#: which costs ~10 times its size in memory: at most 4 MiB (~28,000 deals).
MAX_FILE_BYTES = 16 * 1024 * 1024


MAX_UNSIGNED_BYTES = 4 * 1024 * 1024


#: How long a command waits for another scorepad writing the same file.
LOCK_SECONDS = 5.0


def read_bytes(path: Path) -> bytes:
    try:
        with open(path, "rb") as stream:
            return _read_bounded(stream.fileno(), path)
    except FileNotFoundError:
        raise ScorepadError(
            [Problem(str(path), _("no such session file (start one with 'scorepad new')"))]
        ) from None
    except IsADirectoryError:
        raise ScorepadError([Problem(str(path), _("is a folder, not a session file"))]) from None
    except OSError as err:
        raise ScorepadError(
            [Problem(str(path), _("cannot read: {err}").format(err=_why(err)))]
        ) from None


def _read_bounded(fd: int, path: Path) -> bytes:
    size = os.fstat(fd).st_size
    if size > MAX_FILE_BYTES:
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    _("is {x} MiB: a session file is at most {x2} MiB").format(
                        x=size // 2**20, x2=MAX_FILE_BYTES // 2**20
                    ),
                )
            ]
        )
    chunks = []
    left = MAX_FILE_BYTES + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    if left <= 0:
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    _("is larger than a session file can be ({x} MiB)").format(
                        x=MAX_FILE_BYTES // 2**20
                    ),
                )
            ]
        )
    return b"".join(chunks)


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


def _still_there(real: Path, inode: int, path: Path) -> None:
    """The file read under the lock is still the one at its name: a file deleted or replaced
    meanwhile (by something that takes no lock) is neither brought back nor overwritten."""
    try:
        same = os.stat(real).st_ino == inode
    except OSError:
        same = False
    if not same:
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    _(
                        "was removed or replaced while scorepad was "
                        "saving; nothing was saved: look at the file, "
                        "then try again"
                    ),
                )
            ]
        )


@contextlib.contextmanager
def locked(path: Path) -> Iterator[tuple[Path, bytes, int, int]]:
    """An exclusive lock on the session file (flock), held while it is read and replaced.

    The lock is taken on the file itself, so no lock file is left behind; a writer that was
    waiting while the file was replaced by a rename locks the new file instead."""
    import fcntl
    import time

    real = Path(os.path.realpath(path))  # saves go through a symlink to its target
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            fd = os.open(real, os.O_RDONLY)
        except FileNotFoundError:
            raise ScorepadError(
                [Problem(str(path), _("no such session file (start one with 'scorepad new')"))]
            ) from None
        except OSError as err:
            raise ScorepadError(
                [Problem(str(path), _("cannot read: {err}").format(err=_why(err)))]
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() > deadline:
                who = _lock_holder(real)
                raise ScorepadError(
                    [
                        Problem(
                            str(path),
                            _(
                                "another scorepad{who} is writing this file; nothing was "
                                "recorded: try again"
                            ).format(who=who),
                        )
                    ]
                ) from None
            time.sleep(0.01)
            continue
        except OSError:
            pass  # a filesystem without locks: go on unlocked rather than not at all
        try:
            same = os.stat(real).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # replaced while we waited: lock the new file
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ScorepadError([Problem(str(path), _("is not a regular file"))])
        yield real, _read_bounded(fd, path), stat.S_IMODE(st.st_mode), st.st_ino
    finally:
        os.close(fd)


def _lock_holder(real: Path) -> str:
    """ " (pid 1234)" when /proc/locks tells who holds the lock on the file."""
    try:
        inode = os.stat(real).st_ino
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                parts = line.split()
                if (
                    len(parts) > 5
                    and parts[1] == "FLOCK"
                    and parts[5].rsplit(":", 1)[-1] == str(inode)
                ):
                    return _(" (pid {parts})").format(parts=parts[4])
    except OSError:
        pass
    return ""


def write_export(path: Path, text: str | Iterable[str]) -> bool:
    """Write an export: a stream to a pipe, FIFO or device; atomically to a regular file,
    but never over a session file (that would lose its scores). True if it was a stream."""
    chunks = [text] if isinstance(text, str) else text
    try:
        st: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise ScorepadError(
            [Problem(str(path), _("cannot write: {err}").format(err=_describe(err)))]
        ) from None
    try:
        if st is not None and not stat.S_ISREG(st.st_mode):
            with open(path, "w", encoding="utf-8", newline="\n") as stream:
                for chunk in chunks:  # no read, no rename: /dev/stdout, a FIFO, /dev/null
                    stream.write(chunk)
            return True
        if st is not None and _looks_like_session(path):
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _(
                            "is a scorepad session file; an export "
                            "never replaces one (choose another name)"
                        ),
                    )
                ]
            )
        real = Path(os.path.realpath(path))
        if not real.parent.is_dir():
            raise ScorepadError(
                [Problem(str(path), _("folder {parent} does not exist").format(parent=real.parent))]
            )
        _replace(
            real,
            (c.encode("utf-8") for c in chunks),
            None if st is None else stat.S_IMODE(st.st_mode),
        )
        return False
    except (OSError, UnicodeError) as err:
        raise ScorepadError(
            [Problem(str(path), _("cannot write: {err}").format(err=_describe(err)))]
        ) from None


def _looks_like_session(path: Path) -> bool:
    """A regular file whose text has a `scorepad = N` line, even one that no longer parses
    (a BOM, a typo): an export must not replace the evening's scores."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(1 << 16).decode("utf-8", errors="replace")
    except OSError:
        return False
    return re.search(r"(?m)^\ufeff?[ \t]*\"?scorepad\"?[ \t]*=", head) is not None


def _temp_name(real: Path) -> Path:
    """One temporary name per file, so a temp file left by a crash is replaced next time."""
    name = real.name
    if len(name.encode()) > 200:  # keep within the filesystem's name limit
        import hashlib

        name = hashlib.sha256(name.encode()).hexdigest()[:32]
    return real.parent / f".{name}.tmp"


def _write_temp(tmp: Path, chunks: Iterable[bytes | memoryview], mode: int | None) -> None:
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)  # a new file: umask
    try:
        if mode is not None:
            os.fchmod(fd, mode)  # the existing file's mode, not 0600
        for chunk in chunks:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(real: Path, chunks: Iterable[bytes | memoryview], mode: int | None) -> None:
    """Temp file in the same folder, fsync, rename over the file, fsync the folder."""
    tmp = _temp_name(real)
    try:
        _write_temp(tmp, chunks, mode)
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(real.parent)


def _describe(err: OSError | UnicodeError) -> str:
    if isinstance(err, UnicodeError):
        return _("the text cannot be written as UTF-8")
    return _why(err)


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
