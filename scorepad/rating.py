"""Ratings: who plays best, luck aside. Pure, over scored outcomes, as the statistics are: it
never reads a file, and each game tells it who played which role (`Variant.contest`).

A deal is one side against the others, and what it says is the side's *margin*: its card
points over those its contract needed. A margin is the deal's luck (normal, its spread learnt
from the deals), the deal's difficulty (each kind's mean margin, learnt too, and shrunk
towards the game's) and the side's mean skill less the others'. Skills start at 0 ± `PRIOR`
and are fitted jointly over every deal given (a Bayesian linear model: ridge regression), so
that an opponent's strength counts as the whole season shows it. The fit's sums are exact
integers (`Fit`): the same deals in any order give the same ratings. A rating is `BASE` +
`SCALE` × the skill in card points, with two standard deviations as its uncertainty
(docs/statistics.md says more, and why this model).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from scorepad.model import Session
from scorepad.scores import iter_outcomes
from scorepad.text import people
from scorepad.variants import get_variant
from scorepad.variants.base import Contest

BASE = 1500
SCALE = 40  # rating points for a card point a deal
MIN_DEALS = 20  # rated deals before a rating is shown
PRIOR = 2.5  # a newcomer's skill: 0 ± 2.5 card points a deal (one standard deviation)
LUCK = 12.0  # the margin's spread about what was expected, before any deal is seen
LUCK_SEEN = 20  # ... as much as so many deals would say
USUAL = 3.0  # a side usually makes its contract, by so many card points, before any deal
USUAL_SEEN = 10  # ... as much as so many deals would say
KIND = 5.0  # how far the kinds' mean margins differ, before two kinds are seen
UNIT = 840  # every side's size (1 to 8) divides it: a weight 1/size is UNIT // size units

K = TypeVar("K")
Kind = tuple[str, int]  # the contract and its level (French Tarot: the target of its bouts)


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating and its uncertainty (two standard deviations), in rating points;
    the deals rated; the change since before the last date's sessions."""

    name: str
    rating: float
    uncertainty: float
    deals: int
    change: float


@dataclass(frozen=True)
class Ratings:
    """Every player rated, best first (equal ratings by name); `timeline`, when asked for:
    after each date, the ratings of those who had played (date, {name: rating})."""

    variant: str
    deals: int  # every deal of the sessions, rated or not
    players: tuple[Rated, ...]
    timeline: tuple[tuple[str, Mapping[str, float]], ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """One rated deal of the player followed (`explain`): the contest, the margin expected
    of it, the ratings before it of everyone at the table (by name), and the player's
    change from it."""

    session: int  # the session's index among those rated
    n: int  # the deal's number in its session
    contest: Contest
    expected: float
    before: Mapping[str, float]
    change: float


def kind_of(contest: Contest) -> Kind | None:
    """The deal's kind; None head to head, where neither side undertook more."""
    return (contest.contract, contest.level) if contest.contract else None


def weights(
    side: Sequence[str], others: Sequence[str], keys: Mapping[str, K]
) -> list[tuple[K, int]]:
    """A deal's players (by identity, or row) with their weights in `UNIT`s: the side's
    +1/its size, the others' −1/their size."""
    return [(keys[p], UNIT // len(side)) for p in side] + [
        (keys[p], -UNIT // len(others)) for p in others
    ]


@dataclass(frozen=True)
class Solved:
    """The fit solved: each player's skill (mean, variance, in card points, by identity),
    each kind's mean margin (mean, variance), the game's usual margin, the luck's variance
    and how far the kinds differ."""

    mean: Mapping[str, float]
    var: Mapping[str, float]
    kinds: Mapping[Kind, tuple[float, float]]
    usual: float
    luck: float
    spread: float

    def rating(self, key: str) -> float:
        return BASE + SCALE * self.mean.get(key, 0.0)

    def uncertainty(self, key: str) -> float:
        return 2 * SCALE * math.sqrt(self.var.get(key, PRIOR**2))

    def expect(self, contest: Contest, keys: Mapping[str, str]) -> tuple[float, float, float]:
        """The margin expected of the deal: the usual margin (0 head to head), what its
        kind and its players add to it, and its variance."""
        terms = weights(contest.side, contest.others, keys)
        edge = sum(w * self.mean.get(k, 0.0) for k, w in terms) / UNIT
        var = self.luck + sum(w * w * self.var.get(k, PRIOR**2) for k, w in terms) / UNIT**2
        kind = kind_of(contest)
        if kind is None:
            return 0.0, edge, var
        mean, kind_var = self.kinds.get(kind, (self.usual, self.spread))
        return self.usual, mean - self.usual + edge, var + kind_var

    def chance(self, contest: Contest, keys: Mapping[str, str], shows: float = 1.0) -> float:
        """The chance that the side makes its contract: a whole margin ≥ 0, above −½ (head
        to head, an odd one > 0: above −½ too);
        `shows`: how much of what the kind and the players add shows."""
        usual, added, var = self.expect(contest, keys)
        return 0.5 * (1 + math.erf((usual + shows * added + 0.5) / math.sqrt(2 * var)))


class Fit:
    """What the deals so far say, as exact sums (mutable): each deal adds to them in
    O(players at the table²); `solve` gives the skills in O(players³). Players are rows, in
    order of appearance (`players`, by identity)."""

    def __init__(self) -> None:
        self.players: list[str] = []
        self.row: dict[str, int] = {}
        self.rated: list[int] = []  # rated deals by player
        self.cross: list[list[int]] = []  # Σ w_i w_j, in UNIT²
        self.info: list[int] = []  # Σ w_i × margin, in UNIT
        # by kind (None: head to head): deals, Σ margin, Σ margin², and each player's Σ w_i
        self.kinds: dict[Kind | None, list[int]] = {}
        self.kind_weights: dict[Kind | None, list[int]] = {}

    def deals_of(self, key: str) -> int:
        """The player's rated deals."""
        row = self.row.get(key)
        return 0 if row is None else self.rated[row]

    def _rows(self, keys: Mapping[str, str]) -> dict[str, int]:
        """Each of a session's players' row (by name), new ones added."""
        for key in keys.values():
            if key not in self.row:
                self.row[key] = len(self.players)
                self.players.append(key)
                for line in self.cross:
                    line.append(0)
                self.cross.append([0] * len(self.players))
                self.info.append(0)
                self.rated.append(0)
        return {p: self.row[key] for p, key in keys.items()}

    def add(self, contests: Iterable[Contest], keys: Mapping[str, str]) -> None:
        """The deals of one session (`keys`: each of its players' identity)."""
        rows = self._rows(keys)
        for c in contests:
            kind = kind_of(c)
            sums = self.kinds.setdefault(kind, [0, 0, 0])
            sums[0] += 1
            sums[1] += c.margin
            sums[2] += c.margin * c.margin
            spread = self.kind_weights.setdefault(kind, [])
            spread += [0] * (len(self.players) - len(spread))
            terms = weights(c.side, c.others, rows)
            for i, w in terms:
                spread[i] += w
                line = self.cross[i]
                for j, v in terms:
                    line[j] += w * v
                self.info[i] += w * c.margin
                self.rated[i] += 1

    def solve(self) -> Solved:
        """The posterior means and variances of the skills and of the kinds' means. Each
        deal has one kind: the kinds' block of the normal equations is diagonal, and is
        eliminated first (its Schur complement), leaving a system of the players."""
        kinds = {k: s for k, s in self.kinds.items() if k is not None}
        plain = self.kinds.get(None, [0, 0, 0])
        deals = sum(s[0] for s in kinds.values())
        # the luck: the margins' spread within each kind (head to head: about 0), a prior
        # of LUCK² as if seen LUCK_SEEN times
        within = sum(s[2] - s[1] * s[1] / s[0] for s in kinds.values()) + plain[2]
        seen = max(0, deals + plain[0] - len(kinds))
        luck = (LUCK**2 * LUCK_SEEN + within) / (LUCK_SEEN + seen)
        usual = (USUAL * USUAL_SEEN + sum(s[1] for s in kinds.values())) / (USUAL_SEEN + deals)
        spread = _kind_spread(kinds.values(), usual, luck)
        # the players in the order of their identities, whatever the deals' order
        order = sorted(range(len(self.players)), key=self.players.__getitem__)
        players = [self.players[i] for i in order]
        # m = Σ x xᵀ + (luck / PRIOR²) I − Σ_kinds s sᵀ / a, r = Σ x y − Σ_kinds s c / a:
        # the normal equations times the luck's variance, the kinds eliminated
        m = [[self.cross[i][j] / UNIT**2 for j in order] for i in order]
        for i in range(len(order)):
            m[i][i] += luck / PRIOR**2
        r = [self.info[i] / UNIT for i in order]
        prior = luck / spread  # a kind's prior, in deals
        sums = {}
        for kind in sorted(kinds):
            count, total, _squares = kinds[kind]
            a, c = count + prior, total + usual * prior
            weights = self.kind_weights[kind]
            s = [(k, weights[i] / UNIT) for k, i in enumerate(order) if i < len(weights)]
            s = [(k, w) for k, w in s if w]
            sums[kind] = (a, c, s)
            for i, wi in s:
                r[i] -= wi * c / a
                line = m[i]
                for j, wj in s:
                    line[j] -= wi * wj / a
        theta, diagonal = _solve(m, r)
        kind_means = {
            kind: ((c - sum(w * theta[i] for i, w in s)) / a, luck / a)
            for kind, (a, c, s) in sums.items()
        }
        return Solved(
            dict(zip(players, theta, strict=True)),
            {key: luck * d for key, d in zip(players, diagonal, strict=True)},
            kind_means,
            usual,
            luck,
            spread,
        )


def _kind_spread(kinds: Iterable[list[int]], usual: float, luck: float) -> float:
    """How far the kinds' mean margins differ (a variance): as far as they differ more than
    the luck alone would make them (DerSimonian and Laird's estimate); KIND² before two
    kinds are seen."""
    kinds = list(kinds)
    if len(kinds) < 2:
        return KIND**2
    deals = sum(s[0] for s in kinds)
    q = sum(s[0] * (s[1] / s[0] - usual) ** 2 for s in kinds)
    scale = deals - sum(s[0] * s[0] for s in kinds) / deals
    return max(0.01, (q - (len(kinds) - 1) * luck) / scale)


def _solve(m: list[list[float]], r: list[float]) -> tuple[list[float], list[float]]:
    """x with m x = r, and the diagonal of m⁻¹, for m symmetric positive definite
    (Cholesky: m = L Lᵀ; m⁻¹'s diagonal: the squares of L⁻¹'s columns summed)."""
    size = len(m)
    low = [[0.0] * size for _ in range(size)]
    for i in range(size):
        li = low[i]
        for j in range(i + 1):
            lj = low[j]
            total = m[i][j] - sum(li[k] * lj[k] for k in range(j))
            li[j] = math.sqrt(total) if i == j else total / lj[j]
    y = [0.0] * size
    for i in range(size):
        y[i] = (r[i] - sum(low[i][k] * y[k] for k in range(i))) / low[i][i]
    x = [0.0] * size
    for i in reversed(range(size)):
        x[i] = (y[i] - sum(low[k][i] * x[k] for k in range(i + 1, size))) / low[i][i]
    diagonal = [0.0] * size
    for j in range(size):
        column = [0.0] * size
        column[j] = 1 / low[j][j]
        for i in range(j + 1, size):
            column[i] = -sum(low[i][k] * column[k] for k in range(j, i)) / low[i][i]
        diagonal[j] = sum(v * v for v in column[j:])
    return x, diagonal


def contests(session: Session) -> Iterator[tuple[int, Contest]]:
    """Each deal of the session that is a contest, with its number (1-based)."""
    game = get_variant(session.variant)
    rules = session.rules
    outcomes = iter_outcomes(session)
    for n, (deal, outcome) in enumerate(zip(session.deals, outcomes, strict=True), 1):
        contest = game.contest(deal.entry, outcome, rules)
        if contest is not None:
            yield n, contest


def _people(sessions: Sequence[Session]) -> tuple[list[dict[str, str]], dict[str, str]]:
    """Each session's players' identities, and each identity's name (one game)."""
    if not sessions:
        raise ValueError("ratings of no session")
    if len({s.variant for s in sessions}) > 1:
        raise ValueError("ratings rate one game at a time")
    return people(s.players for s in sessions)


def rate(sessions: Sequence[Session], timeline: bool = False) -> Ratings:
    """Every player's rating over the sessions (one game; in the order given, by date,
    which only the timeline and the change need); the change: since before the sessions of
    the last date; `timeline`: the ratings after each date too."""
    keys_of, written = _people(sessions)
    fit = Fit()
    last = sessions[-1].date
    before: Solved | None = None
    dates: list[tuple[str, Mapping[str, float]]] = []
    for i, (session, keys) in enumerate(zip(sessions, keys_of, strict=True)):
        if before is None and session.date == last:
            before = fit.solve()
        fit.add((c for _n, c in contests(session)), keys)
        if timeline and (i + 1 == len(sessions) or sessions[i + 1].date != session.date):
            solved = fit.solve()
            dates.append((session.date, {written[k]: solved.rating(k) for k in fit.players}))
    return Ratings(
        sessions[0].variant,
        sum(len(s.deals) for s in sessions),
        rated(fit, written, before),
        tuple(dates),
    )


def rated(fit: Fit, written: Mapping[str, str], before: Solved | None = None) -> tuple[Rated, ...]:
    """Every player of `written` (identity: name) as the fit rates them, best first (equal
    ratings by name); the change since `before` (0 without)."""
    now = fit.solve()
    return tuple(
        sorted(
            (
                Rated(
                    name,
                    now.rating(key),
                    now.uncertainty(key),
                    fit.deals_of(key),
                    0.0 if before is None else now.rating(key) - before.rating(key),
                )
                for key, name in written.items()
            ),
            key=lambda r: (-r.rating, r.name),
        )
    )


def explain(sessions: Sequence[Session], name: str, last: int = 10) -> list[Step]:
    """The `last` rated deals of the player called `name` (as `rate` names them), each
    with the ratings before it and the player's change from it: the fit solved before the
    deal and after it, every deal before it counted."""
    keys_of, written = _people(sessions)
    key = next(k for k, n in written.items() if n == name)
    found = [list(contests(s)) for s in sessions]
    theirs = [
        (i, n)
        for i, (deals, keys) in enumerate(zip(found, keys_of, strict=True))
        for n, c in deals
        if key in {keys[p] for p in (*c.side, *c.others)}
    ]
    wanted = set(theirs[-last:] if last > 0 else ())
    fit, steps = Fit(), []
    for i, (deals, keys) in enumerate(zip(found, keys_of, strict=True)):
        for n, contest in deals:
            solved = fit.solve() if (i, n) in wanted else None
            fit.add([contest], keys)
            if solved is not None:
                usual, added, _var = solved.expect(contest, keys)
                change = fit.solve().rating(key) - solved.rating(key)
                before = {p: solved.rating(keys[p]) for p in (*contest.side, *contest.others)}
                steps.append(Step(i, n, contest, usual + added, before, change))
    return steps
