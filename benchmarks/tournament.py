"""What a big tournament's ranking and results sheet cost against the league table of the
same table files.

    python benchmarks/tournament.py [--data DIR] [--players 64] [--rounds 21] [--deals 6]
                                    [--repeat 9] [--json]

Makes (in a temporary folder, or in `--data DIR`, kept there and reused when it holds a
finished tournament of that shape) a French Tarot club tournament with `scorepad tournament
new`, then draws its rounds one by one with `scorepad tournament draw` and records every
table's deals in between, as the tables would (`--deals` a player: 6 by default, as a club
plays), each deal played out from a shuffled deck (tests/simulate.py, as benchmarks/generate.py
does) and given to the players seated for it. 64 players over 21 rounds is the affine space
AG(3, 4), the biggest schedule without a repeat the draw knows: 16 tables a round, 336 table
files, 2,016 deals.

Then it times, as real processes, `scorepad tournament standings DIR`, `scorepad tournament
report DIR -o FILE` and `scorepad standings --league` over every table file of the
tournament, and the floor `import typer, tomli`: the CPU time of the child (user + system,
from os.wait4), in rounds (one run of each in turn, after one unmeasured warm-up of each), so
that a busy spell on a shared machine falls on every command of a round. It prints each
command's median CPU seconds, and the median over rounds of its ratio to the league table
(with its min–max) and to the floor. The goal: standings and report at most 2 × the league.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from run import NEUTRAL, PY, compiled_package, run_once  # noqa: E402  (benchmarks/run.py)

import simulate  # noqa: E402

FLOOR = "import typer, tomli"

#: a club's players: first names of several countries, some with accents, a few Japanese
FIRST = ["Anna", "Bruno", "Chloé", "Daisuke", "Émile", "Fritz", "Gabi", "Hans", "Ingrid",
         "Jules", "Karin", "Léa", "Marc", "Noé", "Olga", "Paul", "Quentin", "Rosa", "Sven",
         "Tomás", "Ulla", "Vera", "Wim", "Xavier", "Yvonne", "Zoé", "André", "Béatrice",
         "Céline", "Denis", "Élodie", "François", "Gérard", "Hélène", "Isabelle", "Jacques",
         "Kévin", "Laure", "Mathieu", "Nathalie", "Océane", "Pierre", "Régis", "Sophie",
         "Thierry", "Ursule", "Valérie", "William", "Yann", "Zacharie", "Agnès", "Benoît",
         "Camille", "Dominique", "Estelle", "Fabrice", "Ginette", "Hervé", "Inès", "Jérôme",
         "大輔", "花子", "健太", "さくら"]  # fmt: skip


def names(count: int) -> list[str]:
    """`count` distinct names: FIRST, then FIRST again with an initial (Anna B.)."""
    out = list(FIRST[:count])
    letters = "BCDEFGHJKLMNPRST"
    i = 0
    while len(out) < count:
        out.append(f"{FIRST[i % len(FIRST)]} {letters[i // len(FIRST) % len(letters)]}.")
        i += 1
    return out


def scorepad(*args: str) -> str:
    done = subprocess.run(
        [PY, "-m", "scorepad", *args], capture_output=True, text=True, cwd=NEUTRAL
    )
    if done.returncode:
        raise SystemExit(f"scorepad {' '.join(args)} failed: {done.stderr[-1000:]}")
    return done.stdout


def seated_deal(rng: random.Random, seated: list[str]) -> dict[str, Any]:
    """A deal played from a shuffled deck by the players seated, as they would type it."""
    while True:
        played = simulate.french(rng, len(seated))
        if played is not None:
            break
    rename = dict(zip(simulate.NAMES, seated, strict=False))
    raw: dict[str, Any] = {}
    for key, value in played.raw.items():
        if key == "handfuls":
            value = [f"{rename[v.split(':')[0]]}:{v.split(':')[1]}" for v in value]
        elif isinstance(value, str) and value in rename:
            value = rename[value]
        raw[key] = value
    return raw


def record_round(folder: Path, rng: random.Random) -> int:
    """Every table of the last round drawn played to its length; the deals recorded."""
    from scorepad import core, storage
    from scorepad.model import table_at
    from scorepad.storage import tournament as files

    recorded = 0
    for table in files.load(folder).drawn[-1].tables:

        def play(session: Any, want: int = table.deals) -> Any:
            while len(session.deals) < want:
                seated = list(table_at(session, len(session.deals) + 1).players)
                session = core.add_deal(session, seated_deal(rng, seated))
            return session

        before, after = storage.update(files.table_path(folder, table.file), play)
        recorded += len(after.deals) - len(before.deals)
    return recorded


def make(folder: Path, players: int, rounds: int, deals: int) -> None:
    """The tournament, every round drawn and every table's deals recorded."""
    from scorepad.storage import tournament as files

    if (folder / "tournament.toml").exists():
        t = files.load(folder)
        if (len(t.players), t.rounds, t.deals, len(t.drawn)) == (players, rounds, deals, rounds):
            print(f"using the tournament in {folder}", file=sys.stderr)
            return
        raise SystemExit(f"{folder} holds another tournament: give an empty --data")
    folder.parent.mkdir(parents=True, exist_ok=True)
    roster = folder.parent / f"{folder.name}-players.txt"
    roster.write_text("\n".join(names(players)) + "\n", "utf-8")
    scorepad("tournament", "new", str(folder), "--variant", "french", "--rules", "fft",
             "--players-file", str(roster), "--rounds", str(rounds), "--deals", str(deals),
             "--date", "2026-12-05", "--title", "Club marathon")  # fmt: skip
    roster.unlink()
    rng = random.Random(2026)
    for n in range(1, rounds + 1):
        scorepad("tournament", "draw", str(folder))
        recorded = record_round(folder, rng)
        print(f"round {n}: drawn, {recorded} deals recorded", file=sys.stderr)
    scorepad("tournament", "check", str(folder))  # every table as drawn and finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", type=Path, help="the tournament's folder (kept; default: temporary)"
    )
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--deals", type=int, default=6, help="deals a player per round")
    parser.add_argument("--repeat", type=int, default=9, help="rounds of runs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    temporary = None if args.data else Path(tempfile.mkdtemp(prefix="scorepad-tournament-"))
    folder = (args.data or temporary / "cup").resolve()  # type: ignore[operator]
    compiled_package()  # as `pip install` does (benchmarks/run.py)
    sheets = Path(tempfile.mkdtemp(prefix="scorepad-report-"))  # where the report writes
    try:
        make(folder, args.players, args.rounds, args.deals)
        from scorepad.storage import tournament as files

        tables = [
            str(files.table_path(folder, t.file))
            for r in files.load(folder).drawn
            for t in r.tables
        ]
        out = sheets / "results.html"
        sp = [PY, "-m", "scorepad"]
        commands = {
            "tournament standings": [*sp, "tournament", "standings", str(folder)],
            "tournament report": [*sp, "tournament", "report", str(folder), "-o", str(out)],
            "standings --league": [*sp, "standings", "--league", *tables],
            "floor": [PY, "-c", FLOOR],
        }
        for argv in commands.values():  # warm-up: the files in the page cache, bytecode made
            run_once(argv)
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeat):
            for name, argv in commands.items():
                cpu[name].append(run_once(argv)[0])
    finally:
        shutil.rmtree(sheets, ignore_errors=True)
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)
    league = cpu["standings --league"]
    rows = []
    for name, runs in cpu.items():
        to_league = [a / b for a, b in zip(runs, league, strict=True)]
        to_floor = [a / b for a, b in zip(runs, cpu["floor"], strict=True)]
        rows.append(
            {
                "command": name,
                "cpu": statistics.median(runs),
                "x_league": statistics.median(to_league),
                "x_league_min": min(to_league),
                "x_league_max": max(to_league),
                "x_floor": statistics.median(to_floor),
            }
        )
    shape = {"players": args.players, "rounds": args.rounds, "deals": args.deals,
             "tables": len(tables), "repeat": args.repeat}  # fmt: skip
    if args.json:
        print(json.dumps({**shape, "rows": rows}, indent=2))
        return
    print(
        f"{args.players} players, {args.rounds} rounds, {len(tables)} table files "
        f"({args.deals} deals a player a round); {args.repeat} rounds of runs"
    )
    print(f"{'command':<22} {'CPU s':>7} {'× league (min–max)':>22} {'× floor':>8}")
    for r in rows:
        spread = f"{r['x_league']:.2f} ({r['x_league_min']:.2f}–{r['x_league_max']:.2f})"
        print(f"{r['command']:<22} {r['cpu']:>7.3f} {spread:>22} {r['x_floor']:>8.2f}")


if __name__ == "__main__":
    main()
