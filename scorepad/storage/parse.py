"""A session file's bytes as TOML: whole (a file edited by hand, within MAX_UNSIGNED_BYTES), or
its header parsed and each deal left as text until read (a signed file: `Chunk`, `Chunks`)."""

from __future__ import annotations

import bisect

try:  # the compiled parser: 3× faster than tomllib (see the README), same API
    import tomli as tomllib
except ImportError:  # pragma: no cover - a platform without its wheel
    import tomllib  # type: ignore[no-redef]
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, overload

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.storage.files import MAX_UNSIGNED_BYTES

#: `tomllib` is the parser every module of storage uses (the compiled one when installed)
__all__ = [
    "Chunk",
    "Chunks",
    "parse_document",
    "parse_signed",
    "parse_whole",
    "parsed_deal",
    "tomllib",
]


def parse_whole(data: bytes, path: Path | str) -> dict[str, Any]:
    """A file that is not as scorepad saved it, parsed at once: within MAX_UNSIGNED_BYTES."""
    if len(data) > MAX_UNSIGNED_BYTES:
        raise ScorepadError(
            [
                Problem(
                    str(path),
                    f"is {len(data) / 2**20:.1f} MiB and not as "
                    "scorepad saved it (its last line, the signature, does "
                    "not match): a file edited by hand is read whole, and "
                    f"may be at most {MAX_UNSIGNED_BYTES // 2**20} MiB",
                )
            ]
        )
    return parse_document(data, path)


def parse_document(data: bytes, path: Path | str) -> dict[str, Any]:
    return _parse_text(_decode(data, path), path)


def _decode(data: bytes, path: Path | str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScorepadError(
            [Problem(str(path), _("is not UTF-8 text (byte {start})").format(start=err.start))]
        ) from None
    return text.removeprefix("\ufeff")  # a byte-order mark left by an editor


class Chunk(NamedTuple):
    """One deal of a signed file, left as bytes (offsets into the file's) until read."""

    data: bytes
    start: int
    end: int

    def parsed(self) -> Any:
        from scorepad.storage import deal_lines  # imported where a signed file is read

        text = self.data[self.start : self.end].decode("utf-8")  # the file is UTF-8: checked
        deals = deal_lines.read_deals(text)
        if deals is not None and len(deals) == 1:
            return deals[0]
        doc = tomllib.loads(text)
        deals = doc.get("deals")
        if len(doc) != 1 or not isinstance(deals, list) or len(deals) != 1:
            raise ScorepadError([Problem("", _("is not one [[deals]] table"))])
        return deals[0]


def line_starts(data: bytes, line: bytes, start: int = 0) -> list[int]:
    """Where each line that is exactly `line` begins in `data`, from `start` (a line's start):
    what the regular expression `(?m)^LINE$` finds, found by `bytes.find` in a tenth of its
    time."""
    found = []
    if start == 0 and (data == line or data.startswith(line + b"\n")):
        found.append(0)
    needle = b"\n" + line
    at = data.find(needle, max(start - 1, 0))
    while at != -1:
        end = at + len(needle)
        if end == len(data) or data[end] == 0x0A:  # the line ends there
            found.append(at + 1)
        at = data.find(needle, end)
    return found


def parse_signed(data: bytes, path: Path | str) -> dict[str, Any]:
    """The document of a file whose signature holds, as scorepad wrote it: the header is
    parsed, each deal is left as bytes to be parsed when it is read (`Chunk`). A deal read
    on its own is the same as read with the rest: scorepad's `[[deals]]` lines never fall
    inside a string. So a file of 100,000 deals is never held as 100,000 parsed tables, nor
    as text (the file's bytes are its deals' until each is read)."""
    text = _decode(data, path)  # the whole file is UTF-8, else the one error that says where
    data = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark left by an editor
    starts = line_starts(data, b"[[deals]]")
    if not starts:
        return _parse_text(text, path)
    doc = _parse_text(data[: starts[0]].decode("utf-8"), path)
    if "deals" in doc:  # not as scorepad writes it: read it whole
        return _parse_text(text, path)
    changes = line_starts(data, b"[[roster]]", starts[0])
    if not changes:
        doc["deals"] = Chunks(data, starts)
        return doc
    # roster changes among the deals (each just before the deal it applies to): a deal's
    # text ends where the next deal or change begins; the changes are parsed now. A few
    # changes a file: each is found among the deals (bisect), not the deals among them
    ends: dict[int, int] = {}  # the deals a change follows: where each one's text ends
    texts = []
    for j, c in enumerate(changes):
        i = bisect.bisect(starts, c)  # the deal after the change (the one before: i - 1)
        ends.setdefault(i - 1, c)  # the first change after a deal ends its text
        end = starts[i] if i < len(starts) else len(data)  # the next deal, or the next change
        if j + 1 < len(changes):
            end = min(end, changes[j + 1])
        texts.append(data[c:end])
    more = _parse_text(b"".join(texts).decode("utf-8"), path)
    if set(more) != {"roster"}:
        return _parse_text(text, path)
    doc["roster"] = [*doc.get("roster", []), *more["roster"]]
    doc["deals"] = Chunks(data, starts, ends)
    return doc


class Chunks(Sequence[Chunk]):
    """The deals of a signed file as offsets into its bytes (8 bytes a deal); each becomes a
    `Chunk` when looked at, and each batch of them text when parsed."""

    def __init__(self, data: bytes, starts: list[int], ends: dict[int, int] | None = None) -> None:
        import array

        self.data = data
        self.starts = array.array("q", starts)
        self.starts.append(len(data))
        # where a deal's text ends when something other than the next deal follows it (a
        # roster change), by the deal's index; any other deal's ends at the next one's start
        self.ends = ends or {}
        self.cuts = sorted(self.ends)

    def __len__(self) -> int:
        return len(self.starts) - 1

    def _end(self, n: int) -> int:
        return self.ends.get(n, self.starts[n + 1])

    def _text(self, first: int, last: int) -> bytes:
        """The text of deals first to last - 1: one slice of the file's bytes, less the roster
        changes among them."""
        data, starts, cuts = self.data, self.starts, self.cuts
        at = starts[first]
        if not cuts:
            return data[at : starts[last]]
        parts = []
        for i in cuts[bisect.bisect_left(cuts, first) : bisect.bisect_left(cuts, last)]:
            parts.append(data[at : self.ends[i]])
            at = starts[i + 1]
        parts.append(data[at : starts[last]])
        return b"".join(parts)

    def parsed_all(self, batch: int = 256) -> Iterator[Any]:
        """Every deal in turn, parsed `batch` deals at a time (one call of the parser per
        deal costs twice the parse; all at once, a big file's tables held together): read
        line by line as scorepad writes them (`deal_lines`), else parsed by tomli; each
        batch must be exactly its deals, else its deals come as `Chunk`s, to be parsed one
        by one and named when one is wrong."""
        from scorepad.storage import deal_lines  # imported here: ~0.7 ms of start-up

        known: deal_lines.Known = {}  # the lines read, for every batch
        for first in range(0, len(self), batch):
            last = min(first + batch, len(self))
            part = self._text(first, last).decode("utf-8")
            deals = deal_lines.read_deals(part, known)
            if deals is not None and len(deals) == last - first:
                yield from deals
                continue
            try:
                doc = tomllib.loads(part)
            except (tomllib.TOMLDecodeError, ValueError, RecursionError):
                doc = {}
            deals = doc.get("deals")
            if len(doc) == 1 and isinstance(deals, list) and len(deals) == last - first:
                yield from deals
            else:
                yield from (self[i] for i in range(first, last))

    @overload
    def __getitem__(self, i: int) -> Chunk: ...
    @overload
    def __getitem__(self, i: slice) -> list[Chunk]: ...
    def __getitem__(self, i: int | slice) -> Chunk | list[Chunk]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = i + len(self) if i < 0 else i
        if not 0 <= n < len(self):
            raise IndexError(i)
        return Chunk(self.data, self.starts[n], self._end(n))


def parsed_deal(raw: Any, n: int) -> Any:
    """Deal `n`'s parsed table: a signed file's deal is text (`Chunk`) until it is looked at;
    a deal that is not valid TOML is one problem located at the deal."""
    if not isinstance(raw, Chunk):
        return raw
    try:
        return raw.parsed()
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
        raise ScorepadError(
            [Problem(_("deal {n}").format(n=n), _("is not valid TOML: {err}").format(err=err))]
        ) from None
    except ScorepadError as err:
        raise err.located(_("deal {n}").format(n=n)) from None


def _parse_text(text: str, path: Path | str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError(
            [Problem(str(path), _("is not valid TOML: {err}").format(err=err))]
        ) from None
    except RecursionError:
        raise ScorepadError(
            [
                Problem(
                    str(path), _("is not a session file: its tables or lists are nested too deep")
                )
            ]
        ) from None
    except ValueError as err:  # an integer of thousands of digits
        raise ScorepadError(
            [Problem(str(path), _("is not a session file: {err}").format(err=err))]
        ) from None
