"""Counting the statistics: every deal of the sessions scored once, on the standings' path
(`scores.iter_outcomes`); the game-free figures counted here, by player, and the rest by the
game (`Variant.stats.counter()`), session by session (`stats`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from scorepad import rating
from scorepad.model import Outcome, Session
from scorepad.penalties import moves
from scorepad.rating import Fit
from scorepad.scores import iter_outcomes
from scorepad.stats.figures import DealRef, PlayerStats, Stats
from scorepad.text import identities, people
from scorepad.variants import get_variant
from scorepad.variants.base import Contest
from scorepad.variants.figures import Counted


class _Player:
    """One player's game-free counts while the deals go by (mutable; frozen once done)."""

    def __init__(self, name: str, order: int) -> None:
        self.name, self.order = name, order
        self.played = self.counted = self.total = self.best = self.worst = 0
        self.penalties = 0
        self.best_at: tuple[int, int] | None = None  # (session, n) of the first best deal
        self.worst_at: tuple[int, int] | None = None

    def scored(self, value: int, session: int, n: int, redealt: bool) -> None:
        self.played += 1
        self.counted += not redealt
        self.total += value
        if self.best_at is None or value > self.best:
            self.best, self.best_at = value, (session, n)
        if self.worst_at is None or value < self.worst:
            self.worst, self.worst_at = value, (session, n)

    def refs(self) -> tuple[DealRef | None, DealRef | None]:
        """The best and the worst deal."""
        return (
            None if self.best_at is None else DealRef(self.best, *self.best_at),
            None if self.worst_at is None else DealRef(self.worst, *self.worst_at),
        )


def stats(
    sessions: Sequence[Session],
    labels: Sequence[str] | None = None,
    scored: Sequence[Sequence[Outcome]] | None = None,
    rated: bool = False,
) -> Stats:
    """Every figure over the sessions given (one game, in the order given: by date), each
    deal scored once without explanations. `labels` name the sessions (default: the
    date, else the title, else the session's number); `scored`: each session's outcomes
    (`scores.outcomes`), where the caller has them already; `rated`: the players' ratings
    too, from the same deals (`scorepad.rating`)."""
    if not sessions:
        raise ValueError("stats of no session")
    variant = sessions[0].variant
    if any(s.variant != variant for s in sessions):
        raise ValueError("stats add up one game at a time")
    names = (
        tuple(labels)
        if labels is not None
        else tuple(s.date or s.title or str(i) for i, s in enumerate(sessions, 1))
    )
    if len(names) != len(sessions):
        raise ValueError("one label per session")
    counter = get_variant(variant).stats.counter()
    _keys, written = people(s.players for s in sessions)  # one person whatever case, accents
    players = {key: _Player(name, i) for i, (key, name) in enumerate(written.items())}
    fit = Fit() if rated else None
    for s, session in enumerate(sessions, 1):
        keys = identities(session.players)
        seats = {p: players[k] for p, k in keys.items()}
        found: list[Contest] = []
        outcomes = iter_outcomes(session) if scored is None else scored[s - 1]
        deals = _scored(
            session, outcomes, seats, s, found if rated else None
        )  # scored once, none kept: a season's
        counter.count(Counted(session.rules, session.players, deals, keys))  # 100,000 too
        for _deal in deals:  # those the game's counter did not look at, for the totals
            pass
        for p, value in moves(session).items():  # in the total, as the standings count it
            seats[p].penalties += value
            seats[p].total += value
        if fit is not None:
            fit.add(found, keys)
    # as the standings rank them: by total, best first, ties in order of first appearance
    ranked = sorted(players, key=lambda key: (-players[key].total, players[key].order))
    done = []
    for key in ranked:
        a = players[key]
        best, worst = a.refs()
        done.append(
            PlayerStats(
                a.name,
                a.played,
                a.total,
                best,
                worst,
                counter.player(key),
                a.counted,
                a.penalties,
            )
        )
    return Stats(
        variant=variant,
        deals=sum(len(s.deals) for s in sessions),
        sessions=names,
        players=tuple(done),
        game=counter.overall(ranked, {k: a.name for k, a in players.items()}),
        seated=tuple(a.name for a in players.values()),
        ratings={} if fit is None else {r.name: r for r in rating.rated(fit, written)},
    )


def _scored(
    session: Session,
    outcomes: Iterable[Outcome],
    seats: Mapping[str, _Player],
    s: int,
    found: list[Contest] | None,
) -> Iterator[tuple[Any, Outcome]]:
    """Each deal's entry and outcome in turn, its scores added to each player's figures as
    it goes by (the game's counter takes them once: `Counted.deals`); the deals that are
    contests added to `found` (for the ratings) when it is given."""
    entries = (d.entry for d in session.deals)
    contest = get_variant(session.variant).contest
    rules = session.rules
    for n, (entry, outcome) in enumerate(zip(entries, outcomes, strict=True), 1):
        redealt = entry.redealt
        for player, score in outcome.scores.items():
            seats[player].scored(score, s, n, redealt)
        if found is not None:
            c = contest(entry, outcome, rules)
            if c is not None:
                found.append(c)
        yield entry, outcome
