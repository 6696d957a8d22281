"""Colour for a terminal: gains green, losses red, `error:` red; none for pipes and files,
nor when NO_COLOR is set (https://no-color.org's convention) or TERM is dumb.

Colour is added to text already laid out (tables aligned, control characters escaped): the
escape codes take no columns on a terminal, so nothing moves.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

GREEN, RED, BOLD_RED, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1;31m", "\x1b[0m"
# a signed score: "+186", "−62" (scorepad writes losses with the minus sign U+2212), not
# "0–91" (an en dash) nor "−(25 + 6)" (arithmetic)
SCORE = r"(?<![\w.])([+−])(\d+(?:\.\d+)?)(?![\w.])"  # compiled when first coloured (re's cache)


def wanted(stream: TextIO) -> bool:
    """Colour for this stream: a terminal, NO_COLOR unset, TERM not dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def scores(text: str) -> str:
    """Gains in green, losses in red."""
    return re.sub(SCORE, lambda m: f"{GREEN if m[1] == '+' else RED}{m[0]}{RESET}", text)


def errors(text: str) -> str:
    """The `error:` that starts a line in bold red."""
    return re.sub(r"(?m)^error:", f"{BOLD_RED}error:{RESET}", text)
