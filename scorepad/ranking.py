"""Standings over sessions: totals, deals played and sat out, averages, ranks (ties share a
place). Pure: it reads the deals' outcomes (`scores`). A season's league is `league`'s."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from scorepad.model import Outcome, Session
from scorepad.penalties import moves
from scorepad.scores import iter_outcomes
from scorepad.text import people
from scorepad.variants.figures import rounded

if TYPE_CHECKING:
    from fractions import Fraction


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
        from fractions import Fraction  # only a ranking by average needs it: not every deal

        return Fraction(self.total, self.deals) if self.deals else Fraction(0)


def sat_out(session: Session) -> dict[str, int]:
    """How many deals each person sat out (passed ones included), of those who sat out any:
    counted by seating, as deals seated alike share one (a long session holds a handful)."""
    if session.fixed:
        return {}
    seatings = session.seating_plan().deals
    alike = dict(zip(map(id, seatings), seatings, strict=True))
    deals = Counter(map(id, seatings))  # the deals of each seating
    times: dict[str, int] = {}
    for key, seating in alike.items():
        for p in seating.out:
            times[p] = times.get(p, 0) + deals[key]
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
            tally.setdefault(
                key,
                dict(
                    total=0,
                    deals=0,
                    declarer=0,
                    made=0,
                    failed=0,
                    won=0,
                    best=None,
                    worst=None,
                    draws=0,
                    out=0,
                    penalties=0,
                ),
            )
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
    rows = sorted(tally.items(), key=lambda kv: -kv[1]["total"])
    result: list[Standing] = []
    for i, (key, row) in enumerate(rows):
        rank = result[-1].rank if result and result[-1].total == row["total"] else i + 1
        row["best"], row["worst"] = row["best"] or 0, row["worst"] or 0
        result.append(Standing(name=order[key], rank=rank, **row))
    if rank_by != "average":
        return result
    least = max(min_deals, 1)
    ranked = sorted((r for r in result if r.deals >= least), key=lambda r: -r.exact_average)
    rest = sorted((r for r in result if r.deals < least), key=lambda r: -r.exact_average)
    by_average: list[Standing] = []
    for i, r in enumerate(ranked):
        tied = by_average and by_average[-1].exact_average == r.exact_average
        by_average.append(replace(r, rank=by_average[-1].rank if tied else i + 1))
    return by_average + [replace(r, rank=0) for r in rest]
