from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """Columns a terminal uses for text: East Asian wide characters and emoji take two."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or ch == "\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width
