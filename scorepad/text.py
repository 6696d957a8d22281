"""Numbers as people read them in explanations and tables (exact, with a real minus sign),
and names as people type them (`fold`, `find`, look-alikes, one person across files)."""

from __future__ import annotations

import functools
import re
import reprlib
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from scorepad.i18n import _, ngettext

MINUS = "−"


def num(x: Decimal | int) -> str:
    """40 → "40", 40.5 → "40.5", −3 → "−3"."""
    if isinstance(x, Decimal):
        text = str(int(x)) if x == x.to_integral_value() else format(x.normalize(), "f")
    else:
        text = str(x)
    return text.replace("-", MINUS)


def json_number(x: Decimal | int | None) -> int | float | None:
    """A number as JSON writes it: a whole one as an int, else a float (None stays None)."""
    if x is None or isinstance(x, int):
        return x
    return int(x) if x == x.to_integral_value() else float(x)


def average(x: Decimal | int) -> str:
    """An average, always with two decimals, so a column reads alike: 204.00, 144.63, −3.50
    (halves away from zero, as people round)."""
    return format(Decimal(x).quantize(Decimal("0.01"), ROUND_HALF_UP), "f").replace("-", MINUS)


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
    "round": lambda n: ngettext("{n} round", "{n} rounds", n),
    "table": lambda n: ngettext("{n} table", "{n} tables", n),
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


#: what separates typed names: commas as any keyboard types them (ASCII, the full-width ，
#: and the Japanese 、), and with `spaces` a run of them or of spaces
_COMMAS = re.compile(r"[,，、]")
_COMMAS_OR_SPACES = re.compile(r"[,，、\s]+")


def split_names(text: str, *, spaces: bool = False) -> list[str]:
    """The names of a typed list ("Anna, Bruno、Chloé"), each stripped, the empty ones
    dropped; with `spaces`, a space separates names too."""
    parts = (_COMMAS_OR_SPACES if spaces else _COMMAS).split(text)
    return [p for p in (n.strip() for n in parts) if p]


def either(names: Sequence[str]) -> str:
    """Names as a choice between them: "french or troggu", "french, troggu or piedmont"."""
    if len(names) < 2:
        return "".join(names)
    if len(names) == 2:
        return names[0] + _(" or ") + names[1]
    return _("{names} or {last}").format(names=_(", ").join(names[:-1]), last=names[-1])


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
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text  # isprintable() is false for every control character (and for more)
    return "".join(_escaped(ch) if _control(ch) else ch for ch in text)


def _escaped(ch: str) -> str:
    """A control character as Python writes it (\\x1b); a byte that is not UTF-8, which
    Python carries as a lone surrogate (a file name on a Latin-1 disk), as that byte."""
    if "\udc80" <= ch <= "\udcff":
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return repr(ch)[1:-1]


def _control(ch: str) -> bool:
    return (
        ch not in "\n\t"
        and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs")
        and ch not in "\u200d\ufe0f"
    )  # joiners that emoji names need; a lone surrogate could not be printed at all


_NOT_NARROW = re.compile("[^\x00-\xac\xae-\u02ff]")


def width(text: str) -> int:
    """Columns a terminal gives text: East Asian wide characters two, combining marks none."""
    if text.isascii():
        return len(text)
    return _wide_width(text)


@functools.lru_cache(maxsize=4096)  # a history's cells repeat: "−25", "大輔", "+50"
def _wide_width(text: str) -> int:
    others = _NOT_NARROW.findall(text)
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
def _tokens() -> re.Pattern[str]:  # compiled when first wrapping: 4.5 ms to compile
    return re.compile(
        rf"(?:\d+\. )?(?:[^ {_WIDE}]+|(?![{_MARKS}])[{_WIDE}]{{1,8}}) [+−]\d[\d.]*"
        rf"| +|[{_WIDE}]|[^ {_WIDE}]+"
    )


# never begins a line: closing marks, and the small kana and long vowel mark
_NO_LINE_START = set(
    "、。，．・：；？！）」』】〕ー)]},.:;!?ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)


#: a table's row or rule, a chart's axis, markdown, LaTeX: tables do their own fitting
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
    last = len(current)  # where the line's last word (or wide character) begins
    for token in _tokens().findall(body):
        size = width(token)
        if token.startswith(" "):
            if used + size <= columns:
                current, used = current + token, used + size
            else:  # a space at the end of a line: the line ends there
                out.append(current.rstrip(" "))
                current, used = hang, width(hang)
            continue
        if used + size > columns and current.strip():
            if token[0] not in _NO_LINE_START:
                out.append(current.rstrip(" "))
                current, used = hang, width(hang)
            elif current[:last].strip() and current[-1] != " ":
                # a mark that never starts a line takes the word before it down with it
                out.append(current[:last].rstrip(" "))
                current = hang + current[last:]
                used = width(current)
        while used + size > columns and size > columns - width(hang):  # a word too long
            room = columns - used
            cut = _cut(token, room)
            if not cut:
                break
            out.append(current + token[:cut])
            token = token[cut:]
            size = width(token)
            current, used = hang, width(hang)
        last = len(current)
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


# -- names as people type them ----------------------------------------------------------------


#: the combining marks that accents are made of (NFKD splits é into e and U+0301); the kana's
#: voiced marks (U+3099, U+309A) are letters' own parts, not accents, and are kept
_ACCENTS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


# letters that no decomposition splits, as people type them without their keyboard's key
# (casefold already gives ß and ẞ as ss)
_AS_TYPED = str.maketrans(
    {"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ħ": "h", "ı": "i"}
)


# Unicode's default-ignorable code points (DerivedCoreProperties.txt, UAX #44; what UAX #31
# and NFKC_Casefold leave out of identifiers): joiners, variation selectors, fillers, bidi
# and tag characters, drawn as nothing; and the blank Braille cell, drawn as a space
_INVISIBLE = re.compile(
    "[\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def invisible(text: str) -> str | None:
    """The first character of `text` that shows nothing (a zero-width joiner, a variation
    selector, the Hangul filler ㅤ, the blank Braille cell ⠀, …), or None."""
    if text.isascii():
        return None
    found = _INVISIBLE.search(text)
    return found.group() if found else None


@functools.lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """A name as typing compares it: without case and accents ("Élodie", "ELODIE" and
    "elodie" are "elodie"; "Søren" "soren", "Łukasz" "lukasz", "Straße" "strasse",
    full-width ａｎｎａ and mathematical 𝐀nna "anna"). Unicode NFKD, then casefolded (the
    mathematical 𝐀 has a case only once decomposed to A), without combining marks and the
    characters that show nothing; Japanese kana keep their voiced marks (ダイスケ is not
    タイスケ)."""
    if name.isascii():
        return name.strip().casefold()
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKD", name.strip()))
    text = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", _ACCENTS.sub("", text).translate(_AS_TYPED))


_WORDS = re.compile(r"[\s\-‐‑.'’]+")


def _initials(name: str) -> str:
    words = [w for w in _WORDS.split(fold(name)) if w]
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def find(typed: str, names: Sequence[str]) -> list[str]:
    """The names of `names` that `typed` may mean, as people type a name: exactly (case
    aside), then without accents, then a beginning, then the initials of a name of several
    words ("jp" or "J-P" for Jean-Pierre). One name: it is meant; several: `typed` could be
    any of them; none: nobody. Where `names` hold twins that differ only by accents (a file
    may), each is found by typing it exactly; a beginning typed with its accents ("Élo")
    picks the one so written."""
    wanted = unicodedata.normalize("NFC", typed.strip()).casefold()
    if not wanted:
        return []
    exact = [p for p in names if p.casefold() == wanted]
    if exact:
        return exact[:1]
    key = fold(wanted)
    same = [p for p in names if fold(p) == key]
    if same:
        return same
    found = [p for p in names if fold(p).startswith(key)]
    if len(found) > 1 and key != wanted:  # accents typed: those written so
        written = [p for p in found if p.casefold().startswith(wanted)]
        if len(written) == 1:
            return written
    letters = "".join(ch for ch in key if ch.isalnum())
    if len(letters) > 1:
        found += [p for p in names if p not in found and _initials(p) == letters]
    return found


def twins(names: Iterable[str]) -> dict[str, list[str]]:
    """The names that differ from another only by case or accents, by their folded form."""
    groups: dict[str, list[str]] = {}
    for p in names:
        groups.setdefault(fold(p), []).append(p)
    return {k: v for k, v in groups.items() if len(v) > 1}


def identities(names: Iterable[str]) -> dict[str, str]:
    """Each name's identity across files: its folded form ("Élodie" in one evening and
    "elodie" in the next are one person). In a file holding accent twins (written by hand),
    each twin is the person written exactly so: its casefolded form."""
    names = list(names)
    doubled = {p for group in twins(names).values() for p in group}
    return {p: p.casefold() if p in doubled else fold(p) for p in names}


def most_written(spellings: Mapping[str, int]) -> str:
    """The spelling written most often (by files), the first of those tied."""
    most = max(spellings.values())
    return next(p for p, n in spellings.items() if n == most)


@functools.cache
def _look_alikes() -> dict[int, str]:
    """Unicode's table of look-alikes (UTS #39's confusables.txt), the characters drawn like
    ASCII letters and digits: {code point: what it looks like}. Read when a name beyond ASCII
    is first checked for look-alikes (`scorepad/look_alikes.txt`, written by
    tools/look_alikes.py)."""
    table: dict[int, str] = {}
    text = Path(__file__).with_name("look_alikes.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            target, *sources = line.split()
            table.update(dict.fromkeys((int(code, 16) for code in sources), target))
    return table


def skeletons(name: str) -> tuple[str, str]:
    """What a name looks like (UTS #39's skeleton: each character as the one it is drawn
    like, Cyrillic "Аnna" as "Anna", Cherokee "Ꭺnna" as "Anna"), accents and the characters
    that show nothing left out: as written, and with case aside ("аnna" as "anna")."""
    table = _look_alikes()
    drawn = unicodedata.normalize("NFD", _INVISIBLE.sub("", name.strip())).translate(table)
    written = _ACCENTS.sub("", unicodedata.normalize("NFD", drawn))
    return written, fold(fold(name).translate(table))


def scripts(name: str) -> tuple[str, ...]:
    """The scripts of a name's letters, in order of first use ("Latin", "Cyrillic", …)."""
    found: list[str] = []
    for ch in name:
        if ch.isalpha():
            script = unicodedata.name(ch, "?").split(" ")[0].title()
            if script not in found:
                found.append(script)
    return tuple(found)


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """Another name that `name` looks like though it is not the same (Cyrillic "Аnna",
    small-capital "ᴀnna" beside "Anna"): the same skeleton (`skeletons`). Two names in the
    letters of a Latin keyboard (accents aside) are told apart by them: "Amie" and "Arnie",
    "Ian" and "lan" are two names. 大輔 looks like no Anna."""
    mine = fold(name)
    for other in others:
        theirs = fold(other)
        if theirs == mine or (mine.isascii() and theirs.isascii()):
            continue
        if any(a == b for a, b in zip(skeletons(name), skeletons(other), strict=True)):
            return other
    return None


def people(rosters: Iterable[Iterable[str]]) -> tuple[list[dict[str, str]], dict[str, str]]:
    """Who is who over several files (a season, a tournament's tables): for each file its
    names' identities (`identities`), and each identity's name as most often written (by
    files; the first written of those tied): `Élodie` in two evenings and `elodie` in one
    are one person, shown `Élodie`."""
    keys: list[dict[str, str]] = []
    written: dict[str, dict[str, int]] = {}
    for names in rosters:
        mine = identities(names)
        keys.append(mine)
        for name, key in mine.items():
            spellings = written.setdefault(key, {})
            spellings[name] = spellings.get(name, 0) + 1
    return keys, {key: most_written(spellings) for key, spellings in written.items()}
