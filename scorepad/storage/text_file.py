"""A plain text file a person wrote for scorepad to read (a tournament's roster file, one name
a line; a club's rules file): a regular file only (a FIFO is refused at once, never waited
on), at most 1 MiB, UTF-8 (a byte-order mark is dropped)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.storage.files import read_at_most, why

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
