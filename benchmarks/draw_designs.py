"""How the base rounds of `scorepad/tournament/schedules.py` were found: a short exhaustive
search (seconds), run once; its output was pasted into `BASE`.

    python benchmarks/draw_designs.py 9 1        # 28 players: Z_9 x 3 levels + 1 fixed
    python benchmarks/draw_designs.py 7 3        # 24 players: Z_7 x 3 levels + 3 fixed (seed 0)
    python benchmarks/draw_designs.py 13 1 --times 3   # 40 players, invariant under x3

Players are (a, level) for a mod q and three levels, plus fixed players (∞). A base round
developed mod q (round g adds g to every a) has no repeat when every difference occurs at
most once: within a level, ±(b - a) (and never q/2, whose pairs the development covers
twice); between levels i < j, b - a; a fixed player meets each level once (its table holds
one point of each level). `--times m` looks only for base rounds invariant under
multiplying by m (a unit of order 3 mod q, q prime): three tables then stand for nine.

    python benchmarks/draw_designs.py --mixed     # 30 players at tables of 4 and 5 (seed 3)

`--mixed`: two base rounds over Z_3 x 10 levels, each five tables of 4 and two of 5 whose
ten seats hold one point of each level (so each developed base round seats everybody once
at a table of 5), found by a local search over swaps (the two tables of 5 swap freely,
one of 5 and one of 4 only points of the same level), accepting a swap that adds no repeat
(and, rarely, one that does), until every difference is used at most once over both.
"""

from __future__ import annotations

import argparse
import itertools
import random

Point = tuple[int, int]


def keys(table: list[Point], q: int) -> list[tuple[int, ...]] | None:
    """The differences a table's pairs use, or None if one is used twice or is never free."""
    out: list[tuple[int, ...]] = []
    for (a, i), (b, j) in itertools.combinations(table, 2):
        if i == j:
            d = (b - a) % q
            if d == 0 or 2 * d % q == 0:
                return None
            out += [(i, i, d), (i, i, -d % q)]
        else:
            if i > j:
                (a, i), (b, j) = (b, j), (a, i)
            out.append((i, j, (b - a) % q))
    return out if len(set(out)) == len(out) else None


def search(q: int, fixed: int, seed: int, limit: int) -> list[list[Point]] | None:
    """Backtracking: the smallest free point's table first, tried in a seeded order."""
    rng = random.Random(seed)
    free = {(a, level) for a in range(q) for level in range(3)}
    used: set[tuple[int, ...]] = set()
    tables: list[list[Point]] = []
    nodes = [0]

    def place(table: list[Point]) -> bool:
        found = keys(table, q)
        if found is None or used.intersection(found):
            return False
        used.update(found)
        free.difference_update(table)
        tables.append(table)
        if fill():
            return True
        tables.pop()
        free.update(table)
        used.difference_update(found)
        return False

    def fill() -> bool:
        nodes[0] += 1
        if nodes[0] > limit:
            raise TimeoutError
        if not free:
            return True
        if len(tables) < fixed:  # a fixed player's table: one point of each level
            levels = [[(a, lv) for a in range(q) if (a, lv) in free] for lv in range(3)]
            for table in itertools.product(*(rng.sample(x, len(x)) for x in levels)):
                if place(list(table)):
                    return True
            return False
        first = min(free)
        rest = sorted(free - {first})
        rng.shuffle(rest)

        def fits(table: list[Point]) -> bool:  # pruning: a partial table's differences
            found = keys(table, q)
            return found is not None and not used.intersection(found)

        n = len(rest)
        for x in range(n):
            if not fits([first, rest[x]]):
                continue
            for y in range(x + 1, n):
                if not fits([first, rest[x], rest[y]]):
                    continue
                if any(place([first, rest[x], rest[y], rest[z]]) for z in range(y + 1, n)):
                    return True
        return False

    if fixed == 1:  # the fixed player with the three zeros
        return tables if place([(0, 0), (0, 1), (0, 2)]) else None
    return tables if fill() else None


def invariant(q: int, m: int) -> list[list[Point]] | None:
    """A base round for q (prime) and one fixed player, invariant under multiplying by m
    (of order 3): three tables on the nonzero points, each hitting every (level, coset of
    <m>) once, whose differences hit every coset once; their images by m and m² complete it."""
    group = {1, m, m * m % q}

    def coset(x: int) -> int:
        return min(x * h % q for h in group)

    def pm(x: int) -> int:
        return min(min(x * h % q, -x * h % q) for h in group)

    def key(p: Point, r: Point) -> tuple[int, ...] | None:
        (a, i), (b, j) = sorted((p, r), key=lambda x: x[1])
        d = (b - a) % q
        if d == 0:
            return None
        return (i, i, pm(d)) if i == j else (i, j, coset(d))

    points = [(a, level) for level in range(3) for a in range(1, q)]

    def fill(tables: list[list[Point]], slots: frozenset, used: frozenset) -> list | None:
        if len(tables) == 3:
            return tables
        left = [p for p in points if (p[1], coset(p[0])) not in slots]
        slot = min((p[1], coset(p[0])) for p in left)
        for first in (p for p in left if (p[1], coset(p[0])) == slot):
            rest = [p for p in left if (p[1], coset(p[0])) != slot and p > first]
            for others in itertools.combinations(rest, 3):
                table = [first, *others]
                these = {(p[1], coset(p[0])) for p in table}
                found = [key(x, y) for x, y in itertools.combinations(table, 2)]
                if len(these) < 4 or None in found or len(set(found)) < 6:
                    continue
                if used.intersection(found):
                    continue
                done = fill([*tables, table], slots | these, used | set(found))
                if done:
                    return done
        return None

    base = fill([], frozenset(), frozenset())
    if base is None:
        return None
    full = [[(0, 0), (0, 1), (0, 2)]]
    for table in base:
        full += [[(a * h % q, level) for a, level in table] for h in sorted(group)]
    return full


def mixed(seed: int, limit: int, levels: int = 10) -> list[list[list[Point]]] | None:
    """Two base rounds mod 3 for 3 × `levels` players (see `--mixed`), or None within
    `limit` swaps."""
    from collections import Counter

    rng = random.Random(seed)

    def key(p: Point, r: Point) -> tuple[int, ...]:
        (a, i), (b, j) = sorted((p, r), key=lambda x: x[1])
        return (i, i, 0) if i == j else (i, j, (b - a) % 3)

    rounds = []
    for _ in range(2):
        five = [rng.randrange(3) for _ in range(levels)]
        fives = [(five[i], i) for i in range(levels)]
        rng.shuffle(fives)
        rest = [(a, i) for i in range(levels) for a in range(3) if a != five[i]]
        rng.shuffle(rest)
        rounds.append([fives[:5], fives[5:]] + [rest[k : k + 4] for k in range(0, len(rest), 4)])

    def table_keys(t: list[Point]) -> list[tuple[int, ...]]:
        return [key(x, y) for x, y in itertools.combinations(t, 2)]

    used = Counter(k for tables in rounds for t in tables for k in table_keys(t))

    def cost() -> int:
        return sum(v - 1 for v in used.values() if v > 1)

    now = cost()
    for _ in range(limit):
        if now == 0:
            return rounds
        tables = rounds[rng.randrange(2)]
        ti, ui = rng.sample(range(len(tables)), 2)
        ai, bi = rng.randrange(len(tables[ti])), rng.randrange(len(tables[ui]))
        a, b = tables[ti][ai], tables[ui][bi]
        if (ti < 2) != (ui < 2) and a[1] != b[1]:
            continue
        old = table_keys(tables[ti]) + table_keys(tables[ui])
        used.subtract(old)
        tables[ti][ai], tables[ui][bi] = b, a
        new = table_keys(tables[ti]) + table_keys(tables[ui])
        used.update(new)
        after = cost()
        if after <= now or rng.random() < 0.01:
            now = after
        else:
            used.subtract(new)
            tables[ti][ai], tables[ui][bi] = a, b
            used.update(old)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("q", type=int, nargs="?", default=0)
    parser.add_argument("fixed", type=int, nargs="?", default=0)
    parser.add_argument("--times", type=int, default=0)
    parser.add_argument("--mixed", action="store_true")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--limit", type=int, default=200_000)
    args = parser.parse_args()
    if args.mixed:
        for seed in range(args.seeds):
            rounds = mixed(seed, 10 * args.limit)
            if rounds:
                print(f"seed {seed}: {rounds}")
                return
        print("none found")
        return
    if args.times:
        print(invariant(args.q, args.times))
        return
    for seed in range(args.seeds):
        try:
            found = search(args.q, args.fixed, seed, args.limit)
        except TimeoutError:
            continue
        if found:
            print(f"seed {seed}: {found}")
            return
    print("none found")


if __name__ == "__main__":
    main()
