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
from dataclasses import dataclass

from scorepad.tournament.draw import draw_round, repeats, table_sizes

LIMIT = 2.0  # seconds of CPU for one draw


@dataclass(frozen=True)
class Case:
    players: int
    rounds: int
    target: int | None = None  # repeats
    least: str = ""  # the least possible, where it is known, and why
    withdraw: tuple[tuple[int, int], ...] = ()  # (round, how many leave before it)
    late: tuple[tuple[int, int], ...] = ()  # (round, how many arrive before it)
    by_hand: int = 0  # the first rounds not drawn by this draw (another seed's), then drawn
    fair: bool = True  # the rule on seats at tables of 5

    @property
    def label(self) -> str:
        notes = [f"{n} leave before round {r}" for r, n in self.withdraw]
        notes += [f"{n} arrive before round {r}" for r, n in self.late]
        if self.by_hand:
            notes.append(f"rounds 1-{self.by_hand} drawn otherwise")
        if not self.fair:
            notes.append("seats at 5 not shared out (fair=False)")
        return "; ".join(notes)


CASES = [
    Case(16, 5, 0, "0 (affine plane of order 4)"),
    Case(16, 6, 24, "24 (18 opponent seats for 15 opponents)"),
    Case(20, 5, 3),
    Case(22, 5, None, "> 0 (the seats at 5 shared out force repeats)"),
    Case(24, 5, 0),
    Case(32, 5, 0),
    Case(40, 5, 0),
    Case(64, 5, 0),
    Case(100, 5, 0),
    # not targets: how the draw copes when the roster changes or rounds are not its own
    Case(24, 5, withdraw=((3, 1),), late=((4, 2),)),
    Case(22, 5, by_hand=2),
    Case(22, 5, fair=False),
    Case(100, 5, by_hand=2),
]


def run(case: Case, seed: int) -> tuple[list[tuple[tuple[str, ...], ...]], float]:
    """A tournament drawn round by round; its rounds and the worst CPU time of a draw."""
    roster = [f"Player {i + 1}" for i in range(case.players)]
    history: list[tuple[tuple[str, ...], ...]] = []
    worst = 0.0
    withdraw, late = dict(case.withdraw), dict(case.late)
    for r in range(1, case.rounds + 1):
        roster = roster[withdraw.get(r, 0) :]
        roster += [f"Late {r}.{i + 1}" for i in range(late.get(r, 0))]
        if r <= case.by_hand:  # as another program would draw it: not this draw's plan
            history.append(draw_round(roster, history, case.rounds, f"by hand {seed}").tables)
            continue
        begin = time.process_time()
        drawn = draw_round(roster, history, case.rounds, seed, fair=case.fair)
        worst = max(worst, time.process_time() - begin)
        history.append(drawn.tables)
    return history, worst


def odd_spread(history: list[tuple[tuple[str, ...], ...]]) -> int:
    """The most odd seats (not at a table of 4) of a player drawn in every round, less the
    fewest."""
    everyone = set.intersection(*({p for t in tables for p in t} for tables in history))
    count = Counter({name: 0 for name in everyone})
    for tables in history:
        for table in tables:
            if len(table) != 4:
                count.update(p for p in table if p in everyone)
    return max(count.values()) - min(count.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",") if s]
    rows: list[dict[str, object]] = []
    failed = False
    for case in CASES:
        results = [run(case, seed) for seed in seeds]
        counts = [repeats(history) for history, _t in results]
        worst_time = max(t for _h, t in results)
        first = Counter(table_sizes(case.players))
        roster = [f"Player {i + 1}" for i in range(case.players)]
        bound = min(draw_round(roster, [], case.rounds, seed, work=0).bound for seed in seeds)
        ok = (case.target is None or max(counts) <= case.target) and worst_time <= LIMIT
        failed |= not ok
        rows.append(
            {
                "players": case.players,
                "rounds": case.rounds,
                "tables": " + ".join(f"{n}×{size}" for size, n in sorted(first.items())),
                "repeats": max(counts),
                "best_seed": min(counts),
                "target": case.target,
                "bound": bound,
                "least": case.least or (f"{bound} (reached)" if min(counts) == bound else "?"),
                "odd_spread": max(odd_spread(history) for history, _t in results),
                "worst_draw_s": round(worst_time, 3),
                "ok": ok,
                "notes": case.label,
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        headers = [
            "players",
            "rounds",
            "tables",
            "repeats (worst seed)",
            "best seed",
            "target",
            "counting bound",
            "least possible",
            "odd-seat spread",
            "worst draw CPU s",
            "",
            "roster",
        ]
        keys = [
            "players",
            "rounds",
            "tables",
            "repeats",
            "best_seed",
            "target",
            "bound",
            "least",
            "odd_spread",
            "worst_draw_s",
            "ok",
            "notes",
        ]
        table = [
            [
                (
                    ""
                    if r[k] is None
                    else ("ok" if r[k] else "MISSED")
                    if k == "ok"
                    else f"{r[k]:.2f}"
                    if k == "worst_draw_s"
                    else str(r[k])
                )
                for k in keys
            ]
            for r in rows
        ]
        widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for row in table:
            print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        print(f"seeds {', '.join(map(str, seeds))}; a draw may take {LIMIT:.0f} s of CPU")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
