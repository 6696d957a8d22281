"""The running totals of every player, deal by deal, drawn in text."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence

from scorepad.i18n import _
from scorepad.model import Outcome, Session
from scorepad.penalties import by_deal
from scorepad.render.grid import wrapped
from scorepad.scores import iter_outcomes
from scorepad.seating import Join
from scorepad.text import num, signed, width

MARKERS = "*+o#x@%&"
#: after the symbols: letters that are nobody's initial, Greek letters, then digits
_SPARE = "abcdefghijklmnopqrstuvwxyzαβγδεζηθλμξπσφψωΓΔΘΛΞΠΣΦΨΩ123456789"


def chart_markers(players: Sequence[str]) -> dict[str, str]:
    """One ASCII letter per player (the initial when it is unique), else a symbol, a letter
    that is nobody's initial or a digit: a distinct character for each of any number of
    players (a roster holds at most 40)."""
    initials = [p[:1].upper() for p in players]
    taken = {i.casefold() for i in initials}
    spare = (c for c in dict.fromkeys(MARKERS + _SPARE) if c.casefold() not in taken)
    result: dict[str, str] = {}
    for n, (p, letter) in enumerate(zip(players, initials, strict=True)):
        unique = letter.isascii() and letter.isalpha() and initials.count(letter) == 1
        result[p] = letter if unique else next(spare, None) or chr(0x2460 + n % 1000)
    return result


def chart_samples(deals: int, width: int) -> list[int]:
    """The deals after which the chart shows the totals: all of them when they fit in
    `width` columns, else `width` evenly spaced ones (and always the last)."""
    if deals <= width:
        return list(range(deals + 1))
    return [round(i * deals / width) for i in range(width + 1)]


def arrivals(session: Session) -> dict[str, int]:
    """The deal from which each player who was not on the roster at deal 1 is on it: a late
    arrival's line on a chart starts there (from zero, after the deal before it)."""
    first: dict[str, int] = {}
    for change in session.changes:
        if isinstance(change, Join) and change.name not in session.roster:
            first.setdefault(change.name, change.from_deal)
    return first


def running_totals(
    session: Session, outcomes: Iterable[Outcome], at: Container[int] | None = None
) -> dict[str, list[int | None]]:
    """Each player's running total (penalties included) after deal 0, 1, 2, … (or only after
    the deals `at`); None before a late arrival's line starts (`arrivals`: at zero, after the deal
    before his first)."""
    players = session.players
    first = arrivals(session)
    totals = dict.fromkeys(players, 0)
    paid = by_deal(session)  # penalties: in the running totals after their deal
    for p, value in paid.get(0, {}).items():
        totals[p] += value
    series: dict[str, list[int | None]] = {
        p: [totals[p] if first.get(p, 1) <= 1 else None] for p in players
    }
    for n, outcome in enumerate(outcomes, 1):
        scores = outcome.scores
        for p in players:
            totals[p] += scores.get(p, 0)
        for p, value in paid.get(n, {}).items():
            totals[p] += value
        if at is None or n in at:
            for p, points in series.items():
                points.append(totals[p] if n >= first.get(p, 1) - 1 else None)
    return series


def chart(session: Session, height: int = 12, most: int = 64, fit: int | None = None) -> str:
    """The running totals of every player, deal by deal, drawn in text with a legend; a late
    arrival's line starts at his first deal (`arrivals`).

    A long session is drawn from evenly spaced deals (never more than `most` columns), so
    100,000 deals cost the memory of 64 columns; `fit` is the terminal's width, which the
    drawing and the legend keep within."""
    columns_at_most = most if fit is None else max(8, min(most, fit - 12))
    players = session.players
    deals = len(session.deals)
    samples = chart_samples(deals, columns_at_most)
    series = running_totals(session, iter_outcomes(session), set(samples))
    values = [v for s in series.values() for v in s if v is not None] or [0]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    segments = len(samples) - 1
    step = max(1, min(6, columns_at_most // max(segments, 1)))
    columns = segments * step + 1
    grid = [[" "] * columns for _row in range(height)]

    def row(value: float) -> int:
        return round((hi - value) / (hi - lo) * (height - 1))

    if lo <= 0 <= hi:
        grid[row(0)] = ["·"] * columns
    markers = chart_markers(players)
    for p in players:
        points = series[p]
        for d in range(segments):  # the line from one point to the next
            a, b = points[d], points[d + 1]
            if b is None:  # not arrived yet
                continue
            if a is None:  # the first point after the arrival: where the line starts
                grid[row(b)][(d + 1) * step] = markers[p]
                continue
            for k in range(step + 1):
                grid[row(a + (b - a) * k / step)][d * step + k] = markers[p]
    labels = {row(hi): num(hi), row(lo): num(lo)}
    if lo <= 0 <= hi:
        labels.setdefault(row(0), "0")
    pad = max(len(v) for v in labels.values())
    lines = [f"{labels.get(i, ''):>{pad}} ┤{''.join(cells)}" for i, cells in enumerate(grid)]
    axis = [" "] * (columns + 8)
    every = max(1, (segments + 7) // 8)
    for d in range(0, segments + 1, every):
        label = str(samples[d])
        at = d * step
        if all(ch == " " for ch in axis[max(0, at - 1) : at + len(label) + 1]):
            axis[at : at + len(label)] = label
    lines.append(f"{'':>{pad}} └{'─' * columns}")
    numbers = f"{'':>{pad}}  {''.join(axis).rstrip()}"
    label = "  " + _("deals")
    if fit is None or width(numbers + label) <= fit:
        numbers += label
    lines.append(numbers if fit is None else numbers[:fit].rstrip())
    legend = [f"{markers[p]} {p} ({signed(series[p][-1] or 0)})" for p in players]
    lines.extend(wrapped(legend, "   ", fit))
    return "\n".join(lines)
