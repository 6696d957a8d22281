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
) -> str:
    """A table for people in tabulate's format `fmt` (checked by --format); columns whose
    index is in `right` are right-aligned (numbers), cells are taken as written."""
    # here, not at the top: tabulate costs 40 % of the start-up floor, and deal, show, export
    # and check draw no table
    import tabulate

    align = [("right" if i in right else "left") for i in range(len(headers))]
    text: str = tabulate.tabulate(
        rows,
        headers=headers,
        tablefmt=fmt,
        disable_numparse=True,
        colalign=align if rows else None,  # tabulate 0.9 fails on an alignment and no rows
    )
    return text


def fitted_grid(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    right: Sequence[int],
    fit: int | None,
    drop_order: Sequence[int],
) -> str:
    """A "simple" table within `fit` columns: the columns of `drop_order` go first."""
    keep = list(range(len(headers)))
    drops = list(drop_order)
    while True:
        text = grid(
            [[r[i] for i in keep] for r in rows],
            [headers[i] for i in keep],
            "simple",
            [k for k, i in enumerate(keep) if i in right],
        )
        if fit is None or not drops or max(width(line) for line in text.splitlines()) <= fit:
            return text
        keep.remove(drops.pop(0))


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
