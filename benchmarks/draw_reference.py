"""The reference table of benchmarks/draw.py: for each count of players (12 to 40) and rounds
(3 to 6), the best schedule a longer search finds, offline.

    python benchmarks/draw_reference.py [--work N] [--seeds 0,1] > benchmarks/draw_reference.json

Each case is one plan of all its rounds from nothing (the draw's own search,
`plan.make_plan`, with `--work` swaps weighed instead of the draw's `WORK`, for each seed), and
its value the best found: the most meetings of a pair, then the repeats. Where the counting
bound (each player's opponent seats beyond the other players, halved) is reached, the value
is the least possible and marked so; otherwise it is only what this search found ("search").
Bounded by work, not time, so the table is the same on every machine.
"""

from __future__ import annotations

import argparse
import json
import random

from scorepad.tournament.draw import TABLE_SIZES, table_sizes
from scorepad.tournament.plan import least_repeats, make_plan
from scorepad.tournament.search import meetings


def best_plan(n: int, rounds: int, seeds: list[int], work: int) -> tuple[int, int]:
    shape = table_sizes(n, TABLE_SIZES)
    found = []
    for seed in seeds:
        plan = make_plan([], 0, n, shape, 4, rounds, f"reference {seed}", True, work)
        meet = meetings(plan, n)
        most = max(max(row) for row in meet)
        reps = sum(m - 1 for i, row in enumerate(meet) for m in row[i + 1 :] if m > 1)
        found.append((most, reps))
    random.seed(0)
    return min(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=int, default=1_000_000)
    parser.add_argument("--seeds", default="0,1")
    parser.add_argument("--players", default="12-40")
    parser.add_argument("--rounds", default="3-6")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    lo, hi = map(int, args.players.split("-"))
    rlo, rhi = map(int, args.rounds.split("-"))
    table = []
    for n in range(lo, hi + 1):
        for rounds in range(rlo, rhi + 1):
            most, reps = best_plan(n, rounds, seeds, args.work)
            bound = least_repeats([], n, table_sizes(n, TABLE_SIZES), rounds)
            source = "bound" if reps == bound and most <= 2 else "search"
            row = {"players": n, "rounds": rounds, "most": most, "repeats": reps,
                   "bound": bound, "source": source}  # fmt: skip
            table.append(row)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
