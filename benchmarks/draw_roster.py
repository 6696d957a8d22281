"""The reference of benchmarks/draw.py's 13 × 3 roster case, by exhaustive search.

    python benchmarks/draw_roster.py [--leaver five|four] [--seed 0]

13 players, 3 rounds (tables 4, 4, 5); one player leaves after round 1 (from the table of
5, or from a table of 4) and a newcomer arrives for round 3. Given round 1 as the draw makes
it (any round 1 is the same up to the players' names), it tries every round 2 (the 12 left
at three tables of 4) and every round 3 the rule on seats at 5 allows (players drawn in the
same rounds differ by at most one seat at 5 after every round: the four or five who sat at
5 in round 1 may not sit there again while one of the others has not), and prints the least
repeats with no pair meeting three times.
"""

from __future__ import annotations

import argparse
import itertools

from scorepad.tournament.draw import draw_round


def least(leaver_at: int, seed: int) -> tuple[int, int]:
    roster = [f"P{i}" for i in range(13)]
    first = draw_round(roster, [], 3, seed).tables
    leaver = next(t for t in first if len(t) == leaver_at)[0]
    players = [p for p in roster if p != leaver]
    index = {p: i for i, p in enumerate(players)}
    bit = {}
    for a, b in itertools.combinations(range(12), 2):
        bit[a, b] = bit[b, a] = 1 << len(bit) // 2

    def mask(tables: list[tuple[int, ...]]) -> int:
        m = 0
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                m |= bit[a, b]
        return m

    once = mask([tuple(index[p] for p in t if p in index) for t in first])
    at_five = {index[p] for p in next(t for t in first if len(t) == 5) if p in index}
    free = [p for p in range(12) if p not in at_five]  # may sit at 5 in round 3

    def thirds() -> list[int]:
        out = []
        for five in itertools.combinations(free, 4):  # with the newcomer
            rest = [p for p in range(12) if p not in five]
            for others in itertools.combinations(rest[1:], 3):
                t = (rest[0], *others)
                out.append(mask([five, t, tuple(p for p in rest if p not in t)]))
        if len(free) >= 5:
            for five in itertools.combinations(free, 5):  # the newcomer at a table of 4
                rest = [p for p in range(12) if p not in five]
                for three in itertools.combinations(rest, 3):
                    out.append(mask([five, three, tuple(p for p in rest if p not in three)]))
        return out

    third = thirds()
    best, second_best = 1 << 30, 0
    for a in itertools.combinations(range(1, 12), 3):
        t1 = (0, *a)
        rest = [p for p in range(12) if p not in t1]
        for b in itertools.combinations(rest[1:], 3):
            t2 = (rest[0], *b)
            t3 = tuple(p for p in rest if p not in t2)
            second = mask([t1, t2, t3])
            twice = once & second
            before = twice.bit_count()
            met = once | second
            for m in third:
                if m & twice:  # a third meeting
                    continue
                total = before + (m & met).bit_count()
                if total < best:
                    best, second_best = total, before
    return best, second_best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leaver", choices=("five", "four"), default="five")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    total, second = least(5 if args.leaver == "five" else 4, args.seed)
    print(f"least repeats with no pair three times: {total} ({second} of them in round 2)")


if __name__ == "__main__":
    main()
