"""What people and scripts read: tables, explanations and JSON objects.

The only module that imports tabulate; it returns text and never prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.core import Standing, json_number, outcomes, running_totals
from scorepad.model import Deal, Outcome, Session
from scorepad.text import num, signed
from scorepad.variants import get_variant


def table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    fmt: str = "simple",
    right: Sequence[int] = (),
) -> str:
    """A tabulate table; columns whose index is in `right` are right-aligned (numbers)."""
    import tabulate

    tabulate.PRESERVE_WHITESPACE = False
    if fmt not in tabulate.tabulate_formats:
        from scorepad.errors import Problem, ScorepadError

        raise ScorepadError([Problem("--format", f"unknown table format '{fmt}' (formats: "
                                                 f"{', '.join(tabulate.tabulate_formats)})")])
    align = tuple("right" if i in right else "left" for i in range(len(headers)))
    return tabulate.tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                             colalign=align)  # fmt: skip


def deal_object(session: Session, n: int, deal: Deal, outcome: Outcome) -> dict[str, Any]:
    variant = get_variant(session.variant)
    obj: dict[str, Any] = {"n": n, "dealer": deal.dealer}
    obj.update(variant.entry_to_raw(deal.entry))
    if deal.note:
        obj["note"] = deal.note
    obj["result"] = outcome.result
    obj["points"] = json_number(outcome.points)
    if outcome.winners:
        obj["winners"] = list(outcome.winners)
    obj["scores"] = dict(outcome.scores)
    return obj


def history_objects(session: Session) -> list[dict[str, Any]]:
    pairs = zip(session.deals, outcomes(session), strict=True)
    return [deal_object(session, n, deal, outcome) for n, (deal, outcome) in enumerate(pairs, 1)]


def history_table(session: Session, fmt: str = "simple", running: bool = True) -> str:
    variant = get_variant(session.variant)
    rows = []
    totals = running_totals(session)
    for n, (deal, outcome) in enumerate(zip(session.deals, outcomes(session), strict=True), 1):
        cells = []
        for p in session.players:
            cell = signed(outcome.scores[p])
            if running:
                cell += f" ({num(totals[n - 1][p])})"
            cells.append(cell)
        points = "" if outcome.points is None else str(json_number(outcome.points))
        rows.append([n, deal.dealer, variant.describe(deal.entry), outcome.result, points,
                     *cells])  # fmt: skip
    headers = ["#", "dealer", "deal", "result", "pts", *session.players]
    title = f"{session.title} — " if session.title else ""
    head = (f"{title}{variant.title}, {len(session.deals)} deals "
            f"({variant.unit}; running totals in brackets)")
    numbers = [0, 4, *range(5, len(headers))]
    return head + "\n" + table(rows, headers, fmt, numbers)


def standings_object(variant_name: str, deals: int, rows: Sequence[Standing]) -> dict[str, Any]:
    players = []
    for row in rows:
        obj: dict[str, Any] = {"name": row.name, "total": row.total, "rank": row.rank,
                               "deals": row.deals}  # fmt: skip
        if variant_name == "piedmont":
            obj["won"] = row.won
        else:
            obj.update(declarer=row.declarer, made=row.made, failed=row.failed)
        obj["best"] = row.best
        players.append(obj)
    return {"variant": variant_name, "deals": deals, "players": players}


def standings_table(variant_name: str, rows: Sequence[Standing], fmt: str = "simple") -> str:
    if variant_name == "piedmont":
        headers = ["rank", "player", "total", "deals", "won", "best deal"]
        data = [[r.rank, r.name, r.total, r.deals, r.won, r.best] for r in rows]
    else:
        headers = ["rank", "player", "total", "deals", "declarer", "made", "failed", "best deal"]
        data = [[r.rank, r.name, signed(r.total), r.deals, r.declarer, r.made, r.failed,
                 signed(r.best)] for r in rows]  # fmt: skip
    return table(data, headers, fmt, [0, *range(2, len(headers))])


def explain_deal(session: Session, n: int, deal: Deal, outcome: Outcome) -> str:
    variant = get_variant(session.variant)
    lines = [f"deal {n}, dealt by {deal.dealer}: {variant.describe(deal.entry)}"]
    if deal.note:
        lines.append(f"note: {deal.note}")
    lines.extend("  " + line for line in outcome.explain)
    return "\n".join(lines)
