"""Text tables for people, drawn by tabulate; a table fitted to the terminal's width."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.text import width


def grid(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    fmt: str = "simple",
    right: Sequence[int] = (),
    fit: int | None = None,
    drop: Sequence[int] = (),
) -> str:
    """A table for people in tabulate's format `fmt` (checked by --format); columns whose
    index is in `right` are right-aligned (numbers), cells are taken as written. A "simple"
    table with `fit` keeps within `fit` columns: the columns of `drop` go first."""
    # here, not at the top: tabulate costs 40 % of the start-up floor, and deal, show, export
    # and check draw no table
    import tabulate

    keep = list(range(len(headers)))
    drops = list(drop) if fmt == "simple" and fit is not None else []
    while True:
        text: str = tabulate.tabulate(
            [[r[i] for i in keep] for r in rows],
            headers=[headers[i] for i in keep],
            tablefmt=fmt,
            disable_numparse=True,
            # tabulate 0.9 fails on an alignment and no rows
            colalign=[("right" if i in right else "left") for i in keep] if rows else None,
        )
        if not drops or fit is None or widest(text) <= fit:
            return text
        keep.remove(drops.pop(0))


def widest(text: str) -> int:
    """The width of the widest line of `text`."""
    return max(width(line) for line in text.splitlines())


def wrapped(items: Sequence[str], sep: str, fit: int | None) -> list[str]:
    """Items on as few lines as fit in `fit` columns (one line when fit is None)."""
    if fit is None:
        return [sep.join(items)]
    lines: list[str] = []
    for item in items:
        if lines and width(lines[-1]) + len(sep) + width(item) <= fit:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines
