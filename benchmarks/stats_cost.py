"""What the statistics cost against the standings, on the same files in the same run.

    python benchmarks/stats_cost.py [--sizes 10000] [--repeat 5] [--data DIR]

Until `scorepad stats` is a command, each side is a real process doing what its command
will do: load the files, compute (`core.standings` / `stats.stats`), and print the tables
(`report.standings_table` / `stats_text.stats_text`). The issue asks for the statistics
within 1.2× the standings, for one file of 10,000 deals and for 500 evening files; the
figures are median CPU seconds (see benchmarks/run.py, whose files and measure this uses).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import NEUTRAL, PY, measure  # noqa: E402

LOAD = "import sys; from scorepad import storage; s = [storage.load(f) for f in sys.argv[1:]]; "
SIDES = {
    "standings": LOAD + "from scorepad import core, report; "
    "print(report.standings_table(s[0].variant, core.standings(s)))",
    "stats": LOAD + "from scorepad import stats, stats_text; "
    "print(stats_text.stats_text(stats.stats(s)))",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000")
    parser.add_argument("--games", default="french,troggu,piedmont")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "scorepad-bench")
    args = parser.parse_args()
    data = args.data.resolve()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    cases = [(f"{g}-{n}.toml", [str(data / f"{g}-{n}.toml")]) for n in sizes for g in games]
    if (
        any(not Path(files[0]).exists() for _label, files in cases)
        or not (data / "archive").is_dir()
    ):
        subprocess.run(
            [PY, str(HERE / "generate.py"), str(data), "--sizes", args.sizes],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=NEUTRAL,
        )
    archive = sorted(str(p) for p in (data / "archive").glob("*.toml"))
    cases.append((f"archive ({len(archive)} files)", archive))
    print("| files | standings CPU s | stats CPU s | stats × standings |")
    print("|---|---|---|---|")
    for label, files in cases:
        cpu = {
            side: measure([PY, "-c", code, *files], args.repeat)["cpu"]
            for side, code in SIDES.items()
        }
        print(
            f"| {label} | {cpu['standings']:.3f} | {cpu['stats']:.3f} | "
            f"{cpu['stats'] / cpu['standings']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
