"""Standings over sessions: totals, deals played and sat out, averages, ranks (ties share a
place). Pure: it reads the deals' outcomes (`scores`). A season's league is `league`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from scorepad.model import Outcome, Session
from scorepad.penalties import moves
from scorepad.scores import iter_outcomes
from scorepad.text import people
from scorepad.variants.figures import rounded

R = TypeVar("R")

#: what the standings count for each player, besides their best and worst deal
COUNTS = ("total", "deals", "declarer", "made", "failed", "won", "draws", "out", "penalties")


@dataclass(frozen=True)
class Standing:
    """One player's line of a session's standings: the total and what the deals were."""

    name: str
    total: int
    deals: int = 0
    declarer: int = 0
    made: int = 0
    failed: int = 0
    won: int = 0
    best: int = 0
    rank: int = 0
    worst: int = 0
    draws: int = 0  # declared games that ended level (Troggu)
    out: int = 0  # deals sat out (passed ones too)
    penalties: int = 0  # what penalties moved for the player (in the total too)

    @property
    def played(self) -> int:
        """Deals seated for, passed ones included."""
        return self.deals

    @property
    def average(self) -> Decimal:
        """Per deal played, to the hundredth, halves away from zero (a Decimal)."""
        shown = rounded(self.total, self.deals)
        return Decimal(0) if shown is None else shown

    @property
    def exact_average(self) -> Fraction:
        """Per deal played, exactly: what a ranking by average compares (no rounding ties)."""
        return Fraction(self.total, self.deals) if self.deals else Fraction(0)


def places(rows: Sequence[R], key: Callable[[R], object]) -> list[int]:
    """The place of each of `rows` (in order, best first): equal keys share one (1, 1, 3)."""
    found: list[int] = []
    for i, row in enumerate(rows):
        found.append(found[-1] if i and key(rows[i - 1]) == key(row) else i + 1)
    return found


def sat_out(session: Session) -> dict[str, int]:
    """How many deals each person sat out (passed ones included), of those who sat out any."""
    times: dict[str, int] = {}
    for seating in () if session.fixed else session.seating_plan().deals:
        for p in seating.out:
            times[p] = times.get(p, 0) + 1
    return times


def standings(
    sessions: Sequence[Session],
    *,
    rank_by: str = "total",
    min_deals: int = 1,
    scored: Sequence[Sequence[Outcome]] | None = None,
    settling: bool = False,
) -> list[Standing]:
    """Totals per player over the sessions given (same game), best first, ties share a rank.
    `rank_by="average"`: by the average per deal played, among those who played at least
    `min_deals` deals (at least 1); the others follow, unranked (rank 0). `scored`: each
    session's outcomes (`scores.outcomes`), where the caller has them already. `settling`:
    the penalties paid to others only (settling up leaves a deduction alone out)."""
    tally: dict[str, dict[str, Any]] = {}
    keys, order = people(s.players for s in sessions)  # one person whatever case and accents
    for i, (session, key_of) in enumerate(zip(sessions, keys, strict=True)):
        for key in key_of.values():
            tally.setdefault(key, {**dict.fromkeys(COUNTS, 0), "best": None, "worst": None})
        for p, times in sat_out(session).items():
            tally[key_of[p]]["out"] += times
        row_of = {player: tally[key] for player, key in key_of.items()}  # once a session
        for outcome in iter_outcomes(session) if scored is None else scored[i]:
            winners = outcome.winners
            for player, value in outcome.scores.items():
                row = row_of[player]
                row["total"] += value
                row["deals"] += 1
                best, worst = row["best"], row["worst"]
                if best is None or value > best:
                    row["best"] = value
                if worst is None or value < worst:
                    row["worst"] = value
                if winners and player in winners:
                    row["won"] += 1
            if outcome.declarer is not None:
                row = row_of[outcome.declarer]
                row["declarer"] += 1
                if outcome.made is not None:
                    row["made" if outcome.made else "failed"] += 1
                elif outcome.result == "draw":
                    row["draws"] += 1
        if session.penalties:
            for player, value in moves(session, settling=settling).items():
                row_of[player]["total"] += value
                row_of[player]["penalties"] += value
    for row in tally.values():
        row["best"], row["worst"] = row["best"] or 0, row["worst"] or 0
    rows = sorted(
        (Standing(name=order[k], **row) for k, row in tally.items()), key=lambda r: -r.total
    )
    if rank_by == "average":
        least = max(min_deals, 1)
        by_average = sorted(rows, key=lambda r: -r.exact_average)
        rows = [r for r in by_average if r.deals >= least]
        rest = [replace(r, rank=0) for r in by_average if r.deals < least]
        ranks = places(rows, lambda r: r.exact_average)
    else:
        rest, ranks = [], places(rows, lambda r: r.total)
    return [replace(r, rank=n) for r, n in zip(rows, ranks, strict=True)] + rest
