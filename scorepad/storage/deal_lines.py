"""Deals read line by line, as scorepad writes them (`document.deal_text`: tomli-w's lines of the
plain fields, then `[deals.KEY]` sub-tables): the very tables tomli gives, in less than half its
time. Only lines in the strict shapes scorepad writes are read; on any other (a comment aside)
`read_deals` gives up (None) and the caller parses the text with tomli, whose every answer and
error message stay as they were.

The shapes: `[[deals]]`; `[deals.KEY]`; a blank line; `KEY = VALUE`, KEY bare (letters, digits,
_ and -) or a basic string; VALUE a basic string (TOML 1.0's escapes only), an integer in
decimal (no sign but -, no leading zero, no _), a float as Python writes one (40.5, no
exponent), true or false, or an array as tomli-w writes one (`[]`, or `[` then a line
`    ITEM,` per item and `]`); a comment line (`#`). No raw control character but tab
anywhere, no line over MAX_LINE characters, no key twice in a table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

__all__ = ["MAX_LINE", "Known", "read_deals"]

#: a longer line is given up on (scorepad's longest, a note of 500 characters, is 1,008 at most
#: with its escapes): what one line can cost is bounded, and a huge one is tomli's
MAX_LINE = 4096

_KNOWN_LINE = 200  # a field's line read once is kept (key and value) when at most this long
_KNOWN_LINES = 20_000  # and at most this many (a few MB): when full, forgotten at the batch's end

# a character TOML refuses raw anywhere (in a string or a comment): the control characters
# but tab and newline, and DEL
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_QUOTED_KEY = re.compile(r'("(?:[^"\\]|\\.)*") = ')  # a basic string, then " = "
_SUB_TABLE = re.compile(r"\[deals\.([A-Za-z0-9_-]+)\]")
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]*)\.[0-9]+")
_ESCAPE = re.compile(r'\\(?:([btnfr"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))')
_ESCAPED = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}

Known = dict[str, tuple[str, Any]]


class _GiveUp(Exception):
    """A line not in the shapes read here: the text is tomli's."""


def read_deals(text: str, known: Known | None = None) -> list[dict[str, Any]] | None:
    """The `[[deals]]` tables of `text` (which begins with one), each a dict as tomli would
    give it; None when a line is not in the shapes scorepad writes (see the module).

    `known`: the field lines read so far, each with its key and value, shared by the calls of
    one reading: most lines come again and again (`dealer = "Anna"`), and are then one look-up
    (a field's value is a str, int, float or bool: never changed, so it can be shared)."""
    if _CONTROL.search(text) is not None:
        return None
    lines = text.split("\n")
    if lines[0] != "[[deals]]":
        return None
    if known is None:
        known = {}
    try:
        return _read_lines(lines, known)
    except _GiveUp:
        return None
    finally:
        if len(known) >= _KNOWN_LINES:  # full: the next batch keeps its own lines
            known.clear()


def _read_lines(lines: list[str], known: Known) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = []
    deal: dict[str, Any] = {}
    table = deal  # the first line is a [[deals]]
    keys: dict[str, str] = {}  # each key as written, read once (the batch's first hundreds)
    rest = iter(lines)
    for line in rest:
        field = known.get(line)
        if field is None:
            if not line:
                continue
            if line == "[[deals]]":
                deal = table = {}
                deals.append(deal)
                continue
            size = len(line)
            if size > MAX_LINE:
                raise _GiveUp
            if line[0] == "[":
                header = _SUB_TABLE.fullmatch(line)
                if header is None or header[1] in deal:
                    raise _GiveUp
                table = deal[header[1]] = {}
                continue
            if line[0] == "#":
                continue  # a comment (the signature's line): no control character in it
            if line[0] == '"':  # a quoted key (a name) may hold " = " itself
                quoted = _QUOTED_KEY.match(line)
                if quoted is None:
                    raise _GiveUp
                written, text = quoted[1], line[quoted.end() :]
            else:
                written, sep, text = line.partition(" = ")
                if not sep:
                    raise _GiveUp
            key = keys.get(written)
            if key is None:
                key = _string(written) if written[:1] == '"' else _bare_key(written)
                if len(keys) < 1000:
                    keys[written] = key
            if text == "[":
                value: Any = _array(rest)
            else:
                if text[:1] == '"':  # a string without escapes: at once
                    value = text[1:-1]
                    if len(text) < 2 or text[-1] != '"' or '"' in value or "\\" in value:
                        value = _string(text)
                else:
                    value = _value(text)
                if size <= _KNOWN_LINE and len(known) < _KNOWN_LINES and text != "[]":
                    known[line] = (key, value)  # not a list: a table's own, to change
        else:
            key, value = field
        if key in table:
            raise _GiveUp  # a key twice: tomli refuses it
        table[key] = value
    return deals


def _bare_key(key: str) -> str:
    if _BARE_KEY.fullmatch(key) is None:
        raise _GiveUp
    return key


def _array(lines: Iterator[str]) -> list[Any]:
    """The items of an array as tomli-w writes it, after its `[` line: `    ITEM,` lines, `]`."""
    items: list[Any] = []
    for line in lines:
        if line == "]":
            return items
        if len(line) > MAX_LINE or line[:4] != "    " or line[-1:] != ",":
            raise _GiveUp
        items.append(_value(line[4:-1]))
    raise _GiveUp


def _value(text: str) -> Any:
    if text[:1] == '"':
        return _string(text)
    if text == "true":
        return True
    if text == "false":
        return False
    if text == "[]":
        return []
    if _INTEGER.fullmatch(text) is not None:
        try:
            return int(text)
        except ValueError:  # more digits than Python reads: tomli's error
            raise _GiveUp from None
    if _FLOAT.fullmatch(text) is not None:
        return float(text)
    raise _GiveUp


def _string(text: str) -> str:
    """A basic string, the whole of `text`."""
    if len(text) < 2 or text[-1] != '"':
        raise _GiveUp
    inner = text[1:-1]
    if '"' in inner or "\\" in inner:
        # every backslash begins one of TOML 1.0's escapes, and no quote is left bare
        rest = _ESCAPE.sub("", inner)
        if '"' in rest or "\\" in rest:
            raise _GiveUp
        return _ESCAPE.sub(_unescaped, inner)
    return inner


def _unescaped(escape: re.Match[str]) -> str:
    if escape[1] is not None:
        return _ESCAPED[escape[1]]
    code = int(escape[2] or escape[3], 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:  # not a Unicode scalar value
        raise _GiveUp
    return chr(code)
