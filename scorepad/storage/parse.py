"""A session file's bytes as TOML: UTF-8 text (a byte-order mark dropped). Its header is
parsed at once and its deals a batch at a time as they are read (`parse_session`); a file
whose deals cannot be told apart by their `[[deals]]` lines is parsed whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tomli as tomllib  # the compiled parser, 3× faster than the standard library's tomllib

from scorepad.errors import ScorepadError
from scorepad.i18n import _

#: `tomllib` is the parser every module of storage uses
__all__ = ["BATCH", "Batches", "Uneven", "parse_document", "parse_session", "tomllib"]

#: deals parsed at a time: a season is never one document (tomli's tables take about eight
#: times the text they come from), only its deals
BATCH = 1000

BOM = b"\xef\xbb\xbf"  # the byte-order mark an editor may leave


def parse_document(data: bytes, path: Path | str) -> dict[str, Any]:
    """The TOML document of a file's bytes, parsed whole; anything wrong is one problem
    located at `path`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        said = _("is not UTF-8 text (byte {start})").format(start=err.start)
        raise ScorepadError.at(path, said) from None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError.at(path, _("is not valid TOML: {err}").format(err=err)) from None
    except RecursionError:
        said = _("is not a session file: its tables or lists are nested too deep")
        raise ScorepadError.at(path, said) from None
    except ValueError as err:  # an integer of thousands of digits
        said = _("is not a session file: {err}").format(err=err)
        raise ScorepadError.at(path, said) from None


class Uneven(Exception):
    """The deals of a file cannot be parsed apart (a `[[deals]]` line inside a text, another
    table among the deals, text that is not UTF-8): it is parsed whole instead."""


class Batches:
    """The deals of a session file, each beginning at a `[[deals]]` line (as scorepad writes
    them): their tables in turn, parsed BATCH deals at a time as they are read. A batch that
    is not exactly its deals' tables raises Uneven."""

    def __init__(self, data: bytes, starts: list[int]) -> None:
        self.data = data
        self.starts = starts

    def __len__(self) -> int:
        return len(self.starts)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        data, starts = self.data, self.starts
        for first in range(0, len(starts), BATCH):
            last = min(first + BATCH, len(starts))
            end = starts[last] if last < len(starts) else len(data)
            try:
                doc = tomllib.loads(data[starts[first] : end].decode("utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, RecursionError):
                raise Uneven from None
            deals = doc.get("deals")
            if len(doc) != 1 or not isinstance(deals, list) or len(deals) != last - first:
                raise Uneven
            yield from deals


def parse_session(data: bytes, path: Path | str) -> dict[str, Any]:
    """The document of a session file's bytes: the header parsed, the deals `Batches` (read
    as they are iterated; Uneven where they cannot be parsed apart); a file without a
    `[[deals]]` line, with roster changes among its deals (each is needed before the first
    deal is read) or whose header does not parse on its own, parsed whole."""
    data = data.removeprefix(BOM)
    at = data.find(b"\n[[deals]]\n") + 1
    starts = []
    while at:  # each line that is exactly `[[deals]]`
        starts.append(at)
        at = data.find(b"\n[[deals]]\n", at + 9) + 1
    if (
        not starts
        or data.find(b"\n[[roster]]\n", starts[0]) != -1
        or data.find(b"\n[[penalties]]\n", starts[0]) != -1
    ):
        return parse_document(data, path)  # no deal, or records among the deals
    try:
        head = tomllib.loads(data[: starts[0]].decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, RecursionError):
        return parse_document(data, path)  # the error, said of the whole file, or no error
    if "deals" in head:
        return parse_document(data, path)
    head["deals"] = Batches(data, starts)
    return head
