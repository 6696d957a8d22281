"""Running totals as an SVG line chart, written by hand: one line per player, labelled at its
end, readable in black and white (each line has its own dash pattern and marker shape as
well as its colour). No charting library: see the README for why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scorepad.i18n import _
from scorepad.render.page import escape
from scorepad.text import signed, width

# Okabe–Ito: told apart by people with any colour vision; dark enough on white paper
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999933")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "12 4", "4 2 1 2", "1 2", "10 2 2 2 2 2")


MARKERS = ("circle", "square", "triangle", "diamond", "cross", "plus", "star", "bar")


R = 3.2  # a marker's radius
Point = tuple[float, float]
#: the polygons' corners, and the rectangles' corner and size, around a marker's centre
POLYGONS: dict[str, Callable[[float, float], tuple[Point, ...]]] = {
    "triangle": lambda x, y: ((x, y - R - 1), (x - R - 0.5, y + R), (x + R + 0.5, y + R)),
    "diamond": lambda x, y: ((x, y - R - 1), (x + R + 1, y), (x, y + R + 1), (x - R - 1, y)),
}
RECTANGLES: dict[str, Callable[[float, float], tuple[float, float, float, float]]] = {
    "square": lambda x, y: (x - R, y - R, 2 * R, 2 * R),
    "bar": lambda x, y: (x - R - 1, y - 1.2, 2 * R + 2, 2.4),
}
ARMS = {
    "cross": ((-R, -R, R, R), (-R, R, R, -R)),
    "plus": ((-R, 0, R, 0), (0, -R, 0, R)),
    "star": ((-R, 0, R, 0), (0, -R, 0, R), (-R, -R, R, R), (-R, R, R, -R)),
}


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R}" fill="{colour}"/>'
    if shape in RECTANGLES:
        left, top, w, h = RECTANGLES[shape](x, y)
        return f'<rect x="{left:.1f}" y="{top:.1f}" width="{w}" height="{h}" fill="{colour}"/>'
    if shape in POLYGONS:
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in POLYGONS[shape](x, y))
        return f'<polygon points="{points}" fill="{colour}"/>'
    return "".join(
        f'<line x1="{x + a:.1f}" y1="{y + b:.1f}" x2="{x + c:.1f}" '
        f'y2="{y + d:.1f}" stroke="{colour}" stroke-width="1.6"/>'
        for a, b, c, d in ARMS[shape]
    )


def _label_width(text: str) -> float:
    """About how wide an end label is drawn at 12 px, in the viewBox's units: a wide
    (East Asian) character as two narrow ones, each counted generously, so that no label is
    cut at the chart's right edge."""
    return 7.6 * width(text)


def line_chart(
    series: Mapping[str, Sequence[int | None]],
    *,
    title: str,
    unit: str,
    width: int = 720,
    height: int = 270,
    name: str = "chart",
    axis: str = "",
) -> str:
    """An inline <svg>: series[player] = the running total after deal 0 (zero), 1, 2, …;
    None before a late arrival's line starts (at zero, after the deal before his first).
    `name` is its class and the id of its title (two charts of one page: wide and narrow);
    `axis`: what the steps are, under them (default: "deals (unit)"). A line has at most a
    point a pixel of the plot's width: a season of more deals is drawn through evenly spaced
    ones (the first and the last always)."""
    players = [p for p, v in series.items() if any(x is not None for x in v)]
    deals = max((len(v) for v in series.values()), default=1) - 1
    values = [x for v in series.values() for x in v if x is not None] or [0]
    lo, hi = min(0, *values), max(0, *values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    finals = {p: next(x for x in reversed(series[p]) if x is not None) for p in players}
    labels = {p: f"{p} {signed(finals[p])}" for p in players}
    # room for the axis, its title under the deal numbers, and the end labels (whole)
    widest = max((_label_width(text) for text in labels.values()), default=0)
    left, top, bottom = 48, 14, 40
    right = max(130, round(widest) + 26)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_of(d: int) -> float:
        return left + plot_w * d / max(deals, 1)

    def y_of(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-labelledby="{name}-title" class="chart {name}">',
        f'<title id="{name}-title">{escape(title)}</title>',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
        'stroke="#bbb" stroke-width="0.8"/>',
    ]
    zero = y_of(0)
    parts.append(
        f'<line x1="{left}" y1="{zero:.1f}" x2="{left + plot_w}" y2="{zero:.1f}" '
        'stroke="#666" stroke-width="0.8"/>'
    )
    for value in sorted({lo, 0, hi}):
        parts.append(
            f'<text x="{left - 6}" y="{y_of(value) + 4:.1f}" text-anchor="end" '
            f'class="axis">{signed(value)}</text>'
        )
    step = max(1, (deals + 11) // 12)
    for d in range(0, deals + 1, step):
        parts.append(
            f'<text x="{x_of(d):.1f}" y="{top + plot_h + 16}" text-anchor="middle" '
            f'class="axis">{d}</text>'
        )
    under = escape(axis or _("deals ({unit})").format(unit=unit))
    parts.append(
        f'<text x="{left + plot_w}" y="{height - 4}" text-anchor="end" class="axis">{under}</text>'
    )  # below the numbers, never over one
    ends: list[tuple[float, str, int, str, str]] = []
    drawn: Sequence[int] = (
        range(deals + 1)
        if deals <= plot_w
        else sorted({round(i * deals / plot_w) for i in range(plot_w + 1)})
    )
    for i, player in enumerate(players):
        colour, dash, shape = (
            COLOURS[i % len(COLOURS)],
            DASHES[i % len(DASHES)],
            MARKERS[i % len(MARKERS)],
        )
        line = series[player]
        shown = [(d, v) for d in drawn if d < len(line) and (v := line[d]) is not None]
        points = " ".join(f"{x_of(d):.1f},{y_of(v):.1f}" for d, v in shown)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>'
        )
        if deals <= 40:  # a mark after each deal, none where the line starts at zero
            parts.extend(_marker(shape, x_of(d), y_of(v), colour) for d, v in shown[1:])
        final = finals[player]
        ends.append((y_of(final), player, final, colour, shape))
    ends.sort()
    ys = [e[0] for e in ends]
    for k in range(1, len(ys)):  # end labels never overlap: 13 px apart at least
        ys[k] = max(ys[k], ys[k - 1] + 13)
    for y, (_end, player, _final, colour, shape) in zip(ys, ends, strict=True):
        x = left + plot_w + 8
        parts.append(_marker(shape, x + 3, y - 4, colour))
        parts.append(
            f'<text x="{x + 11}" y="{y:.1f}" class="label">{escape(labels[player])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
