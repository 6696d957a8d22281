"""The plan behind the seat draw (`draw`): all the remaining rounds planned ahead, players as
numbers, from a shipped schedule (`_known`) or a greedy start, then bettered by the tabu
search (`search`) for a fixed amount of work, and the seats given at each table. Pure and
deterministic: the seed drives every choice."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from scorepad.tournament.schedules import schedule
from scorepad.tournament.search import Search, add_meetings, meetings, weighted


def first_mismatch(
    past: Sequence[Sequence[Sequence[int]]], plan: list[list[list[int]]], origin: int, drawn: int
) -> int | None:
    """The first round drawn that is not the plan's."""
    return next(
        (r for r in range(origin, drawn) if _partition(past[r]) != _partition(plan[r - origin])),
        None,
    )


def _partition(tables: Sequence[Sequence[int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(p for p in t if p >= 0) for t in tables) - {frozenset()}


def _balances(past: Sequence[Sequence[Sequence[int]]], n: int, preferred: int) -> list[Fraction]:
    """Each player's odd seats minus their fair share of the rounds they were drawn in."""
    balance = [Fraction(0)] * n
    for tables in past:
        players = sum(len(t) for t in tables)
        odd = sum(len(t) for t in tables if len(t) != preferred)
        if not players:
            continue
        share = Fraction(odd, players)
        for table in tables:
            for p in table:
                if p >= 0:
                    balance[p] += (len(table) != preferred) - share
    return balance


def _odd_sets(
    past: Sequence[Sequence[Sequence[int]]],
    n: int,
    shape: tuple[int, ...],
    preferred: int,
    rounds: int,
    rng: random.Random,
) -> list[set[int]]:
    """Who sits at the odd tables of each planned round: the lowest balances, ties going to
    players who have shared odd tables the least with those already chosen."""
    odd = sum(s for s in shape if s != preferred)
    balance = _balances(past, n, preferred)
    together = [[0] * n for _ in range(n)]
    for tables in past:
        for table in tables:
            if len(table) != preferred:
                for a in table:
                    for b in table:
                        if a >= 0 and b >= 0:
                            together[a][b] += a != b
    share = Fraction(odd, n)
    sets: list[set[int]] = []
    for _r in range(rounds):
        chosen: set[int] = set()
        if odd:
            order = sorted(range(n), key=lambda p: (balance[p], rng.random()))
            cut = balance[order[odd - 1]]
            chosen = {p for p in order if balance[p] < cut}
            ties = [p for p in order if balance[p] == cut]
            while len(chosen) < odd:
                best = min(ties, key=lambda p: sum(together[p][q] for q in chosen))
                ties.remove(best)
                chosen.add(best)
            for a in chosen:
                for b in chosen:
                    together[a][b] += a != b
        for p in range(n):
            balance[p] += (p in chosen) - share
        sets.append(chosen)
    return sets


def least_repeats(
    past: Sequence[Sequence[Sequence[int]]], n: int, shape: tuple[int, ...], rounds: int
) -> int:
    """The least number of repeats `rounds` more rounds can add: each player's opponent seats
    (at least the smallest table's, less one, a round) beyond the opponents they have not met
    yet, halved (a repeat is two players')."""
    meet = meetings(past, n)
    seats = rounds * (min(shape) - 1)
    excess = sum(
        max(0, seats - sum(1 for q in range(n) if q != p and meet[p][q] == 0)) for p in range(n)
    )
    return (excess + 1) // 2


def make_plan(
    past: list[list[list[int]]],
    origin: int,
    n: int,
    shape: tuple[int, ...],
    preferred: int,
    rounds: int,
    seed: int | str,
    fair: bool,
    work: int,
) -> list[list[list[int]]]:
    """Rounds `origin + 1` to `rounds` for players 0..n-1 after the first `origin` rounds."""
    rng = random.Random(f"{seed}:plan:{origin}")
    before = past[:origin]
    todo = rounds - origin
    meet = meetings(before, n)
    sets = _odd_sets(before, n, shape, preferred, todo, rng)
    odd_shape = [s for s in shape if s != preferred]
    even_shape = [s for s in shape if s == preferred]
    known = _known(n, shape, todo, rng) if not before else []
    plan: list[list[list[int]]] = []
    classes: list[list[bool]] = []
    for r, chosen in enumerate(sets):
        if r < len(known):
            tables = known[r]
        else:
            tables = []
            for group, sizes_ in (
                (sorted(chosen), odd_shape),
                ([p for p in range(n) if p not in chosen], even_shape),
            ):
                tables.extend(_greedy(group, sizes_, meet, rng))
        plan.append(tables)
        # tables of one kind swap players freely: without fairness, all are of one kind
        classes.append([fair and len(t) != preferred for t in tables])
        add_meetings(meet, [tables])
    base = meetings(before, n)
    weight = _weights(n, rounds, max(shape))
    floor = weighted(base, weight) + least_repeats(before, n, shape, todo)
    groups, odd = _groups(before, n, preferred)
    balance = _balances(before, n, preferred)
    return Search(plan, classes, base, balance, weight, rng, groups, odd).run(floor, work)


def _groups(
    past: Sequence[Sequence[Sequence[int]]], n: int, preferred: int
) -> tuple[list[int], list[int]]:
    """Each player's group (the players drawn in the same rounds, numbered) and odd seats."""
    drawn: list[list[int]] = [[] for _ in range(n)]
    odd = [0] * n
    for r, tables in enumerate(past):
        for table in tables:
            for p in table:
                if p >= 0:
                    drawn[p].append(r)
                    odd[p] += len(table) != preferred
    number: dict[tuple[int, ...], int] = {}
    return [number.setdefault(tuple(d), len(number)) for d in drawn], odd


def _known(
    n: int, shape: tuple[int, ...], rounds: int, rng: random.Random
) -> list[list[list[int]]]:
    """The first rounds from a shipped schedule where one has the tables of `shape`
    (`schedules.schedule`), the players numbered at random; else none. Rounds of tables
    of one size come in an order the seed shuffles; with tables of 5 the schedule's order
    shares their seats out, and is kept."""
    rounds_ = schedule(n)
    if not rounds_ or any(sorted(map(len, r)) != sorted(shape) for r in rounds_):
        return []
    label = list(range(n))
    rng.shuffle(label)
    order = list(range(len(rounds_)))
    if set(shape) == {4}:
        rng.shuffle(order)
    return [[[label[p] for p in t] for t in rounds_[r]] for r in order[:rounds]]


def _greedy(
    group: list[int], sizes: list[int], meet: list[list[int]], rng: random.Random
) -> list[list[int]]:
    """A first seating of `group` at tables of `sizes`: each player, in a random order, at
    the table with room where they have met the fewest players."""
    order = group[:]
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    for p in order:
        row = meet[p]
        best = min(
            (i for i, t in enumerate(tables) if len(t) < sizes[i]),
            key=lambda i: (sum(row[q] > 0 for q in tables[i]), len(tables[i]), rng.random()),
        )
        tables[best].append(p)
    return tables


def _weights(n: int, rounds: int, most: int) -> list[int]:
    """What a pair meeting m times costs, for m = 0 .. rounds: nothing for 0 or 1 meetings,
    then growing so fast that the order of goals holds — a pair meeting one time more outweighs
    every repeat the tournament can hold (`most`: the most seats a player can have, so
    `n * rounds * most` bounds the repeats): fewer pairs at the most meetings first, then
    fewer repeats. w(m) = (m - 1) + B**(m - 2) - 1 for m ≥ 2."""
    big = n * rounds * most + 2
    return [0, 0] + [(m - 1) + big ** (m - 2) - 1 for m in range(2, rounds + 2)]


def seat_tables(
    tables: list[list[int]],
    past: Sequence[Sequence[Sequence[int]]],
    sizes: Sequence[int],
    rng: random.Random,
) -> list[list[int]]:
    """Seating order at each table: seat by seat, the player who has had it the fewest times.
    Tables in the order of `sizes`, shuffled within a size."""
    had: dict[tuple[int, int], int] = {}
    for rounds in past:
        for table in rounds:
            for seat, p in enumerate(table):
                if p >= 0:
                    had[p, seat] = had.get((p, seat), 0) + 1
    seated: list[list[int]] = []
    for table in tables:
        left = sorted(table)
        keys = {p: rng.random() for p in left}
        order: list[int] = []
        for seat in range(len(table)):
            p = min(left, key=lambda q: (had.get((q, seat), 0), keys[q]))
            left.remove(p)
            order.append(p)
        seated.append(order)
    rank = {s: i for i, s in enumerate(sizes)}
    shuffled = [(rank.get(len(t), len(sizes)), rng.random(), t) for t in seated]
    shuffled.sort(key=lambda x: (x[0], x[1]))
    return [t for _r, _k, t in shuffled]
