"""The signed format: the last line of every file scorepad writes (the digest of what is above
it), the whole file's text (`dumps`, read back before it is written), and one deal appended."""

from __future__ import annotations

import re
import sys
from codecs import BOM_UTF8 as BOM
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scorepad import FORMAT_VERSION, __version__
from scorepad.checks import read_deal, saved_deal
from scorepad.i18n import _
from scorepad.model import Deals, Session, deal_tables, table_at
from scorepad.storage.document import appended_text, session_from_document, session_text
from scorepad.storage.parse import tomllib


def dumps(session: Session) -> str:
    """The whole file: header, then every deal; read back, it must be the same session."""
    text = session_text(session)
    # parse what we are about to write: it must give back the very same session, read with
    # every check and read as saved (as it will be while its signature holds)
    doc = tomllib.loads(text)
    again = session_from_document(doc)
    triples = zip(doc.get("deals", ()), session.deals, deal_tables(again), strict=True)
    if again != session or any(saved_deal(raw, table) != deal for raw, deal, table in triples):
        raise AssertionError("the session does not survive a save and load")
    return signed(text.encode("utf-8")).decode("utf-8")


# The last line of a file scorepad wrote: the digest of everything above it, and which
# scorepad checked it. A file that still matches needs no second check of its deals when one
# more is recorded (they are read when looked at); a file edited by hand is checked in full.
_SIGNATURE = re.compile(
    rb"(?:\A|\n)(# checked by scorepad ([0-9A-Za-z.+-]{1,40}): "
    rb"sha256 ([0-9a-f]{64})[ \t]*\r?\n?)\Z"
)


def signed(body: bytes) -> bytes:
    """The file's text with its signature line: the last thing written on every save."""
    return b"".join(_signed_chunks([body]))


def _signed_chunks(chunks: list[bytes | memoryview]) -> list[bytes | memoryview]:
    """The text, in pieces, and its signature line: the digest of the pieces together."""
    digest = sha256(sum(len(chunk) for chunk in chunks))
    for chunk in chunks:
        digest.update(chunk)
    line = f"# checked by scorepad {__version__}: sha256 {digest.hexdigest()}\n"  # the file's
    return [*chunks, b"\n", line.encode("ascii")]


def signature_end(data: bytes) -> tuple[int, bool]:
    """Where the file's text ends before its signature line, and whether the signature holds:
    made by this very scorepad (whose checks it passed) over exactly those bytes."""
    # searched from the last line that can begin it (the pattern runs to the end), not tried
    # at every line of the file: 16 ms of a file of 10,000 deals
    found = _SIGNATURE.search(data, max(data.rfind(b"\n# checked by scorepad "), 0))
    if found is None:
        return len(data), False
    end = found.start(1)
    version, digest = found.group(2).decode("ascii"), found.group(3).decode("ascii")
    signed_end = end - 1 if end and data[end - 1 : end] == b"\n" else end
    if version != __version__:
        return end, False
    digest_now = sha256(signed_end)
    digest_now.update(memoryview(data)[:signed_end])
    return end, digest_now.hexdigest() == digest


def sha256(size: int) -> Any:
    """A new sha256 for `size` bytes: CPython's own for a small file, whose import costs
    nothing (hashlib's loads OpenSSL: 2–5 ms of every start-up), OpenSSL's through hashlib for
    a big one (4 times faster per byte). The digest is the same."""
    if size < 1 << 18:  # 256 KiB, ~1,700 deals: either way at most a few ms
        try:
            if sys.version_info >= (3, 12):
                from _sha2 import sha256 as small
            else:
                from _sha256 import sha256 as small
        except ImportError:  # pragma: no cover - a Python without them
            pass
        else:
            return small()
    import hashlib

    return hashlib.sha256()


def appended(
    data: bytes, doc: Mapping[str, Any], before: Session, after: Session
) -> list[bytes | memoryview] | None:
    """The file's bytes with after's new last deal added as text, when that is all that
    changed and the file can take it: a current format whose deals are all `[[deals]]`
    tables. The new part is read back on its own and must give the very same deal; the old
    part is the bytes just read, and checked (or signed as checked) under the lock. None:
    write the whole file."""
    old, new = before.deals, after.deals
    if (
        len(new) != len(old) + 1
        or replace(after, deals=old) != before
        or doc.get("scorepad") != FORMAT_VERSION
    ):
        return None
    if isinstance(new, Deals) and isinstance(old, Deals):
        if not new.starts(old):
            return None
    elif tuple(new[:-1]) != tuple(old):
        return None
    end = signature_end(data)[0]
    body = memoryview(data)[:end]  # the old text as it is, not copied
    headers = sum(
        1
        for _match in re.finditer(rb"(?m)^[ \t]*\[\[[ \t]*deals[ \t]*\]\][ \t]*(?:#.*)?\r?$", body)
    )
    if headers != len(old):  # deals written inline, or quoted keys: rewrite
        return None
    deal = new[-1]
    text = appended_text(after, deal)
    [raw] = tomllib.loads(text)["deals"]
    table = table_at(after, len(new))
    if (
        read_deal(raw, table, _("deal {new}").format(new=len(new))) != deal
        or saved_deal(raw, table) != deal
    ):  # read with every check, and as saved
        raise AssertionError("the new deal does not survive a save and load")
    while end and data[end - 1 : end] == b"\n":
        end -= 1
    start = len(BOM) if data.startswith(BOM) else 0  # an editor's byte-order mark: not kept
    chunks: list[bytes | memoryview] = [
        memoryview(data)[start:end],
        b"\n" if end else b"",
        text.encode("utf-8"),
    ]
    return _signed_chunks(chunks)
