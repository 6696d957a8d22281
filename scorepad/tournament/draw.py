"""The seat draw of a club tournament: who sits at which table, in which seat, round by round.

Rounds are drawn one at a time, as results come in: `draw_round(roster, history, rounds,
seed)` draws the next round from the players present (`roster`) and the tables actually
drawn before (`history`, each round a list of tables, each table its players in seating
order, the first seat dealing first). It is a pure function: the same arguments give the
same round (names, seats and all), whatever the machine or the Python hash seed.

What the draw keeps and what it optimises, in this order (docs/tournaments.md says more):
the seats at tables of another size than the preferred one are shared out so that, after
every round, nobody drawn in the same rounds has had more than one more than anybody else
(`fair=False` drops the rule); then, over the whole tournament, the most meetings of a pair
as low as possible, the fewest pairs at that most, and the fewest repeats (`plan`, its
tabu search in `search`, from a shipped schedule where one fits: `schedules`); then at each
table, the first seat to whoever has had it the fewest times, and so on seat by seat. The
search is bounded by work done (swaps weighed), never by time, so a seed draws the same on
every machine.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.tournament.plan import first_mismatch, least_repeats, make_plan, seat_tables

#: The usual table sizes (the default): tables of 4, of 5 where the count needs them, of 3
#: only where 4s and 5s cannot cover the count (6, 7 and 11 players).
TABLE_SIZES: tuple[int, ...] = (4, 5, 3)

#: The search's work per plan, in swaps weighed: about 1 s of one core of a small machine
#: where the plan does not reach its bound early. A fixed count, not a clock, so that a draw
#: is the same on every machine; a further plan (after a round not drawn from the plan) gets
#: a quarter of it.
WORK = 1_000_000

History = Sequence[Sequence[Sequence[str]]]


@dataclass(frozen=True)
class Round:
    """One round drawn: its tables, each its players in seating order (seat 1 deals first)."""

    tables: tuple[tuple[str, ...], ...]


def table_sizes(count: int, sizes: Sequence[int] = TABLE_SIZES) -> tuple[int, ...]:
    """The tables for `count` players: as few of each size as possible, from the last size
    of `sizes` back to the second, the rest of the first (preferred) size. Listed preferred
    size first, then in the order of `sizes`. Refused (ScorepadError) when not possible."""
    _check_sizes(sizes)
    order = list(sizes)
    chosen: dict[int, int] = {}
    left = count
    for i in range(len(order) - 1, 0, -1):
        size = order[i]
        for tables in range(left // size + 1):
            if _coverable(left - tables * size, order[:i]):
                chosen[size] = tables
                left -= tables * size
                break
        else:
            raise _cannot_seat(count, sizes)
    if left % order[0]:
        raise _cannot_seat(count, sizes)
    chosen[order[0]] = left // order[0]
    if count <= 0 or not any(chosen.values()):
        raise _cannot_seat(count, sizes)
    return tuple(size for size in order for _ in range(chosen[size]))


def met(rounds: Iterable[Sequence[Sequence[str]]]) -> dict[tuple[str, str], int]:
    """How often each pair of players met (at one table), a pair in name order."""
    pairs: dict[tuple[str, str], int] = {}
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (a, b) if a < b else (b, a)
                    pairs[pair] = pairs.get(pair, 0) + 1
    return pairs


def repeats(rounds: Iterable[Sequence[Sequence[str]]]) -> int:
    """The sum over pairs of players of their meetings (at one table) beyond the first."""
    return sum(k - 1 for k in met(rounds).values())


@dataclass(frozen=True)
class Quality:
    """How good the rounds drawn are: who met whom how often, and who dealt first."""

    #: the most meetings of one pair (1: nobody met anyone twice; 0: no table yet)
    most: int
    #: the sum over pairs of their meetings beyond the first
    repeats: int
    #: the pairs that met more than once, most meetings first, then by name
    pairs: tuple[tuple[str, str, int], ...]
    #: each player's times at seat 1 (dealing first), every player drawn
    first: dict[str, int]
    #: known to be the least possible for these players over these rounds: no repeat, or
    #: every pair at most twice with the repeats at the counting bound (same players in
    #: every round, so that the bound holds)
    least: bool

    def at_most(self) -> tuple[tuple[str, str, int], ...]:
        """The pairs at the most meetings."""
        return tuple(p for p in self.pairs if p[2] == self.most)


def name_key(name: str) -> tuple[str, str]:
    """Names in the order people look for them: Émile beside Emma, not after Zoé."""
    bare = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    return bare.casefold(), name


def quality(history: History, sizes: Sequence[int] = TABLE_SIZES) -> Quality:
    """The meetings and first seats over the rounds of `history` (each round its tables,
    each table its players in seating order)."""
    first: dict[str, int] = {}
    for tables in history:
        for table in tables:
            for p in table:
                first.setdefault(p, 0)
            if table:
                first[table[0]] += 1
    meetings = met(history)
    most = max(meetings.values(), default=0)
    twice = [
        (min(pair, key=name_key), max(pair, key=name_key), k)
        for pair, k in meetings.items()
        if k > 1
    ]
    pairs = sorted(twice, key=lambda x: (-x[2], name_key(x[0]), name_key(x[1])))
    total = sum(k - 1 for k in meetings.values())
    least = total == 0
    players = [frozenset(p for t in tables for p in t) for tables in history]
    if not least and most == 2 and len(set(players)) == 1:
        n = len(players[0])
        least = total <= least_repeats([], n, table_sizes(n, sizes), len(history))
    first = {p: first[p] for p in sorted(first, key=name_key)}
    return Quality(most, total, tuple(pairs), first, least)


def draw_round(
    roster: Sequence[str],
    history: History,
    rounds: int,
    seed: int | str = 0,
    *,
    sizes: Sequence[int] = TABLE_SIZES,
    fair: bool = True,
    work: int = WORK,
) -> Round:
    """Round `len(history) + 1` of `rounds` for the players of `roster` (in any order; each
    name once), after the rounds of `history` (names of players who have left may appear
    there). Same arguments, same round; another seed, most likely another draw. `work`
    bounds the search of each plan (swaps weighed); a draw makes one plan, two after a round
    not drawn from the plan, three at most (the further ones with a quarter of the work).
    `fair=False` drops the rule on odd seats: the search gives them to whom it likes (fewer
    repeats, e.g. for 22 players over 5 rounds, but nothing bounds how often one player sits
    at a table of 5)."""
    names = list(roster)
    _check_roster(names, history, rounds)
    shape = table_sizes(len(names), sizes)
    preferred = sizes[0]
    index = {name: i for i, name in enumerate(names)}
    # players who have left are -1: tables keep their sizes and seats
    past = [[[index.get(p, -1) for p in table] for table in tables] for tables in history]
    drawn = len(history)
    # the rounds since the roster last changed: the plan made at their start is followed
    start = drawn
    while start > 0 and {p for table in history[start - 1] for p in table} == set(names):
        start -= 1
    # (a round drawn otherwise, e.g. by hand, starts a new plan after it; after a second one,
    # the plan starts from the round being drawn)
    origin = start
    plan = make_plan(past, origin, len(names), shape, preferred, rounds, seed, fair, work)
    mismatch = first_mismatch(past, plan, origin, drawn)
    if mismatch is not None:
        origin = mismatch + 1
        again = work // 4
        plan = make_plan(past, origin, len(names), shape, preferred, rounds, seed, fair, again)
        if first_mismatch(past, plan, origin, drawn) is not None:
            origin = drawn
            plan = make_plan(past, origin, len(names), shape, preferred, rounds, seed, fair, again)
    tables = plan[drawn - origin]
    rng = random.Random(f"{seed}:seats:{drawn}")
    seated = seat_tables(tables, past, sizes, rng)
    return Round(tuple(tuple(names[p] for p in table) for table in seated))


# -- checks ----------------------------------------------------------------------------------


def _check_sizes(sizes: Sequence[int]) -> None:
    if not sizes or len(set(sizes)) != len(sizes) or any(s < 2 for s in sizes):
        raise ValueError(f"table sizes must be distinct numbers of at least 2, not {sizes!r}")


def _coverable(count: int, sizes: Sequence[int]) -> bool:
    reach = [True] + [False] * count
    for m in range(1, count + 1):
        reach[m] = any(m >= s and reach[m - s] for s in sizes)
    return reach[count]


def _cannot_seat(count: int, sizes: Sequence[int]) -> ScorepadError:
    return ScorepadError.at(
        "players",
        ngettext(
            "{count} player cannot be seated at tables of {sizes}",
            "{count} players cannot be seated at tables of {sizes}",
            count,
        ).format(count=count, sizes=_(", ").join(str(s) for s in sorted(sizes))),
    )


def _check_roster(names: list[str], history: History, rounds: int) -> None:
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            problems.append(
                Problem("players", _("{name} is on the roster twice").format(name=name))
            )
        seen.add(name)
    if len(history) >= rounds:
        problems.append(
            Problem(
                "rounds",
                ngettext("the only round is drawn", "all {rounds} rounds are drawn", rounds).format(
                    rounds=rounds
                ),
            )
        )
    for r, tables in enumerate(history, 1):
        present: set[str] = set()
        for table in tables:
            for name in table:
                if name in present:
                    problems.append(
                        Problem(
                            _("round {n}").format(n=r),
                            _("{name} is seated twice").format(name=name),
                        )
                    )
                present.add(name)
    if problems:
        raise ScorepadError(problems)
