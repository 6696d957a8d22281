"""A season's league: a column per session (by date), each player's sessions, deals, total
and average, ranked by total or by average (ties share a place). Pure: it reads the deals'
outcomes (`scores`), like `ranking`, whose standings a single session's view is; apart from it
so that `standings` of one file never builds what only `--league` shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from scorepad.model import Session
from scorepad.penalties import moves
from scorepad.ranking import sat_out
from scorepad.scores import iter_outcomes
from scorepad.text import people
from scorepad.variants.figures import rounded


@dataclass(frozen=True)
class LeagueRow:
    """One player's line of a league: the total of each session and of them all."""

    name: str
    by_session: tuple[int | None, ...]  # the total of each session, None where absent
    sessions: int
    deals: int
    total: int
    average: Decimal
    rank: int | None  # None: too few deals to be ranked by average
    out: int = 0  # deals sat out

    @property
    def played(self) -> int:
        return self.deals


def league(
    sessions: Sequence[Session], *, rank_by: str = "total", min_deals: int = 0
) -> list[LeagueRow]:
    """A season: one column per session (in the order given: by date), each player's
    sessions, deals, total and average. Ranked by total, or by average among those with at
    least `min_deals` deals (the others follow, unranked: five lucky deals can't top thirty)."""
    keys, names = people(s.players for s in sessions)  # one person whatever case and accents
    per: dict[str, list[int | None]] = {k: [None] * len(sessions) for k in names}
    deals = dict.fromkeys(names, 0)
    out = dict.fromkeys(names, 0)
    for i, (session, key_of) in enumerate(zip(sessions, keys, strict=True)):
        for key in key_of.values():
            per[key][i] = 0
        for p, times in sat_out(session).items():
            out[key_of[p]] += times
        for outcome in iter_outcomes(session):
            for player, value in outcome.scores.items():
                key = key_of[player]
                per[key][i] = (per[key][i] or 0) + value
                deals[key] += 1
        for player, value in moves(session).items():  # penalties count in the total
            per[key_of[player]][i] = (per[key_of[player]][i] or 0) + value
    rows = []
    for key, cells in per.items():
        total = sum(c for c in cells if c is not None)
        played = deals[key]
        shown = rounded(total, played)
        average = Decimal(0) if shown is None else shown
        rows.append(
            LeagueRow(
                names[key],
                tuple(cells),
                sum(c is not None for c in cells),
                played,
                total,
                average,
                None,
                out[key],
            )
        )
    if rank_by == "average":
        ranked = sorted(
            (r for r in rows if r.deals >= min_deals and r.deals),
            key=lambda r: (-r.average, r.name.casefold()),
        )
        rest = sorted(
            (r for r in rows if not (r.deals >= min_deals and r.deals)),
            key=lambda r: (-r.average, r.name.casefold()),
        )
        measure = "average"
    else:
        ranked = sorted(rows, key=lambda r: (-r.total, r.name.casefold()))
        rest, measure = [], "total"
    result: list[LeagueRow] = []
    for i, row in enumerate(ranked):
        tied = result and getattr(result[-1], measure) == getattr(row, measure)
        rank = result[-1].rank if tied else i + 1
        result.append(replace(row, rank=rank))
    return result + rest
