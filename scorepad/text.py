"""Numbers as people read them in explanations and tables (exact, with a real minus sign)."""

from __future__ import annotations

import functools
import re
import reprlib
from collections.abc import Callable, Mapping
from decimal import Decimal

from scorepad.i18n import _, ngettext

MINUS = "−"


def num(x: Decimal | int) -> str:
    """40 → "40", 40.5 → "40.5", −3 → "−3"."""
    if isinstance(x, Decimal):
        text = str(int(x)) if x == x.to_integral_value() else format(x.normalize(), "f")
    else:
        text = str(x)
    return text.replace("-", MINUS)


def average(x: Decimal | int) -> str:
    """An average, always with two decimals, so a column reads alike: 204.00, 144.62, −3.50."""
    return format(Decimal(x).quantize(Decimal("0.01")), "f").replace("-", MINUS)


def signed(x: Decimal | int) -> str:
    """+58, −58, 0."""
    return f"+{num(x)}" if x > 0 else num(x)


def scores_line(scores: Mapping[str, int]) -> str:
    """ "Anna −98, Bruno +294, Chloé −98"."""
    return _(", ").join(f"{player} {signed(value)}" for player, value in scores.items())


PLURALS: dict[str, Callable[[int], str]] = {  # the words counted, in the language
    "deal": lambda n: ngettext("{n} deal", "{n} deals", n),
    "bout": lambda n: ngettext("{n} bout", "{n} bouts", n),
    "session": lambda n: ngettext("{n} session", "{n} sessions", n),
    "trick": lambda n: ngettext("{n} trick", "{n} tricks", n),
    "more problem": lambda n: ngettext("{n} more problem", "{n} more problems", n),
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "player": lambda n: ngettext("{n} player", "{n} players", n),
    "chip": lambda n: ngettext("{n} chip", "{n} chips", n),
    "point": lambda n: ngettext("{n} point", "{n} points", n),
    "other player": lambda n: ngettext("{n} other player", "{n} other players", n),
    "opponent": lambda n: ngettext("{n} opponent", "{n} opponents", n),
    "low card": lambda n: ngettext("{n} low card", "{n} low cards", n),
    "deal won": lambda n: ngettext("{n} deal won", "{n} deals won", n),
}


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 bout", "2 bouts", "1 deal", in the language."""
    if word in PLURALS and many is None:
        return PLURALS[word](count).format(n=count)
    return f"{count} {word if count == 1 else (many or word + 's')}"


def points_of(points: Decimal | int) -> str:
    """ "1 point", "41 points", "0.5 points", "36.5 points", in the language."""
    whole = points == int(points)
    return PLURALS["point"](abs(int(points)) if whole else 2).format(n=num(points))


FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def typed(text: str) -> str:
    """An answer as typed, with the full-width letters, digits and signs of a Japanese
    keyboard (４７, Ａｎｎａ：１０) read as their ASCII selves, and no spaces around."""
    return text.translate(FULL_WIDTH).strip()


def span(lo: Decimal | int, hi: Decimal | int) -> str:
    """ "42 to 94", or "114" when both ends are the same."""
    return num(lo) if lo == hi else _("{lo} to {hi}").format(lo=num(lo), hi=num(hi))


class _Bounded(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:  # repr() of 5,000 digits is refused, and no one reads it
            return f"<a number of about {int(x.bit_length() * 0.30103)} digits>"
        return repr(x)


_BOUNDED = _Bounded()
_BOUNDED.maxstring = _BOUNDED.maxother = 60
_BOUNDED.maxlist = _BOUNDED.maxdict = 6
_BOUNDED.maxlevel = 3


def shown(value: object) -> str:
    """A value from a file as an error message quotes it: repr, but bounded, so that a
    hostile file's 500,000-character name or 6,000-digit number costs one short line."""
    text = _BOUNDED.repr(value)
    return text if len(text) <= 120 else text[:120] + "…"


def printable(text: str) -> str:
    """Control characters (escape sequences, a bell, a carriage return) shown escaped, so
    that text from a hand-edited file never reaches a terminal or a page raw."""
    if text.isprintable() or not any(_control(ch) for ch in text):
        return text
    return "".join(repr(ch)[1:-1] if _control(ch) else ch for ch in text)


def _control(ch: str) -> bool:
    import unicodedata

    return (
        ch not in "\n\t"
        and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")
        and ch not in "\u200d\ufe0f"
    )  # joiners that emoji names need


_NOT_NARROW = re.compile("[^\x00-\xac\xae-\u02ff]")


def width(text: str) -> int:
    """Columns a terminal gives text: East Asian wide characters two, combining marks none."""
    if text.isascii():
        return len(text)
    others = _NOT_NARROW.findall(text)
    if not others:
        return len(text)
    import unicodedata

    total = len(text) - len(others)
    for ch in others:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


# a name and its score ("Anna +116", "2. 大輔 −58") kept together; a word (no space, no
# wide character), one wide character, or a run of spaces
_WIDE = (
    "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
)
_MARKS = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20"  # Japanese punctuation: no name begins so


@functools.cache
def _tokens() -> re.Pattern[str]:  # compiled when first wrapping: ~4 ms of every start-up
    return re.compile(
        rf"(?:\d+\. )?(?:[^ {_WIDE}]+|(?![{_MARKS}])[{_WIDE}]{{1,8}}) [+−]\d[\d.]*"
        rf"| +|[{_WIDE}]|[^ {_WIDE}]+"
    )


# never begins a line: closing marks, and the small kana and long vowel mark
_NO_LINE_START = set(
    "、。，．・：；？！）」』】〕ー)]},.:;!?ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
# a table's row or rule, a chart's axis, markdown, LaTeX: tables do their own fitting
_TABLE = re.compile(r"\S  +\S|^[-─═━ ┤│|+:]+$|[┤│]|^[|+]|&.*\\\\$")


def wrap(text: str, columns: int | None) -> list[str]:
    """Each line of `text` broken at word boundaries to fit `columns` (East Asian wide
    characters count two and may break between them; a closing mark never starts a line).
    A continuation keeps the line's indentation, and goes 2 further under a "✗ " or list
    mark. Lines that fit, and table rows (columns apart by two spaces), are left as they are:
    tables do their own fitting. `columns` None: nothing is wrapped (a file or a pipe)."""
    if columns is None:
        return text.split("\n")
    lines: list[str] = []
    for line in text.split("\n"):
        if width(line) <= columns or _TABLE.search(line.strip()):
            lines.append(line)
            continue
        lines.extend(_wrap_line(line, columns))
    return lines


def _wrap_line(line: str, columns: int) -> list[str]:
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    mark = re.match(r"(✗|•|-|\*|error:|note:) ", body)
    hang = indent + " " * (min(width(mark.group(0)), 8) if mark else 0)
    if width(hang) > columns // 2:
        hang = indent = ""
    out: list[str] = []
    current, used = indent, width(indent)
    for token in _tokens().findall(body):
        size = width(token)
        if token.startswith(" "):
            if used + size <= columns:
                current, used = current + token, used + size
            else:  # a space at the end of a line: the line ends there
                out.append(current.rstrip(" "))
                current, used = hang, width(hang)
            continue
        if used + size > columns and current.strip() and token[0] not in _NO_LINE_START:
            out.append(current.rstrip(" "))
            current, used = hang, width(hang)
        while used + size > columns and size > columns - width(hang):  # a word too long
            room = columns - used
            cut = _cut(token, room)
            if not cut:
                break
            out.append(current + token[:cut])
            token = token[cut:]
            size = width(token)
            current, used = hang, width(hang)
        current, used = current + token, used + size
    out.append(current.rstrip(" "))
    return out


def _cut(word: str, room: int) -> int:
    """How many characters of `word` fit in `room` columns."""
    used = 0
    for i, ch in enumerate(word):
        used += width(ch)
        if used > room:
            return i
    return len(word)
