"""Numbers as people read them in explanations and tables (exact, with a real minus sign)."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from decimal import Decimal

MINUS = "−"


def num(x: Decimal | int) -> str:
    """40 → "40", 40.5 → "40.5", −3 → "−3"."""
    if isinstance(x, Decimal):
        text = str(int(x)) if x == x.to_integral_value() else format(x.normalize(), "f")
    else:
        text = str(x)
    return text.replace("-", MINUS)


def signed(x: Decimal | int) -> str:
    """+58, −58, 0."""
    return f"+{num(x)}" if x > 0 else num(x)


def scores_line(scores: Mapping[str, int]) -> str:
    """"Anna −98, Bruno +294, Chloé −98"."""
    return ", ".join(f"{player} {signed(value)}" for player, value in scores.items())


def plural(count: int, word: str, many: str | None = None) -> str:
    """"1 bout", "2 bouts", "1 deal"."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def span(lo: Decimal | int, hi: Decimal | int) -> str:
    """"42 to 94", or "114" when both ends are the same."""
    return num(lo) if lo == hi else f"{num(lo)} to {num(hi)}"



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

    return ch not in "\n\t" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") \
        and ch not in "\u200d\ufe0f"  # joiners that emoji names need
