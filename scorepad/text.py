"""Numbers as people read them in explanations and tables (exact, with a real minus sign)."""

from __future__ import annotations

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
