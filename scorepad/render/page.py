"""What every printable page of scorepad shares: the type, the headings and the tables of its
style (the evening's sheet and the tournament's pages add their own after it). A column head
wraps between words only, Japanese too (`keep-all`: never one character a line); a number
never wraps. The pieces of HTML both draw: text made safe, cells, tables."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from scorepad.text import printable

PAGE_STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
       "Noto Sans CJK JP", sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
       color: #111; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; }
h2 { font-size: 1.1rem; margin: 1.2rem 0 .4rem; border-bottom: 1px solid #999; }
p.meta { margin: .1rem 0; color: #333; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: .15rem .4rem; border-bottom: 1px solid #ddd; text-align: left;
         vertical-align: top; }
th { border-bottom: 1.5px solid #333; font-weight: 600; word-break: keep-all; }
td.n, th.n { text-align: right; }
td.n { white-space: nowrap; }
"""


def escape(text: object) -> str:
    """HTML-escaped, and any control character from a hand-edited file shown as \\x1b."""
    return html.escape(printable(str(text)))


def class_attr(cls: str) -> str:
    """` class="n opt"`, or nothing for no class."""
    return f' class="{cls}"' if cls else ""


def cell(value: Any, cls: str = "") -> str:
    return f"<td{class_attr(cls)}>{escape(value)}</td>"


def head(labels: Sequence[str], classes: Sequence[str]) -> str:
    """A table's head: each label (as given) in its column's classes."""
    cells = "".join(
        f'<th scope="col"{class_attr(c)}>{escape(label)}</th>'
        for label, c in zip(labels, classes, strict=True)
    )
    return f"<thead><tr>{cells}</tr></thead>"


def table(
    labels: Sequence[str],
    classes: Sequence[str],
    rows: Iterable[Sequence[Any]],
    caption: str | None = None,
) -> str:
    """A table of values, each cell in its column's classes (`body_table`)."""
    body = "".join(
        "<tr>" + "".join(cell(v, c) for v, c in zip(row, classes, strict=True)) + "</tr>"
        for row in rows
    )
    return body_table(labels, classes, body, caption)


def body_table(
    labels: Sequence[str], classes: Sequence[str], body: str, caption: str | None = None
) -> str:
    """A table that scrolls sideways where the page is too narrow for it: its head, the
    rows of `body` (HTML), `caption` (HTML) above them."""
    above = "" if caption is None else f"<caption>{caption}</caption>"
    return (
        f'<div class="wide"><table>{above}{head(labels, classes)}<tbody>{body}</tbody>'
        "</table></div>"
    )


def section(name: str, heading: str, inner: str) -> str:
    """A part of the page, of class `name`, under its heading."""
    return f'<section class="{name}"><h2>{escape(heading)}</h2>{inner}</section>'
