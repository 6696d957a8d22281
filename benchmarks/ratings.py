"""How well does `scorepad rating` find who plays best? A simulated club, end to end.

A club of 12 to 30 players, each with a planted skill (normal, mean 0, SD 1), plays French
Tarot evenings at tables of 4 and 5, with rosters (5 at a 4-seat table, 6 at a 5-seat one:
the dealer sits out). Every deal: each seated player's hand is dealt (its strength, luck);
the strongest hand takes, at a contract its strength sets (or everybody passes), with bouts
that come with strong hands; at five the taker calls a partner (or goes alone). The taker's
side's card points are the target of its bouts, plus what its hand is worth above the
contract's threshold, plus 2.5 × (the side's mean skill − the defence's), plus the luck of
the play (SD 10): one SD of skill moves a garde's chance of being made by about 10 points and
the side's card points by 2.5, small against the luck of the deal. Two seatings: tables drawn
at random every evening, or by level (the players sorted by skill, so each sits with their
own level) on 80% of the evenings and at random on the others.

Each season is written as real session files (`storage.dumps`), read back as `rating`
reads them (`app.season.load_all`), and ordered by date and name. Then, at several season
lengths, Kendall's tau between the planted order and each method's: scorepad's rating, the
total score, the average per deal played, and Soviann's Elo (each player against the
opposing side's average rating, win or lose only, K 40 for the taker, 25 the partner, 15 a
defender). Also the rating's calibration: the chance it gave, before each deal, that the
taker makes the contract, against the rate observed, by decile of the chances.

    python benchmarks/ratings.py                      # 10 seeds, 20 players, 500-10,000 deals
    python benchmarks/ratings.py --seeds 3 --lengths 500,2000 --players 12 --json
    python benchmarks/ratings.py --speed              # rating against standings, 10,000 deals

`--speed` writes one season of 10,000 deals (the first seed, by level) and times `scorepad
rating` of its folder against `scorepad standings` of its files, as processes taken in turn
(CPU time of the child; the median of `--pairs` pairs): the goal is 2× at most.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import date as Date
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from scorepad import core, rating, storage, text
from scorepad.app.season import load_all
from scorepad.model import Deal, Session
from scorepad.ranking import standings
from scorepad.scores import iter_outcomes
from scorepad.season import in_order
from scorepad.variants import get_variant
from scorepad.variants.base import Contest
from scorepad.variants.french import plain_side_points
from scorepad.variants.french.entry import TARGETS, FrenchEntry

SKILL_POINTS = 2.5  # card points a deal for one SD of the side's skill over the defence's
LUCK = 10.0  # the play's luck: the SD of the card points about what the hands and skills give
ATTENDANCE = 0.85  # each player comes to an evening with this chance
BY_LEVEL = 0.8  # with --seating level: the evenings whose tables are drawn by level
# the strongest hand's threshold for each contract (below the first: everybody passes)
THRESHOLDS = {4: (0.35, 1.25, 2.0, 2.6), 5: (0.45, 1.35, 2.1, 2.7)}
CONTRACTS = ("petite", "garde", "garde-sans", "garde-contre")
METHODS = ("rating", "total", "average", "elo")
FIRST_EVENING = Date(2026, 1, 1)
ELO_K = {"taker": 40, "partner": 25, "defender": 15}
SHOWS_SEEN = 100.0  # `forecasts`: the fit's expectations show in full, as if over this Σ²
NAMES = [
    *("Anna", "Bruno", "Chloé", "Daisuke", "Elsa", "Fritz", "Gabi", "Hugo", "Inès", "Jun"),
    *("Karin", "Léo", "Mila", "Noé", "Olga", "Paul", "Quentin", "Rosa", "Sven", "Tomoko"),
    *("Ugo", "Vera", "Wim", "Xavier", "Yuki", "Zoé", "Aline", "Basile", "Cyril", "Diane"),
]


# --- the club ------------------------------------------------------------------------------


def tables_of(present: list[int]) -> list[list[int]]:
    """The evening's tables, 4 to 6 people each, in the order given (some go home when
    the count cannot be split so)."""
    n = len(present)
    count = max(1, -(-n // 6))
    while n // count < 4:  # 7 people: one goes home
        n -= 1
        count = max(1, -(-n // 6))
    sizes = [n // count + (i < n % count) for i in range(count)]
    tables, at = [], 0
    for size in sizes:
        tables.append(present[at : at + size])
        at += size
    return tables


def play_deal(rng: random.Random, seated: list[str], skill: dict[str, float]) -> FrenchEntry:
    """One deal at the table: the hands, the bid, and the card points the play gives."""
    hands = {p: rng.gauss(0, 1) for p in seated}
    taker = max(seated, key=hands.__getitem__)
    strength = hands[taker]
    thresholds = THRESHOLDS[len(seated)]
    if strength < thresholds[0]:
        return FrenchEntry("pass")
    level = sum(strength >= t for t in thresholds) - 1
    contract = CONTRACTS[level]
    bouts = sum(rng.random() < min(0.9, 0.2 + 0.2 * strength) for _ in range(3))
    partner, alone = None, False
    if len(seated) == 5:
        if rng.random() < 0.1:
            alone = True
        else:
            partner = rng.choice([p for p in seated if p != taker])
    side = [taker] if partner is None else [taker, partner]
    defence = [p for p in seated if p not in side]
    edge = statistics.fmean(skill[p] for p in side) - statistics.fmean(skill[p] for p in defence)
    above = strength - thresholds[level]  # what the hand holds beyond its contract's need
    points = TARGETS[bouts] + 2 + 5 * above + SKILL_POINTS * edge + rng.gauss(0, LUCK)
    entry = FrenchEntry(contract, taker, partner, alone, Decimal(0), bouts)
    lo, hi = plain_side_points(entry, len(seated), None)
    points = min(max(points, float(lo)), float(hi))
    return replace(entry, points=Decimal(round(points * 2)) / 2)


def season(seed: int, players: int, deals: int, seating: str) -> tuple[dict, list[Session]]:
    """A club's planted skills, and its evenings' sessions until `deals` are played."""
    rng = random.Random(f"{seed}-{players}-{seating}")
    names = list(NAMES[:players])
    skill = {p: rng.gauss(0, 1) for p in names}
    sessions: list[Session] = []
    played, evening = 0, 0
    while played < deals:
        evening += 1
        present = [p for p in names if rng.random() < ATTENDANCE]
        if len(present) < 4:
            continue
        if seating == "level" and rng.random() < BY_LEVEL:
            present.sort(key=lambda p: -skill[p])
        else:
            rng.shuffle(present)
        date = str(FIRST_EVENING + timedelta(days=7 * evening))  # a club night a week
        for t, people in enumerate(tables_of(present), 1):
            seats = {4: 4, 5: rng.choice((4, 5)), 6: 5}[len(people)]
            session = core.new_session(
                "french", people, profile="fft", title=f"table {t}", date=date, seats=seats
            )
            seater = session.seater()
            dealt = []
            for _ in range(rng.randint(20, 28)):
                dealer = seater.seating_plan().next.dealer
                seated = list(seater.seat(dealer).seated)
                entry = play_deal(rng, seated, skill)
                seater.settle(entry.redealt)
                dealt.append(Deal(dealer, entry))
            sessions.append(replace(session, deals=tuple(dealt)))
            played += len(dealt)
    return skill, sessions


def written_and_read(sessions: list[Session], folder: Path) -> list[Session]:
    """The sessions as files (storage's own text), read back as `rating` reads them, in
    its order (by date, then name)."""
    files = []
    for s in sessions:
        path = folder / f"{s.date}-{s.title.replace(' ', '-')}.toml"
        path.write_text(storage.dumps(s), encoding="utf-8")
        files.append(path)
    random.Random(0).shuffle(files)  # the order given does not matter
    return [s for _f, s in in_order(files, load_all(files))]


# --- the methods ---------------------------------------------------------------------------


def soviann_elo(sessions: list[Session]) -> dict[str, float]:
    """Soviann's Elo: each player against the opposing side's average, win or lose only."""
    elo: dict[str, float] = {}
    game = get_variant("french")
    for s in sessions:
        for deal, outcome in zip(s.deals, iter_outcomes(s), strict=True):
            contest = game.contest(deal.entry, outcome, s.rules)
            if contest is None:
                continue
            side, others = contest.side, contest.others
            for p in (*side, *others):
                elo.setdefault(p, 1500.0)
            a = statistics.fmean(elo[p] for p in side)
            d = statistics.fmean(elo[p] for p in others)
            won = contest.margin >= 0
            change = {}
            for p in (*side, *others):
                theirs, win = (d, won) if p in side else (a, not won)
                role = "taker" if p == side[0] else "partner" if p in side else "defender"
                expected = 1 / (1 + 10 ** ((theirs - elo[p]) / 400))
                change[p] = ELO_K[role] * (win - expected)
            for p, c in change.items():
                elo[p] += c
    return elo


def scores_of(sessions: list[Session]) -> dict:
    """Each method's score of every player (higher: better)."""
    rows = standings(sessions)
    found = rating.rate(sessions)
    return {
        "rating": {r.name: r.rating for r in found.players},
        "total": {r.name: r.total for r in rows},
        "average": {r.name: r.total / r.played for r in rows if r.played},
        "elo": soviann_elo(sessions),
    }


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-b between two lists (ties in either count as neither)."""
    concordant = discordant = tied_x = tied_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tied_x += 1
            elif dy == 0:
                tied_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    pairs = concordant + discordant
    denominator = math.sqrt((pairs + tied_x) * (pairs + tied_y))
    return (concordant - discordant) / denominator if denominator else 0.0


# --- the run -------------------------------------------------------------------------------


def forecasts(sessions: Sequence[Session]) -> Iterator[tuple[Contest, float]]:
    """Each rated deal with the side's chance to make it, as the sessions before its own
    said it: a forecast, never a fit to the deal itself. How much of what the fit expects
    of a kind and of the players shows in the margins is learnt on the way, from the
    forecasts' own surprises: where people sit with their own level, the edges between
    table-mates are smaller than the fit (which assumes nothing of who sits with whom)
    makes them, and a kind seen a few times is less different than it looks."""
    keys_of, _written = text.people(s.players for s in sessions)
    fit = rating.Fit()
    squares, shown = SHOWS_SEEN, SHOWS_SEEN  # Σ added², Σ added × (margin − usual)
    for session, keys in zip(sessions, keys_of, strict=True):
        solved = fit.solve()
        found = [c for _n, c in rating.contests(session)]
        shows = shown / squares
        for contest in found:
            yield contest, solved.chance(contest, keys, shows)
        for contest in found:
            usual, added, _var = solved.expect(contest, keys)
            squares += added * added
            shown += added * (contest.margin - usual)
        fit.add(found, keys)


def run(seeds: int, players: int, lengths: list[int], seatings: list[str]) -> dict:
    taus: dict = {s: {n: {m: [] for m in METHODS} for n in lengths} for s in seatings}
    calibration: dict = {s: [] for s in seatings}
    check = max(lengths) if 2000 not in lengths else 2000
    for seating in seatings:
        for seed in range(seeds):
            skill, made = season(seed, players, max(lengths), seating)
            with tempfile.TemporaryDirectory() as folder:
                sessions = written_and_read(made, Path(folder))
            for n in lengths:
                upto, count = [], 0
                for s in sessions:
                    if count >= n:
                        break
                    upto.append(s)
                    count += len(s.deals)
                found = scores_of(upto)
                if n == check:  # the chance of each deal, from the sessions before it
                    calibration[seating] += [
                        (chance, c.margin >= 0) for c, chance in forecasts(upto)
                    ]
                names = sorted(skill)
                for m in METHODS:
                    got = found[m]
                    planted = [skill[p] for p in names if p in got]
                    taus[seating][n][m].append(
                        kendall_tau(planted, [got[p] for p in names if p in got])
                    )
            print(f"  {seating} seed {seed} done", file=sys.stderr)
    return {"taus": taus, "calibration": calibration, "calibrated_at": check}


def deciles(chances: list[tuple[float, bool]]) -> list[tuple[float, float, int]]:
    """(mean chance, rate made, deals) of each tenth of the deals, by chance."""
    ordered = sorted(chances)
    out = []
    for k in range(10):
        part = ordered[len(ordered) * k // 10 : len(ordered) * (k + 1) // 10]
        out.append(
            (statistics.fmean(c for c, _ in part), statistics.fmean(m for _, m in part), len(part))
        )
    return out


def report(result: dict, seeds: int, players: int) -> None:
    taus = result["taus"]
    print(
        f"Kendall's tau with the planted order: {seeds} seeds, {players} players "
        "(mean, and the rating's lead over each method paired by seed: mean ± SE)\n"
    )
    print(
        "| seating | deals | rating | total | average | Soviann's Elo | rating − total "
        "| rating − average | rating − Elo |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for seating, by_length in taus.items():
        for n, by_method in by_length.items():
            means = [f"{statistics.fmean(by_method[m]):.3f}" for m in METHODS]
            leads = []
            for m in METHODS[1:]:
                diff = [a - b for a, b in zip(by_method["rating"], by_method[m], strict=True)]
                se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
                leads.append(f"{statistics.fmean(diff):+.3f} ± {se:.3f}")
            print(f"| {seating} | {n:,} | " + " | ".join(means + leads) + " |")
    at = result["calibrated_at"]
    print(
        f"\nCalibration at {at:,} deals, pooled over the seeds: the rating's chance that the "
        "taker makes the contract, against the rate made, by decile of the chances\n"
    )
    seatings = list(result["calibration"])
    print("| decile | " + " | ".join(f"{s}: predicted | observed | deals" for s in seatings) + " |")
    print("|---|" + "---|---|---|" * len(seatings))
    tables = {s: deciles(result["calibration"][s]) for s in seatings}
    worst = 0.0
    for k in range(10):
        cells = []
        for s in seatings:
            p, o, count = tables[s][k]
            worst = max(worst, abs(p - o))
            cells.append(f"{100 * p:.1f}% | {100 * o:.1f}% | {count:,}")
        print(f"| {k + 1} | " + " | ".join(cells) + " |")
    print(f"\nlargest gap between predicted and observed: {100 * worst:.1f} points")
    goals(result)


def goals(result: dict) -> None:
    """The issue's targets at 2,000 deals, said plainly."""
    taus = result["taus"]
    lines = []
    for seating, by_length in taus.items():
        if 2000 not in by_length:
            continue
        t = {m: statistics.fmean(v) for m, v in by_length[2000].items()}
        if seating == "level":
            ok = (
                t["rating"] >= t["average"] + 0.05
                and t["rating"] > t["total"]
                and t["rating"] > t["elo"]
            )
            want = "≥ average + 0.05, > total, > Elo"
        else:
            ok = (
                t["rating"] >= t["total"] - 0.02
                and t["rating"] >= t["average"] - 0.02
                and t["rating"] > t["elo"]
            )
            want = "≥ total − 0.02, ≥ average − 0.02, > Elo"
        lines.append(
            f"{seating} at 2,000 deals: rating {t['rating']:.3f} ({want}): "
            + ("met" if ok else "NOT met")
        )
    if result["calibrated_at"] == 2000:
        gaps = [abs(p - o) for s in result["calibration"].values() for p, o, _ in deciles(s)]
        lines.append(
            "calibration: every decile within 5 points: "
            + ("met" if max(gaps) <= 0.05 else "NOT met")
            + f" (largest gap {100 * max(gaps):.1f})"
        )
    print("\n" + "\n".join(lines))


def cpu(argv: list[str]) -> float:
    """CPU seconds (user + system) of one run of a process."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.read() if proc.stderr else ''}")
    return usage.ru_utime + usage.ru_stime


def speed(pairs: int, players: int) -> None:
    """`rating` of a 10,000-deal season's folder against `standings` of its files."""
    scorepad = shutil.which("scorepad") or "scorepad"
    _skill, sessions = season(0, players, 10_000, "level")
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for s in sessions:
            path = Path(folder) / f"{s.date}-{s.title.replace(' ', '-')}.toml"
            path.write_text(storage.dumps(s), encoding="utf-8")
            files.append(str(path))
        files.sort()
        ratios, times = [], {"standings": [], "rating": []}
        for _ in range(pairs):
            a = cpu([scorepad, "standings", *files])
            b = cpu([scorepad, "rating", folder])
            times["standings"].append(a)
            times["rating"].append(b)
            ratios.append(b / a)
    deals = sum(len(s.deals) for s in sessions)
    print(f"{deals:,} deals in {len(sessions)} files, {pairs} pairs taken in turn (CPU s, median):")
    print(
        f"  standings {statistics.median(times['standings']):.3f}, rating "
        f"{statistics.median(times['rating']):.3f}: rating ÷ standings "
        f"{statistics.median(ratios):.2f} (goal: 2 at most)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--lengths", default="500,2000,10000")
    parser.add_argument("--seatings", default="level,random")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--speed", action="store_true", help="time rating against standings")
    parser.add_argument("--pairs", type=int, default=7, help="--speed: runs of each, in turn")
    args = parser.parse_args()
    if not 12 <= args.players <= len(NAMES):
        parser.error(f"--players: 12 to {len(NAMES)}")
    if args.speed:
        speed(args.pairs, args.players)
        return
    lengths = [int(x) for x in args.lengths.split(",")]
    result = run(args.seeds, args.players, lengths, args.seatings.split(","))
    if args.json:
        print(json.dumps(result))
    else:
        report(result, args.seeds, args.players)


if __name__ == "__main__":
    main()
