"""The quality of the tournament seat draw against the best possible, and its time.

    python benchmarks/draw.py [--seeds 0,1,2] [--json]

Each case is a whole tournament drawn as a club draws it, one round at a time (each draw
given the rounds drawn before it), for each seed. It prints, per case: the players, rounds
and table sizes, the repeats (the sum over pairs of players of their meetings beyond the
first) of the worst seed, the target, the counting bound (each player's opponent seats
beyond the other players, halved) and the least possible where it is known, the spread of
odd seats (tables of 5) among the players, and the worst CPU time of one draw. It exits 1
if a target is missed or a draw takes more than 2 s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from scorepad.tournament.draw import Round, draw_round, repeats, table_sizes

LIMIT = 2.0  # seconds of CPU for one draw

# (players, rounds, target repeats or None, least possible where known and why)
CASES: list[tuple[int, int, int | None, str]] = [
    (16, 5, 0, "0 (affine plane of order 4)"),
    (16, 6, 24, "24 (18 opponent seats for 15 opponents)"),
    (20, 5, 3, ""),
    (22, 5, None, ""),
    (24, 5, 0, ""),
    (32, 5, 0, ""),
    (40, 5, 0, ""),
    (64, 5, 0, ""),
    (100, 5, 0, ""),
]


def run(players: int, rounds: int, seed: int) -> tuple[list[Round], float]:
    """A tournament drawn round by round; the rounds and the worst CPU time of a draw."""
    roster = [f"Player {i + 1}" for i in range(players)]
    drawn: list[Round] = []
    worst = 0.0
    for _ in range(rounds):
        start = time.process_time()
        drawn.append(draw_round(roster, [r.tables for r in drawn], rounds, seed))
        worst = max(worst, time.process_time() - start)
    return drawn, worst


def odd_spread(drawn: list[Round]) -> int:
    """The most odd seats (not at a table of 4) of a player less the fewest."""
    count = Counter({name: 0 for table in drawn[0].tables for name in table})
    for r in drawn:
        for table in r.tables:
            if len(table) != 4:
                count.update(table)
    return max(count.values()) - min(count.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",") if s]
    rows: list[dict[str, object]] = []
    failed = False
    for players, rounds, target, least in CASES:
        results = [run(players, rounds, seed) for seed in seeds]
        worst_repeats = max(repeats(r.tables for r in drawn) for drawn, _t in results)
        best_repeats = min(repeats(r.tables for r in drawn) for drawn, _t in results)
        worst_time = max(t for _d, t in results)
        bound = min(drawn[0].bound for drawn, _t in results)
        sizes = Counter(table_sizes(players))
        ok = (target is None or worst_repeats <= target) and worst_time <= LIMIT
        failed |= not ok
        rows.append({
            "players": players, "rounds": rounds,
            "tables": " + ".join(f"{n}×{size}" for size, n in sorted(sizes.items())),
            "repeats": worst_repeats, "best_seed": best_repeats,
            "target": target, "bound": bound,
            "least": least or (f"{bound} (reached)" if best_repeats == bound else "?"),
            "odd_spread": max(odd_spread(drawn) for drawn, _t in results),
            "worst_draw_s": round(worst_time, 3), "ok": ok,
        })  # fmt: skip
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        headers = ["players", "rounds", "tables", "repeats (worst seed)", "best seed", "target",
                   "counting bound", "least possible", "odd-seat spread", "worst draw CPU s",
                   ""]  # fmt: skip
        keys = ["players", "rounds", "tables", "repeats", "best_seed", "target", "bound",
                "least", "odd_spread", "worst_draw_s", "ok"]  # fmt: skip
        table = [[("" if r[k] is None else ("ok" if r[k] else "MISSED") if k == "ok"
                   else f"{r[k]:.2f}" if k == "worst_draw_s" else str(r[k])) for k in keys]
                 for r in rows]  # fmt: skip
        widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for row in table:
            print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        print(f"seeds {', '.join(map(str, seeds))}; a draw may take {LIMIT:.0f} s of CPU")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
