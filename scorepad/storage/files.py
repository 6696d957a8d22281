"""Files, the one place scorepad writes them: bounded reads (`read_bytes`, `read_text`), the
lock (`locked`), the atomic replace (`replace`, `Locked.replace`), the safe create that never
overwrites (`create_new`), and exports (`write_export`). Session files, tournament files,
outputs and the transaction of several files all write through these."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.storage.parse import tomllib

#: What one session file may cost: its size, read before anything is parsed, whoever wrote
#: it. 100,000 deals of real evenings take ~14 MB; see docs/speed.md for what a hostile file
#: of this size costs.
MAX_FILE_BYTES = 16 * 1024 * 1024

#: How long a command waits for another scorepad writing the same file.
LOCK_SECONDS = 5.0

#: the journal of a change of several files, in the folder that holds them all, while it
#: commits (and after, if it was cut short): see scorepad.storage.transaction
JOURNAL = ".scorepad-files.journal"


def read_bytes(path: Path, *, follow: bool = True) -> bytes:
    """A file's bytes, at most MAX_FILE_BYTES. Only a regular file is read: a FIFO, a device
    or a folder is refused at once (opened without waiting for a writer, never read); without
    `follow`, a symlink too."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW))
        try:
            check_regular(fd, path)
            return _read_bounded(fd, path)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise _no_such_file(path) from None
    except IsADirectoryError:
        raise ScorepadError.at(path, _("is a folder, not a session file")) from None
    except OSError as err:
        raise _cannot_read(path, err) from None


def _no_such_file(path: Path) -> ScorepadError:
    return ScorepadError.at(path, _("no such session file (start one with 'scorepad new')"))


def _cannot_read(path: Path, err: OSError) -> ScorepadError:
    return ScorepadError.at(path, _("cannot read: {err}").format(err=why(err)))


def check_regular(fd: int, path: Path) -> os.stat_result:
    """The open file's status, if it is a regular file; a folder, a FIFO, a socket or a
    device is refused, naming the file."""
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise ScorepadError.at(path, _("is a folder, not a session file"))
    if not stat.S_ISREG(st.st_mode):
        raise ScorepadError.at(path, _("is not a regular file"))
    return st


def read_at_most(fd: int, most: int) -> bytes | None:
    """What the open file holds, if at most `most` bytes (None: more; the rest is not read)."""
    chunks, left = [], most + 1
    while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
        chunks.append(chunk)
        left -= len(chunk)
    return None if left <= 0 else b"".join(chunks)


def _read_bounded(fd: int, path: Path) -> bytes:
    most = MAX_FILE_BYTES // 2**20
    size = os.fstat(fd).st_size
    if size > MAX_FILE_BYTES:
        raise ScorepadError.at(
            path,
            _("is {x} MiB: a session file is at most {x2} MiB").format(x=size // 2**20, x2=most),
        )
    data = read_at_most(fd, MAX_FILE_BYTES)
    if data is None:  # it grew while it was read
        raise ScorepadError.at(
            path, _("is larger than a session file can be ({x} MiB)").format(x=most)
        )
    return data


#: a plain text file a person wrote for scorepad to read (a tournament's roster file, one
#: name a line; a club's rules file): at most this, UTF-8 (a byte-order mark is dropped)
MAX_TEXT_BYTES = 1 << 20


def read_text(path: Path, where: str, what: str | None = None) -> str:
    """The file's text; a file that cannot be read, or is no UTF-8 text, is refused in one
    problem located at `where` (the option that named it). `what`: the kind of file, in the
    problem of one too large (default: a list of names)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO: refused, no wait
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(0, _("not a regular file"))
            data = read_at_most(fd, MAX_TEXT_BYTES)  # a longer file is refused, not cut off
        finally:
            os.close(fd)
        if data is None:
            raise ScorepadError.at(
                where,
                _("{file} is larger than {most} MiB: {what} is at most that").format(
                    file=path, most=MAX_TEXT_BYTES >> 20, what=what or _("a list of names")
                ),
            )
        return data.decode("utf-8-sig")
    except OSError as err:
        said = _("cannot read {file}: {why}").format(file=path, why=why(err))
        raise ScorepadError.at(where, said) from None
    except UnicodeDecodeError:
        raise ScorepadError.at(where, _("{file} is not UTF-8 text").format(file=path)) from None


def check_distinct(paths: Iterable[Path]) -> None:
    """Refuse a file given twice (the same device and inode: the same name twice, a symlink
    or a hard link to it): its deals would be counted twice. Names both arguments; a name
    that is no file is left for the reading to report."""
    seen: dict[tuple[int, int], Path] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            continue
        key = (st.st_dev, st.st_ino)
        if key in seen:
            said = (
                _("is given twice (it would count twice): give each file once")
                if str(seen[key]) == str(path)
                else _(
                    "is the same file as {first} (given twice, it would count twice): "
                    "give each file once"
                ).format(first=seen[key])
            )
            problems.append(Problem(str(path), said))
        else:
            seen[key] = path
    if problems:
        raise ScorepadError(problems)


def journals_above(path: Path) -> list[Path]:
    """The journals (`JOURNAL`) in the folder of `path` (resolved) and the folders above it:
    one stat a folder, nothing read."""
    real = Path(os.path.realpath(path))
    return [f / JOURNAL for f in real.parents if os.path.lexists(f / JOURNAL)]


def typed(path: Path) -> Path:
    """A resolved path as a person types it: relative to the working folder when below it."""
    try:
        cwd = Path.cwd()
    except OSError:  # a working folder removed meanwhile
        return path
    return path.relative_to(cwd) if path.is_absolute() and path.is_relative_to(cwd) else path


def why(err: OSError) -> str:
    """Why a read failed, in the system's words."""
    return err.strerror or type(err).__name__


class Locked(NamedTuple):
    """A file read under its lock (`locked`): what it held, and how to replace it."""

    path: Path  #: as the caller named it (for messages)
    real: Path  #: symlinks resolved: what is replaced
    data: bytes  #: its bytes, read under the lock
    mode: int  #: its permissions, kept by a replace
    inode: int  #: which file was read, to know it is still the one at its name

    def writable(self, read_only: str, gone: str) -> None:
        """Refuse to replace the file when it has no write permission (`read_only` says so)
        or is no longer the file that was read: deleted or replaced meanwhile by something
        that takes no lock, it is neither brought back nor overwritten (`gone` says so)."""
        if self.mode & 0o222 == 0:
            raise ScorepadError.at(self.path, read_only)
        try:
            same = os.stat(self.real).st_ino == self.inode
        except OSError:
            same = False
        if not same:
            raise ScorepadError.at(self.path, gone)

    def replace(self, chunks: Iterable[bytes | memoryview], read_only: str) -> None:
        """Replace the file (still under the lock) atomically with `chunks`, keeping its mode
        and a symlink to it (see `replace`); refused as `writable` says."""
        self.writable(
            read_only,
            _(
                "was removed or replaced while scorepad was "
                "saving; nothing was saved: look at the file, "
                "then try again"
            ),
        )
        try:
            replace(self.real, chunks, self.mode)
        except (OSError, UnicodeError) as err:
            raise cannot_write(self.path, err) from None


@contextlib.contextmanager
def locked(path: Path) -> Iterator[Locked]:
    """An exclusive lock on the session file (flock), held while it is read and replaced.

    The lock is taken on the file itself, so no lock file is left behind; a writer that was
    waiting while the file was replaced by a rename locks the new file instead."""
    real = Path(os.path.realpath(path))  # saves go through a symlink to its target

    def busy() -> ScorepadError:
        return ScorepadError.at(
            path,
            _("another scorepad{who} is writing this file; nothing was recorded: try again").format(
                who=_lock_holder(real)
            ),
        )

    try:
        fd = flock_wait(real, busy, lambda fd: check_regular(fd, path))
    except OSError as err:
        raise _cannot_read(path, err) from None
    if fd is None:
        raise _no_such_file(path)
    try:
        st = check_regular(fd, path)
        yield Locked(path, real, _read_bounded(fd, path), stat.S_IMODE(st.st_mode), st.st_ino)
    finally:
        os.close(fd)


def flock_wait(
    real: Path, busy: Callable[[], ScorepadError], check: Callable[[int], object] | None = None
) -> int | None:
    """The file `real` (symlinks resolved: one at the name now is refused, ELOOP) opened
    (never waiting for a FIFO's writer) and exclusively flocked, waiting up to LOCK_SECONDS
    for another scorepad to let go (then `busy()` is raised); a file replaced by a rename
    meanwhile is let go and the new one locked. `check(fd)` runs on each file opened, before
    its lock (it may raise: refusing a FIFO without waiting). On a filesystem without locks,
    the file is used unlocked rather than not at all. None: no file at the name; an OSError
    of the opening is raised as it is."""
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        if check is not None:
            try:
                check(fd)
            except BaseException:
                os.close(fd)
                raise
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() > deadline:
                raise busy() from None
            time.sleep(0.01)
            continue
        except OSError:
            pass  # no locks here
        try:
            same = os.stat(real).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)  # replaced while we waited: lock the new file


def _lock_holder(real: Path) -> str:
    """ " (pid 1234)" when /proc/locks tells who holds the lock on the file."""
    try:
        inode = str(os.stat(real).st_ino)
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                parts = line.split()
                if len(parts) > 5 and parts[1] == "FLOCK" and parts[5].endswith(":" + inode):
                    return _(" (pid {parts})").format(parts=parts[4])
    except OSError:
        pass
    return ""


def write_export(path: Path, text: str | Iterable[str], inputs: Iterable[Path] = ()) -> bool:
    """Write what a command puts out (`-o PATH`): a stream to a pipe, FIFO or device;
    atomically to a regular file. Never over a file scorepad could read (`check_output`).
    True if it was a stream."""
    chunks = [text] if isinstance(text, str) else text
    try:
        st: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise cannot_write(path, err) from None
    check_output(path, st, inputs)
    try:
        if st is not None and not stat.S_ISREG(st.st_mode):
            with _stream(path, st) as stream:
                for chunk in chunks:  # no read, no rename: /dev/stdout, a FIFO, /dev/null
                    stream.write(chunk)
            return True
        real = Path(os.path.realpath(path))
        if not real.parent.is_dir():
            raise ScorepadError.at(
                path, _("folder {parent} does not exist").format(parent=real.parent)
            )
        mode = None if st is None else stat.S_IMODE(st.st_mode)
        replace(real, (c.encode("utf-8") for c in chunks), mode)
        return False
    except (OSError, UnicodeError) as err:
        raise cannot_write(path, err) from None


def _stream(path: Path, st: os.stat_result) -> Any:
    """The text stream an output is written to when it is no regular file. A FIFO is opened
    without blocking: with nobody reading it within two seconds, it is refused (never a
    hang)."""
    if not stat.S_ISFIFO(st.st_mode):
        return open(path, "w", encoding="utf-8", newline="\n")
    deadline = time.monotonic() + 2
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError as err:
            if err.errno != errno.ENXIO:
                raise
            if time.monotonic() > deadline:
                raise ScorepadError.at(
                    path, _("is a FIFO that nobody reads: start its reader first")
                ) from None
            time.sleep(0.02)
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    return os.fdopen(fd, "w", encoding="utf-8", newline="\n")


def check_output(path: Path, st: os.stat_result | None, inputs: Iterable[Path]) -> None:
    """Refuse an output at `path` (`st`: its status, None when there is no file) where it
    would replace a file scorepad could read: a file the command reads (the same device and
    inode: a symlink or a hard link to it too), a folder, scorepad's journal, or an existing
    file named *.toml or holding TOML (a session or tournament file in any spelling). Any
    other file (a previous export) may be replaced."""
    names = (path.name, os.path.basename(os.path.realpath(path)))
    if JOURNAL in names:
        raise ScorepadError.at(
            path,
            _(
                "is the name of scorepad's journal of a change of several files; an "
                "output never goes there (choose another name)"
            ),
        )
    if st is None:
        return
    if stat.S_ISDIR(st.st_mode):
        raise ScorepadError.at(path, _("is a folder; give a file name to write"))
    for source in inputs:
        try:
            other = os.stat(source)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
            said = (
                _(
                    "is a file this command reads; an output never replaces a file it reads "
                    "(choose another name)"
                )
                if str(source) == str(path)
                else _(
                    "is {file}, which this command reads; an output never replaces a file it "
                    "reads (choose another name)"
                ).format(file=source)
            )
            raise ScorepadError.at(path, said)
    if not stat.S_ISREG(st.st_mode):
        return
    doc = _toml(path)
    if "scorepad" in doc:
        said = _("is a scorepad session file; an export never replaces one (choose another name)")
    elif "tournament" in doc:
        said = _(
            "is a scorepad tournament file; an output never replaces one (choose another name)"
        )
    elif doc or any(name.lower().endswith(".toml") for name in names):
        said = _(
            "is a .toml or TOML file, which scorepad could read; an output never replaces one "
            "(choose another name)"
        )
    else:
        return
    raise ScorepadError.at(path, said)


def _toml(path: Path) -> dict[str, Any]:
    """What a regular file holds as TOML, read whole (at most MAX_FILE_BYTES: a larger file
    is no file scorepad reads); {} when it is none."""
    try:
        return tomllib.loads(read_bytes(path).decode("utf-8-sig"))
    except (ScorepadError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return {}


def new_file(beside: Path, chunks: Iterable[bytes | memoryview], mode: int | None) -> Path:
    """A new hidden file beside `beside` (`.NAME.RANDOM.tmp`), holding `chunks`, fsynced; its
    mode `mode` (the replaced file's), else the umask's. Created with O_EXCL|O_NOFOLLOW, as
    tempfile.mkstemp does: never an existing name, never through a symlink; removed if the
    writing fails. Never a *.toml; a long name is cut within the filesystem's limit."""
    name = os.fsdecode(os.fsencode(beside.name.lstrip("."))[:200])  # a name's bytes
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    while True:
        tmp = beside.parent / f".{name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)  # 0o666 & ~umask, as any new file
            break
        except FileExistsError:
            continue
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            for chunk in chunks:
                view = memoryview(chunk)
                while view:
                    view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def replace(real: Path, chunks: Iterable[bytes | memoryview], mode: int | None) -> None:
    """Atomically: a new file beside `real` (symlinks already resolved), renamed over it, the
    folder fsynced. A failure leaves `real` as it was."""
    tmp = new_file(real, chunks, mode)
    try:
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(real.parent)


def create_new(path: Path, data: bytes, *, exists: str, where: str | None = None) -> None:
    """Write a new file at `path`, never over an existing one (even one that appears while
    it is written): a new file beside it, fsynced, linked to the name (a link never replaces
    a name), the folder fsynced. Refused, named `where` (`path` by default): an existing file
    (`exists` says why), a missing folder, a write that fails."""
    named = str(path) if where is None else where
    if os.path.lexists(path):
        raise ScorepadError.at(named, exists)
    folder = path.resolve().parent
    if not folder.is_dir():
        raise ScorepadError.at(named, _("folder {folder} does not exist").format(folder=folder))
    try:
        tmp = new_file(folder / path.name, [data], None)
        try:
            os.link(tmp, path)
        finally:  # linked or not, the temporary name goes
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    except FileExistsError:
        raise ScorepadError.at(named, exists) from None
    except (OSError, UnicodeError) as err:
        raise cannot_write(named, err) from None
    fsync_folder(folder)


def cannot_write(where: Path | str, err: OSError | UnicodeError) -> ScorepadError:
    """The one problem of a write that failed: "cannot write: WHY"."""
    return ScorepadError.at(where, _("cannot write: {err}").format(err=describe(err)))


def describe(err: OSError | UnicodeError) -> str:
    """Why a read or a write failed, in words (the system's, or a text not UTF-8)."""
    if isinstance(err, UnicodeError):
        return _("the text cannot be written as UTF-8")
    return why(err)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new name in `folder` durable (nothing if the folder cannot be
    opened or synced: not every filesystem can)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def folder_files(folder: Path) -> list[Path]:
    """The session files (`*.toml`) in a folder, by name; a folder without one is refused."""
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix == ".toml" and p.is_file())
    except OSError as err:
        raise _cannot_read(folder, err) from None
    if not found:
        raise ScorepadError.at(folder, _("no session file (*.toml) in this folder"))
    return found
