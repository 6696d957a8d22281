"""The plan behind the seat draw (`scorepad.tournament.draw`): all the remaining rounds
planned ahead, players as numbers, by a tabu search over swaps of two players of a round from
a greedy start, for a fixed amount of work; the odd seats' balances it keeps, the meetings it
weighs, and the seats given at each table. Pure and deterministic: the seed drives every
choice."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction


def _first_mismatch(
    past: Sequence[Sequence[Sequence[int]]], plan: list[list[list[int]]], origin: int, drawn: int
) -> int | None:
    """The first round drawn that is not the plan's."""
    return next(
        (r for r in range(origin, drawn) if _partition(past[r]) != _partition(plan[r - origin])),
        None,
    )


def _partition(tables: Sequence[Sequence[int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(p for p in t if p >= 0) for t in tables) - {frozenset()}


def _meetings(past: Sequence[Sequence[Sequence[int]]], n: int) -> list[list[int]]:
    meet = [[0] * n for _ in range(n)]
    _add_meetings(meet, past)
    return meet


def _add_meetings(meet: list[list[int]], rounds: Iterable[Sequence[Sequence[int]]]) -> None:
    for tables in rounds:
        for table in tables:
            for a in table:
                if a < 0:
                    continue
                row = meet[a]
                for b in table:
                    if a != b and b >= 0:
                        row[b] += 1


def _cost(meet: list[list[int]]) -> int:
    return sum(m - 1 for i, row in enumerate(meet) for m in row[i + 1 :] if m > 1)


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


def _least(
    past: Sequence[Sequence[Sequence[int]]], n: int, shape: tuple[int, ...], rounds: int
) -> int:
    """The least number of repeats `rounds` more rounds can add: each player's opponent seats
    (at least the smallest table's, less one, a round) beyond the opponents they have not met
    yet, halved (a repeat is two players')."""
    meet = _meetings(past, n)
    seats = rounds * (min(shape) - 1)
    excess = sum(
        max(0, seats - sum(1 for q in range(n) if q != p and meet[p][q] == 0)) for p in range(n)
    )
    return (excess + 1) // 2


def _plan(
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
    meet = _meetings(before, n)
    sets = _odd_sets(before, n, shape, preferred, todo, rng)
    odd_shape = [s for s in shape if s != preferred]
    even_shape = [s for s in shape if s == preferred]
    plan: list[list[list[int]]] = []
    classes: list[list[bool]] = []
    for chosen in sets:
        tables: list[list[int]] = []
        for group, sizes_ in (
            (sorted(chosen), odd_shape),
            ([p for p in range(n) if p not in chosen], even_shape),
        ):
            tables.extend(_greedy(group, sizes_, meet, rng))
        plan.append(tables)
        # tables of one kind swap players freely: without fairness, all are of one kind
        classes.append([fair and len(t) != preferred for t in tables])
        _add_meetings(meet, [tables])
    base = _meetings(before, n)
    floor = _cost(base) + _least(before, n, shape, todo)
    return _search(plan, classes, base, _balances(before, n, preferred), floor, rng, work)


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


def _search(
    plan: list[list[list[int]]],
    classes: list[list[bool]],
    base: list[list[int]],
    balance: list[Fraction],
    floor: int,
    rng: random.Random,
    work: int,
) -> list[list[list[int]]]:
    """Tabu search over swaps of two players of one round: each step makes the best swap that
    moves a player out of a repeat (not undoing a recent swap unless it beats the best seen);
    after a while without progress, back to the best and a few random swaps. Stops at
    `floor` or when `work` swaps have been weighed.

    Two players at tables of the same kind (odd or not) swap freely. A player at an odd table
    and one at a preferred table swap only when their odd-seat balances are equal before the
    round, and then also in the next round where one of them has an odd seat and the other
    not, so that every round still gives its odd seats to the lowest balances."""
    n = len(base)
    rounds = len(plan)
    meet = [row[:] for row in base]
    _add_meetings(meet, plan)
    where = _where(plan, n)
    level = _levels(plan, classes, where, balance)
    cost = _cost(meet)
    best_cost = cost
    best = [[t[:] for t in tables] for tables in plan]
    if cost <= floor:
        return best
    ntables = max(len(t) for t in plan)
    tabu = [[0] * (n * ntables) for _ in plan]
    step = last = 0
    stall = 30 + 2 * n
    scan = rounds * n // 4  # looking for the players in a repeat costs a quarter swap each
    while work > 0 and best_cost > floor:
        step += 1
        work -= scan
        move: tuple[int, int, int, int, int, int] | None = None
        move_delta = 1 << 30
        ties = 0
        for r, tables in enumerate(plan):
            kinds = classes[r]
            taboo = tabu[r]
            here = where[r]
            lv = level[r]
            for ti, table in enumerate(tables):
                for a in table:
                    ma = meet[a]
                    out_a = sum(1 for x in table if ma[x] > 1)
                    if not out_a:
                        continue
                    for ui, other in enumerate(tables):
                        if ui == ti:
                            continue
                        same = kinds[ui] == kinds[ti]
                        in_a = sum(1 for y in other if ma[y] > 0)
                        a_tabu = taboo[a * ntables + ui] > step
                        for b in other:
                            then = -1
                            if not same:
                                if lv[a] != lv[b]:
                                    continue
                                then = next(
                                    (
                                        u
                                        for u in range(r + 1, rounds)
                                        if classes[u][where[u][a]] != classes[u][where[u][b]]
                                    ),
                                    -1,
                                )
                            mb = meet[b]
                            delta = (
                                in_a
                                - out_a
                                - sum(1 for y in other if mb[y] > 1)
                                + sum(1 for x in table if mb[x] > 0)
                                - 2 * (ma[b] > 0)
                            )
                            work -= 1
                            if then >= 0:
                                _swap(tables, here, meet, ti, a, ui, b)
                                second = (then, where[then][a], a, where[then][b], b, -1)
                                delta += _delta(plan[then], meet, second)
                                _swap(tables, here, meet, ui, a, ti, b)
                                work -= 4
                            if delta > move_delta:
                                continue
                            if (
                                a_tabu or taboo[b * ntables + ti] > step
                            ) and cost + delta >= best_cost:
                                continue
                            if delta < move_delta:
                                move_delta, move, ties = delta, (r, ti, a, ui, b, then), 1
                            else:
                                ties += 1
                                if rng.randrange(ties) == 0:
                                    move = (r, ti, a, ui, b, then)
        if move is None:  # every move is taboo: a random one
            r = rng.randrange(rounds)
            move = _random_swap(plan[r], classes[r], rng, r)
            if move is None:
                break
            move_delta = _delta(plan[r], meet, move)
        r, ti, a, ui, b, then = move
        _swap(plan[r], where[r], meet, ti, a, ui, b)
        if then >= 0:
            _swap(plan[then], where[then], meet, where[then][a], a, where[then][b], b)
        if classes[r][ti] != classes[r][ui]:
            level = _levels(plan, classes, where, balance)
        cost += move_delta
        tenure = 4 + rng.randrange(8)
        tabu[r][a * ntables + ti] = step + tenure
        tabu[r][b * ntables + ui] = step + tenure
        if cost < best_cost:
            best_cost, last = cost, step
            best = [[t[:] for t in tables] for tables in plan]
        elif step - last > stall:
            # back to the best, shaken
            last = step
            plan[:] = [[t[:] for t in tables] for tables in best]
            where = _where(plan, n)
            level = _levels(plan, classes, where, balance)
            meet[:] = [row[:] for row in base]
            _add_meetings(meet, plan)
            cost = best_cost
            for _k in range(1 + rng.randrange(3)):
                rr = rng.randrange(rounds)
                shake = _random_swap(plan[rr], classes[rr], rng, rr)
                if shake is not None:
                    _swap(plan[rr], where[rr], meet, *shake[1:5])
                # and one odd seat given to another player of the same balance
                a, b = rng.randrange(n), rng.randrange(n)
                ka, kb = classes[rr][where[rr][a]], classes[rr][where[rr][b]]
                if ka != kb and level[rr][a] == level[rr][b]:
                    then = next(
                        (
                            u
                            for u in range(rr + 1, rounds)
                            if classes[u][where[u][a]] != classes[u][where[u][b]]
                        ),
                        -1,
                    )
                    _swap(plan[rr], where[rr], meet, where[rr][a], a, where[rr][b], b)
                    if then >= 0:
                        _swap(plan[then], where[then], meet, where[then][a], a, where[then][b], b)
                    level = _levels(plan, classes, where, balance)
            cost = _cost(meet)
    return best


def _where(plan: list[list[list[int]]], n: int) -> list[list[int]]:
    """For each planned round, the table of each player."""
    where = [[0] * n for _ in plan]
    for r, tables in enumerate(plan):
        for t, table in enumerate(tables):
            for p in table:
                where[r][p] = t
    return where


def _levels(
    plan: list[list[list[int]]],
    classes: list[list[bool]],
    where: list[list[int]],
    balance: list[Fraction],
) -> list[list[Fraction]]:
    """Each player's odd-seat balance before each planned round (less the same share for
    everybody, which equal balances do not need)."""
    levels: list[list[Fraction]] = []
    now = balance[:]
    for r in range(len(plan)):
        levels.append(now[:])
        kinds = classes[r]
        now = [x + kinds[where[r][p]] for p, x in enumerate(now)]
    return levels


def _random_swap(
    tables: list[list[int]], kinds: list[bool], rng: random.Random, r: int
) -> tuple[int, int, int, int, int, int] | None:
    pairs = [
        (i, j)
        for i in range(len(tables))
        for j in range(len(tables))
        if i != j and kinds[i] == kinds[j]
    ]
    if not pairs:
        return None
    ti, ui = rng.choice(pairs)
    return (r, ti, rng.choice(tables[ti]), ui, rng.choice(tables[ui]), -1)


def _delta(
    tables: list[list[int]], meet: list[list[int]], move: tuple[int, int, int, int, int, int]
) -> int:
    _r, ti, a, ui, b, _then = move
    ma, mb = meet[a], meet[b]
    table, other = tables[ti], tables[ui]
    return (
        sum(1 for y in other if ma[y] > 0)
        - sum(1 for x in table if ma[x] > 1)
        - sum(1 for y in other if mb[y] > 1)
        + sum(1 for x in table if mb[x] > 0)
        - 2 * (ma[b] > 0)
    )


def _swap(
    tables: list[list[int]],
    where: list[int],
    meet: list[list[int]],
    ti: int,
    a: int,
    ui: int,
    b: int,
) -> None:
    table, other = tables[ti], tables[ui]
    for x in table:
        if x != a:
            meet[a][x] -= 1
            meet[x][a] -= 1
            meet[b][x] += 1
            meet[x][b] += 1
    for y in other:
        if y != b:
            meet[b][y] -= 1
            meet[y][b] -= 1
            meet[a][y] += 1
            meet[y][a] += 1
    table[table.index(a)] = b
    other[other.index(b)] = a
    where[a], where[b] = ui, ti


def _seat(
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
