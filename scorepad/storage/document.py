"""Session files: TOML ⇄ model, format versions and upgrades, atomic saves.

The only module that touches files. A file that cannot be read is never overwritten:
callers load before they save, and a save writes a temporary file in the same folder,
fsyncs it and renames it over the old one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat

try:  # the compiled parser: 3× faster than tomllib (see the README), same API
    import tomli as tomllib
except ImportError:  # pragma: no cover - a platform without its wheel
    import tomllib  # type: ignore[no-redef]
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple, overload

from scorepad import FORMAT_VERSION, __version__
from scorepad.checks import (
    MAX_TEXT,
    check_players,
    read_date,
    read_deal,
    read_dealer,
    saved_deal,
    setting_problem,
)
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Deals, Session, Setting, Table
from scorepad.text import shown
from scorepad.variants import get_variant

TOP_KEYS = ("scorepad", "variant", "title", "date", "players", "dealer", "rules", "deals")

def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added French `slam_penalties_add` (true: what version 1 always did)."""
    rules = doc.get("rules")
    if doc.get("variant") == "french" and isinstance(rules, dict):
        doc = {**doc, "rules": {**rules}}
        doc["rules"].setdefault("slam_penalties_add", True)
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 added the session's `date`; a file from before has none (and keeps none)."""
    return doc


#: UPGRADES[i] turns a version i+1 document into a version i+2 document.
UPGRADES: list[Callable[[dict[str, Any]], dict[str, Any]]] = [_v1_to_v2, _v2_to_v3]



#: What one session file may cost: its size, read before anything is parsed. A file as
#: scorepad saved it (signed) is parsed deal by deal and may be big: 100,000 deals of real
#: evenings take ~14 MB. Any other file (edited by hand, from elsewhere) is parsed whole,
#: which costs ~10 times its size in memory: at most 4 MiB (~28,000 deals).
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_UNSIGNED_BYTES = 4 * 1024 * 1024
#: How long a command waits for another scorepad writing the same file.
LOCK_SECONDS = 5.0


def parse_whole(data: bytes, path: Path | str) -> dict[str, Any]:
    """A file that is not as scorepad saved it, parsed at once: within MAX_UNSIGNED_BYTES."""
    if len(data) > MAX_UNSIGNED_BYTES:
        raise ScorepadError([Problem(str(path), f"is {len(data) / 2**20:.1f} MiB and not as "
                                     "scorepad saved it (its last line, the signature, does "
                                     "not match): a file edited by hand is read whole, and "
                                     f"may be at most {MAX_UNSIGNED_BYTES // 2**20} MiB")])
    return parse_document(data, path)


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
        raise ScorepadError([Problem(str(path), _("cannot read: {err}").format(
                                                    err=_why(err)))]) from None


def _read_bounded(fd: int, path: Path) -> bytes:
    size = os.fstat(fd).st_size
    if size > MAX_FILE_BYTES:
        raise ScorepadError([Problem(str(path),
            _("is {x} MiB: a session file is at most {x2} MiB").format(
                                                    x=size // 2**20, x2=MAX_FILE_BYTES // 2**20))])
    chunks = []
    left = MAX_FILE_BYTES + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    if left <= 0:
        raise ScorepadError([Problem(str(path),
            _("is larger than a session file can be ({x} MiB)").format(
                                                    x=MAX_FILE_BYTES // 2**20))])
    return b"".join(chunks)


def parse_document(data: bytes, path: Path | str) -> dict[str, Any]:
    return _parse_text(_decode(data, path), path)


def _decode(data: bytes, path: Path | str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScorepadError([Problem(str(path), _("is not UTF-8 text (byte {start})").format(
                                                    start=err.start))]) \
            from None
    return text.removeprefix("\ufeff")  # a byte-order mark left by an editor


class _Chunk(NamedTuple):
    """One deal of a signed file, left as text (an offset into the file's) until read."""

    text: str
    start: int
    end: int

    def table(self) -> Any:
        doc = tomllib.loads(self.text[self.start:self.end])
        deals = doc.get("deals")
        if len(doc) != 1 or not isinstance(deals, list) or len(deals) != 1:
            raise ScorepadError([Problem("", _("is not one [[deals]] table"))])
        return deals[0]


_DEAL_LINE = re.compile(r"(?m)^\[\[deals\]\]$")


def parse_signed(data: bytes, path: Path | str) -> dict[str, Any]:
    """The document of a file whose signature holds, as scorepad wrote it: the header is
    parsed, each deal is left as text to be parsed when it is read (`_Chunk`). A deal read
    on its own is the same as read with the rest: scorepad's `[[deals]]` lines never fall
    inside a string. So a file of 100,000 deals is never held as 100,000 parsed tables."""
    text = _decode(data, path)
    starts = [m.start() for m in _DEAL_LINE.finditer(text)]
    if not starts:
        return _parse_text(text, path)
    doc = _parse_text(text[: starts[0]], path)
    if "deals" in doc:  # not as scorepad writes it: read it whole
        return _parse_text(text, path)
    doc["deals"] = _Chunks(text, starts)
    return doc


class _Chunks(Sequence[_Chunk]):
    """The deals of a signed file as offsets into its text (8 bytes a deal); each becomes a
    `_Chunk` when looked at."""

    def __init__(self, text: str, starts: list[int]) -> None:
        import array

        self.text = text
        self.starts = array.array("q", starts)
        self.starts.append(len(text))

    def __len__(self) -> int:
        return len(self.starts) - 1

    def tables(self, batch: int = 256) -> Iterator[Any]:
        """Every deal in turn, parsed `batch` deals at a time (one call of the parser per
        deal costs twice the parse; all at once, a big file's tables held together): each
        batch must be exactly its deals, else its deals come as `_Chunk`s, to be parsed one
        by one and named when one is wrong."""
        for first in range(0, len(self), batch):
            last = min(first + batch, len(self))
            try:
                doc = tomllib.loads(self.text[self.starts[first]:self.starts[last]])
            except (tomllib.TOMLDecodeError, ValueError, RecursionError):
                doc = {}
            deals = doc.get("deals")
            if len(doc) == 1 and isinstance(deals, list) and len(deals) == last - first:
                yield from deals
            else:
                yield from (self[i] for i in range(first, last))

    @overload
    def __getitem__(self, i: int) -> _Chunk: ...
    @overload
    def __getitem__(self, i: slice) -> list[_Chunk]: ...
    def __getitem__(self, i: int | slice) -> _Chunk | list[_Chunk]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = i + len(self) if i < 0 else i
        if not 0 <= n < len(self):
            raise IndexError(i)
        return _Chunk(self.text, self.starts[n], self.starts[n + 1])


def _parse_text(text: str, path: Path | str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError([Problem(str(path), _("is not valid TOML: {err}").format(
                                                    err=err))]) from None
    except RecursionError:
        raise ScorepadError([Problem(str(path), _("is not a session file: its tables or lists "
                                                  "are nested too deep"))]) from None
    except ValueError as err:  # an integer of thousands of digits
        raise ScorepadError([Problem(str(path), _("is not a session file: {err}").format(
                                                    err=err))]) from None


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


def load(path: Path, *, lazy: bool = False, recheck: bool = False) -> Session:
    """The session in a file, every deal read. A file whose signature holds was checked by
    this scorepad when it wrote it: its deals are read as saved (typed, not checked against
    the rules again; `checks.saved_deal`), and with `lazy` each only when first looked at
    (`show N`). Any other file, or any file with `recheck` (`scorepad check`), has every deal
    checked in full."""
    return _session_from_bytes(read_bytes(path), path, lazy=lazy, recheck=recheck)


def _session_from_bytes(data: bytes, path: Path, *, lazy: bool = False,
                        recheck: bool = False) -> Session:  # fmt: skip
    signed_ = _unsigned(data)[1]
    doc = parse_signed(data, path) if signed_ else parse_whole(data, path)
    try:  # the parsed document is handed over, so each deal's table is freed once read
        return session_from_document(doc, lazy=lazy and signed_, consume=True,
                                     saved=signed_ and not recheck)  # fmt: skip
    except ScorepadError as err:
        raise err.located(str(path)) from None


def session_from_document(doc: Mapping[str, Any], *, lazy: bool = False,
                          consume: bool = False, saved: bool = False) -> Session:  # fmt: skip
    """Build and check a Session from a parsed TOML document; every problem is reported.

    `lazy`: the deals were checked when scorepad wrote them (the file's signature says so):
    each is read and checked when first looked at (model.Deals), not all of them now.
    `consume`: the document is not used again, and each deal's table is dropped once read
    (a big file's parsed tables and its deals need not be in memory together).
    `saved`: the file's signature holds: each deal is read as saved (`checks.saved_deal`),
    and with every check only when its fields are not as scorepad writes them."""
    version = doc.get("scorepad")
    if version is None:
        raise ScorepadError([_("no 'scorepad = N' format key: not a scorepad session file")])
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ScorepadError([_("format key scorepad = {version} should be a version number").format(
                                 version=shown(version))])
    if version > FORMAT_VERSION:
        raise ScorepadError([
            _("format version {version} is newer than this scorepad understands "
              "({format_version}): upgrade scorepad to open it").format(
                version=shown(version), format_version=FORMAT_VERSION)
        ])
    data = dict(doc)
    for step in UPGRADES[version - 1 :]:
        data = step(data)

    problems: list[Problem] = []
    unknown = [key for key in data if key not in TOP_KEYS]
    for key in unknown[:MAX_PROBLEMS]:
        problems.append(Problem("", _("unknown key {key} (expected {top_keys})").format(
                                        key=shown(key), top_keys=', '.join(TOP_KEYS))))
    if len(unknown) > MAX_PROBLEMS:
        problems.append(Problem("", _("and {x} more unknown keys").format(
                                        x=len(unknown) - MAX_PROBLEMS)))
    try:
        variant = get_variant(_typed(data, "variant", str, ""))
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    title = data.get("title", "")
    if not isinstance(title, str):
        problems.append(Problem("title", _("should be text")))
        title = ""
    elif len(title) > MAX_TEXT:
        problems.append(Problem("title", _("is longer than {max_text} characters").format(
                                             max_text=MAX_TEXT)))
        title = ""
    date = ""
    if "date" in data:
        date = read_date(data["date"]) or ""
        if not date:
            problems.append(Problem("date", _("should be a date as YYYY-MM-DD, not {data}").format(
                                                data=shown(data['date']))))
    try:
        players = check_players(data.get("players"), variant.name, variant.min_players,
                                variant.max_players)  # fmt: skip
    except ScorepadError as err:
        raise ScorepadError([*problems, *err.problems]) from None
    rules = _rules(data.get("rules"), variant, problems)
    table = Table(variant.name, players, rules)
    dealer = read_dealer(data.get("dealer", players[0]), table, "dealer", problems)
    if not problems:  # the variant's own checks of its settings
        problems.extend(variant.session_problems(Session(variant.name, players, rules,
                                                         dealer or players[0], title)))

    deals: list[Deal] = []
    raw_deals = data.get("deals", [])
    if isinstance(raw_deals, _Chunks):
        pass  # a signed file's deals, as text: each is checked when read
    elif not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        problems.append(Problem("deals", _("should be [[deals]] tables")))
        raw_deals = []

    def read(raw: Any, n: int) -> Deal:
        if isinstance(raw, _Chunk):
            try:
                raw = raw.table()
            except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
                raise ScorepadError([Problem(_("deal {n}").format(n=n),
                    _("is not valid TOML: {err}").format(
                                                              err=err))]) \
                    from None
            except ScorepadError as err:
                raise err.located(_("deal {n}").format(n=n)) from None
        if saved:
            deal = saved_deal(raw, table)
            if deal is not None:
                return deal
        return read_deal(raw, table, _("deal {n}").format(n=n))

    if lazy and not problems:
        return Session(variant.name, players, rules, dealer or players[0], title,
                       Deals(raw_deals, read), date=date)  # fmt: skip
    tables = raw_deals.tables() if isinstance(raw_deals, _Chunks) else raw_deals
    for n, raw in enumerate(tables, 1):
        if len(problems) >= MAX_PROBLEMS - 1:  # a hostile file's 100,000 bad deals: enough
            problems.append(Problem(_("deal {n}").format(n=n), _("reading stopped here: too many "
                                                                 "problems (fix the ones above "
                                                                 "first)")))
            break
        try:
            deals.append(read(raw, n))
        except ScorepadError as err:
            problems.extend(err.problems)
        if consume and isinstance(raw_deals, list):
            raw_deals[n - 1] = None
    if problems:
        raise ScorepadError(problems)
    session = Session(variant.name, players, rules, dealer or players[0], title, tuple(deals),
                      date=date)
    problems.extend(variant.session_problems(session))
    if problems:
        raise ScorepadError(problems)
    return session


def _typed(data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, kind):
        raise ScorepadError([Problem(key, _("should be {name}, not {value}").format(
                                              name=kind.__name__, value=shown(value)))])
    return value


def _rules(value: Any, variant: Any, problems: list[Problem]) -> dict[str, Setting]:
    from scorepad.variants import default_rules

    if not isinstance(value, dict):
        problems.append(Problem("rules", _("the [rules] table is missing")))
        return default_rules(variant)
    profile = value.get("profile")
    if not isinstance(profile, str) or profile not in variant.profiles:
        problems.append(Problem("rules", _("profile {profile} is not one of {profiles}").format(
                                             profile=shown(profile),
                                             profiles=', '.join(variant.profiles))))
        return default_rules(variant)
    expected = default_rules(variant, profile)
    rules = dict(expected)  # a setting missing or of the wrong kind is reported, and the
    for key, default in expected.items():  # deals are still read with the profile's value
        if key not in value:
            problems.append(Problem("rules", _("setting {key} is missing").format(
                                                 key=shown(key))))
            continue
        problem = setting_problem(key, value[key], default)
        if problem:
            problems.append(Problem("rules", problem))
        else:
            rules[key] = value[key]
    unknown = [key for key in value if key not in expected]
    for key in unknown[:MAX_PROBLEMS]:  # a hostile file's 800,000 of them: a count
        problems.append(Problem("rules", _("unknown setting {key} (settings: {expected})").format(
                                             key=shown(key), expected=', '.join(expected))))
    if len(unknown) > MAX_PROBLEMS:
        problems.append(Problem("rules", _("and {x} more unknown settings").format(
                                             x=len(unknown) - MAX_PROBLEMS)))
    return rules


def session_to_document(session: Session) -> dict[str, Any]:
    """The TOML document of a session, keys in a stable order."""
    variant = get_variant(session.variant)
    doc = _header(session)
    deals = [_deal_table(variant, deal) for deal in session.deals]
    if deals:
        doc["deals"] = deals
    return doc


def _header(session: Session) -> dict[str, Any]:
    doc: dict[str, Any] = {"scorepad": session.version, "variant": session.variant}
    if session.title:
        doc["title"] = session.title
    if session.date:
        doc["date"] = session.date
    doc["players"] = list(session.players)
    doc["dealer"] = session.dealer
    doc["rules"] = dict(session.rules)
    return doc


def _deal_table(variant: Any, deal: Deal) -> dict[str, Any]:
    table: dict[str, Any] = {"dealer": deal.dealer}
    table.update(variant.entry_to_raw(deal.entry))
    if deal.note:
        table["note"] = deal.note
    return table


def deal_text(table: Mapping[str, Any]) -> str:
    """One deal's fields as a `[[deals]]` table (tomli-w would write short ones inline, which no one
    can edit by hand and nothing can be appended to); sub-tables as `[deals.KEY]`."""
    import tomli_w

    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    parts = ["\n[[deals]]\n", tomli_w.dumps(plain)]
    for key, value in table.items():
        if isinstance(value, dict):
            assert key.isidentifier(), key
            parts += [f"\n[deals.{key}]\n", tomli_w.dumps(value)]
    return "".join(parts)


def dumps(session: Session) -> str:
    """The whole file: header, then every deal; read back, it must be the same session."""
    import tomli_w

    variant = get_variant(session.variant)
    text = tomli_w.dumps(_header(session)) + "".join(
        deal_text(_deal_table(variant, deal)) for deal in session.deals
    )
    # parse what we are about to write: it must give back the very same session, read with
    # every check and read as saved (as it will be while its signature holds)
    doc = tomllib.loads(text)
    again = session_from_document(doc)
    pairs = zip(doc.get("deals", ()), session.deals, strict=True)
    if again != session or any(saved_deal(raw, again.table) != deal for raw, deal in pairs):
        raise AssertionError("the session does not survive a save and load")
    return signed(text.encode("utf-8")).decode("utf-8")


# The last line of a file scorepad wrote: the digest of everything above it, and which
# scorepad checked it. A file that still matches needs no second check of its deals when one
# more is recorded (they are read when looked at); a file edited by hand is checked in full.
_SIGNATURE = re.compile(rb"(?:\A|\n)(# checked by scorepad ([0-9A-Za-z.+-]{1,40}): "
                        rb"sha256 ([0-9a-f]{64})[ \t]*\r?\n?)\Z")


def signed(body: bytes) -> bytes:
    """The file's text with its signature line: the last thing written on every save."""
    return b"".join(_signed_chunks([body]))


def _signed_chunks(chunks: list[bytes | memoryview]) -> list[bytes | memoryview]:
    """The text, in pieces, and its signature line: the digest of the pieces together."""
    digest = hashlib.sha256()
    for chunk in chunks:
        digest.update(chunk)
    line = f"# checked by scorepad {__version__}: sha256 {digest.hexdigest()}\n"  # the file's
    return [*chunks, b"\n", line.encode("ascii")]


def _unsigned(data: bytes) -> tuple[int, bool]:
    """Where the file's text ends before its signature line, and whether the signature holds:
    made by this very scorepad (whose checks it passed) over exactly those bytes."""
    found = _SIGNATURE.search(data)
    if found is None:
        return len(data), False
    end = found.start(1)
    version, digest = found.group(2).decode("ascii"), found.group(3).decode("ascii")
    signed_end = end - 1 if end and data[end - 1:end] == b"\n" else end
    if version != __version__:
        return end, False
    return end, hashlib.sha256(memoryview(data)[:signed_end]).hexdigest() == digest


def _appended(data: bytes, doc: Mapping[str, Any], before: Session,
              after: Session) -> list[bytes | memoryview] | None:  # fmt: skip
    """The file's bytes with after's new last deal added as text, when that is all that
    changed and the file can take it: a current format whose deals are all `[[deals]]`
    tables. The new part is read back on its own and must give the very same deal; the old
    part is the bytes just read, and checked (or signed as checked) under the lock. None:
    write the whole file."""
    old, new = before.deals, after.deals
    if len(new) != len(old) + 1 or replace(after, deals=old) != before \
            or doc.get("scorepad") != FORMAT_VERSION:
        return None
    if isinstance(new, Deals) and isinstance(old, Deals):
        if not new.starts(old):
            return None
    elif tuple(new[:-1]) != tuple(old):
        return None
    end = _unsigned(data)[0]
    body = memoryview(data)[:end]  # the old text as it is, not copied
    headers = sum(1 for _match in re.finditer(
        rb"(?m)^[ \t]*\[\[[ \t]*deals[ \t]*\]\][ \t]*(?:#.*)?\r?$", body))
    if headers != len(old):  # deals written inline, or quoted keys: rewrite
        return None
    deal = new[-1]
    text = deal_text(_deal_table(get_variant(after.variant), deal))
    [raw] = tomllib.loads(text)["deals"]
    if read_deal(raw, after.table, _("deal {new}").format(new=len(new))) != deal \
            or saved_deal(raw, after.table) != deal:  # read with every check, and as saved
        raise AssertionError("the new deal does not survive a save and load")
    while end and data[end - 1:end] == b"\n":
        end -= 1
    chunks: list[bytes | memoryview] = [memoryview(data)[:end], b"\n" if end else b"",
                                        text.encode("utf-8")]  # fmt: skip
    return _signed_chunks(chunks)


def save_new(path: Path, session: Session) -> None:
    """Write a new session file; an existing file is never replaced."""
    text = dumps(session)
    folder = path.resolve().parent
    if os.path.lexists(path):
        raise ScorepadError([Problem(str(path), _("already exists; scorepad new never overwrites "
                                                  "(choose another name)"))])
    if not folder.is_dir():
        raise ScorepadError([Problem(str(path), _("folder {folder} does not exist").format(
                                                    folder=folder))])
    tmp = _temp_name(path.resolve())
    try:
        try:
            _write_temp(tmp, [text.encode("utf-8")], None)
            os.link(tmp, path)  # fails if the file appeared meanwhile: never overwrite
        finally:  # written or not (a full disk), the temporary file goes
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    except FileExistsError:
        raise ScorepadError([Problem(str(path), _("already exists; scorepad new never overwrites "
                                                  "(choose another name)"))]) from None
    except (OSError, UnicodeError) as err:
        raise ScorepadError([Problem(str(path), _("cannot write: {err}").format(
                                                    err=_describe(err)))]) from None
    _fsync_folder(folder)


def update(path: Path, change: Callable[[Session], Session],
           notes: list[str] | None = None) -> tuple[Session, Session]:  # fmt: skip
    """Read, change and save a session under a lock, so no other scorepad writes in between.

    The file is read again under the lock (whatever was loaded before may be stale); a
    failing `change` raises before anything is written. Returns (before, after). A file
    whose signature holds is read lazily: adding a deal reads the last one, not all."""
    with locked(path) as (real, data, mode, inode):
        _text, trusted = _unsigned(data)
        doc = parse_signed(data, path) if trusted else parse_whole(data, path)
        try:
            before = session_from_document(doc, lazy=trusted, saved=trusted)
        except ScorepadError as err:
            raise err.located(str(path)) from None
        after = change(before)
        if after != before:
            text = _appended(data, doc, before, after) or [dumps(after).encode("utf-8")]
            if sum(len(chunk) for chunk in text) > MAX_FILE_BYTES:  # it could not be read again
                raise ScorepadError([Problem(str(path), _("would grow past {x} MiB, more than "
                                                          "scorepad reads; nothing was saved: "
                                                          "start a new session file").format(
                                                            x=MAX_FILE_BYTES // 2**20))])
            old = doc.get("scorepad")
            if notes is not None and isinstance(old, int) and old < FORMAT_VERSION:
                notes.append(_("note: {path} is now in file format {format_version} (it was "
                               "{old}); a scorepad older than {version} will ask to be upgraded "
                               "to open it").format(
                                 path=path, format_version=FORMAT_VERSION, old=old,
                                 version=__version__))
            if mode & 0o222 == 0:
                raise ScorepadError([Problem(str(path), _("read-only: the file has no write "
                                                          "permission (chmod u+w to record)"))])
            _still_there(real, inode, path)
            try:
                _replace(real, text, mode)
            except (OSError, UnicodeError) as err:
                raise ScorepadError([Problem(str(path), _("cannot write: {err}").format(
                                                            err=_describe(err)))]) \
                    from None
    return before, after


def _still_there(real: Path, inode: int, path: Path) -> None:
    """The file read under the lock is still the one at its name: a file deleted or replaced
    meanwhile (by something that takes no lock) is neither brought back nor overwritten."""
    try:
        same = os.stat(real).st_ino == inode
    except OSError:
        same = False
    if not same:
        raise ScorepadError([Problem(str(path), _("was removed or replaced while scorepad was "
                                                  "saving; nothing was saved: look at the file, "
                                                  "then try again"))])


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
            raise ScorepadError([Problem(str(path), _("no such session file (start one with "
                                                      "'scorepad new')"))]) from None
        except OSError as err:
            raise ScorepadError([Problem(str(path), _("cannot read: {err}").format(
                                                        err=_why(err)))]) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() > deadline:
                who = _lock_holder(real)
                raise ScorepadError([Problem(str(path), _(
                    "another scorepad{who} is writing this file; nothing was recorded: try "
                    "again").format(who=who))]) from None
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
    """" (pid 1234)" when /proc/locks tells who holds the lock on the file."""
    try:
        inode = os.stat(real).st_ino
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                parts = line.split()
                if len(parts) > 5 and parts[1] == "FLOCK" and \
                        parts[5].rsplit(":", 1)[-1] == str(inode):
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
        raise ScorepadError([Problem(str(path), _("cannot write: {err}").format(
                                                    err=_describe(err)))]) from None
    try:
        if st is not None and not stat.S_ISREG(st.st_mode):
            with open(path, "w", encoding="utf-8", newline="\n") as stream:
                for chunk in chunks:  # no read, no rename: /dev/stdout, a FIFO, /dev/null
                    stream.write(chunk)
            return True
        if st is not None and _looks_like_session(path):
            raise ScorepadError([Problem(str(path), _("is a scorepad session file; an export "
                                                      "never replaces one (choose another name)"))])
        real = Path(os.path.realpath(path))
        if not real.parent.is_dir():
            raise ScorepadError([Problem(str(path), _("folder {parent} does not exist").format(
                                                        parent=real.parent))])
        _replace(real, (c.encode("utf-8") for c in chunks),
                 None if st is None else stat.S_IMODE(st.st_mode))
        return False
    except (OSError, UnicodeError) as err:
        raise ScorepadError([Problem(str(path), _("cannot write: {err}").format(
                                                    err=_describe(err)))]) from None


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
                view = view[os.write(fd, view):]
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
