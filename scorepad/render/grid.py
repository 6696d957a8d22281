"""Text tables for people: the default "simple" drawn here, any other format by tabulate
(the only module that imports it, when asked); fitting a table to the terminal's width."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from scorepad.i18n import _
from scorepad.text import shown, width


def grid(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    fmt: str = "simple",
    right: Sequence[int] = (),
) -> str:
    """A table for people; columns whose index is in `right` are right-aligned (numbers).

    The default format is drawn here, as tabulate's "simple" draws it (a test holds them
    equal): importing tabulate costs ~75 ms, at every deal of an evening. Any other --format
    goes to tabulate."""
    if fmt == "simple":
        return simple_grid(rows, headers, right)
    import tabulate

    tabulate.PRESERVE_WHITESPACE = False
    if fmt not in tabulate.tabulate_formats:
        from scorepad.errors import Problem, ScorepadError

        raise ScorepadError(
            [
                Problem(
                    "--format",
                    _("unknown table format {fmt} (formats: {tabulate_formats})").format(
                        fmt=shown(fmt), tabulate_formats=", ".join(tabulate.tabulate_formats)
                    ),
                )
            ]
        )
    align = tuple("right" if i in right else "left" for i in range(len(headers)))
    text: str = tabulate.tabulate(
        rows, headers=headers, tablefmt=fmt, disable_numparse=True, colalign=align
    )
    return text


def simple_grid(
    rows: Sequence[Sequence[Any]], headers: Sequence[str], right: Sequence[int] = ()
) -> str:
    """tabulate's "simple" format: headers, a rule of dashes, two spaces between columns,
    each column as wide as its widest cell or its header and two more."""
    cells = [
        [v if isinstance(v, str) else "" if v is None else str(v) for v in row] for row in rows
    ]
    cells = [[v.strip() for v in row] for row in cells]
    widths = [
        max([width(str(h).strip()) + 2, *(width(r[i]) for r in cells if i < len(r))])
        for i, h in enumerate(headers)
    ]
    return "\n".join(grid_lines(cells, headers, right if cells else (), widths))


def padded(values: Sequence[str], widths: Sequence[int], at_right: set[int]) -> list[str]:
    """Each cell padded to its column's width, on the left where the column is in at_right."""
    parts = []
    for i, value in enumerate(values):
        pad = " " * (widths[i] - width(value))
        parts.append(pad + value if i in at_right else value + pad)
    return parts


def grid_lines(
    rows: Iterable[Sequence[str]],
    headers: Sequence[str],
    right: Sequence[int],
    widths: Sequence[int],
    style: str = "simple",
) -> Iterator[str]:
    """The lines of a table whose column widths are known, in tabulate's `style`: "simple"
    (columns two spaces apart, a dashed rule) or "github" (cells between bars)."""
    at_right = set(right)
    if style == "github":
        rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    else:
        rule = "  ".join("-" * w for w in widths)

    def line(values: Sequence[str]) -> str:
        cells = padded(values, widths, at_right)
        return "| " + " | ".join(cells) + " |" if style == "github" else "  ".join(cells).rstrip()

    yield line([str(h).strip() for h in headers])
    yield rule
    for row in rows:
        yield line(row)


def fitted_grid(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    right: Sequence[int],
    fit: int | None,
    drop_order: Sequence[int],
) -> str:
    """A "simple" table within `fit` columns: the columns of `drop_order` go first."""
    keep = list(range(len(headers)))
    cells = [
        [v if isinstance(v, str) else "" if v is None else str(v) for v in row] for row in rows
    ]
    drops = list(drop_order)
    while True:
        text = simple_grid(
            [[r[i] for i in keep] for r in cells],
            [headers[i] for i in keep],
            [k for k, i in enumerate(keep) if i in right],
        )
        if fit is None or not drops or max(width(line) for line in text.splitlines()) <= fit:
            return text
        keep.remove(drops.pop(0))


def github_grid(
    rows: Sequence[Sequence[Any]], headers: Sequence[str], right: Sequence[int] = ()
) -> str:
    """tabulate's "github" format, drawn here (a test holds them equal)."""
    cells = [
        [(v if isinstance(v, str) else "" if v is None else str(v)).strip() for v in row]
        for row in rows
    ]
    widths = [
        max([width(str(h).strip()) + 2, *(width(r[i]) for r in cells if i < len(r))])
        for i, h in enumerate(headers)
    ]
    return "\n".join(grid_lines(cells, headers, right if cells else (), widths, "github"))


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
