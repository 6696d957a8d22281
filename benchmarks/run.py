"""Time and memory of every command against floors measured in the same run.

    python benchmarks/run.py [--sizes 100,1000,10000] [--repeat 5] [--json] [--data DIR]
                             [--commands standings,stats] [--pairs 15] [--instructions]
                             [--floor typer,tomli,tabulate]

Each figure is the median CPU time (user + system) of `--repeat` runs of a real process, and
its peak RSS (from wait4). The floors are measured alongside: `python -c pass`, the import
floor (`import typer, tabulate, tomllib, tomli_w`, what the whole CLI needs), the envelope's
floor (`--floor`: `import typer, tomli, tabulate` by default, the dependencies the mission
names; `× floor`), `import typer, tomli`, the standard library scorepad imports beside them
(what is left above it is scorepad's own modules and work), and the TOML parser alone on the
same file (`per deal × parse`: tomli, the compiled one scorepad reads with; `× tomllib`:
`standings` and `stats` against a process of the standard library's parser alone on the same
bytes, in pairs). `stats` is measured beside `standings` on the same files (each size, and the
500 evening files) and shown as their ratio (`× standings`, the median over pairs of runs
taken in turn), and so is `deal` (a deal appended to a fresh copy of the file at each run).
`history --json` and `report` are measured at every size. `standings` of an evening where
people sit out, arrive and leave
(`french-seated-N`) is shown against the fixed table of the same size the same way (`× fixed
table`; the goal: 1.1 at most). Each ratio taken in turn is the median of `--pairs` pairs
(default: `--repeat`; 15 or more on a busy machine). Ratios, not seconds, are what to compare
across machines;
`--commands` measures only those given. The session files come from benchmarks/generate.py
(made if missing).

`--instructions` also counts the instructions of one run of `standings` on every file of up
to 10,000 deals and of the floor (valgrind's cachegrind without its
cache simulation, the hash seed fixed): the same count on a busy machine as on an idle one, so
the two ratios whose goals are closest to the noise of a shared machine, start-up (`instr. ×
own floor`) and the roster evening (`instr. × fixed table`), can be read without it. CPU time
stays the measure the goals are set in.

Each run is kept in DATA/runs/COMMIT.json (COMMIT: `--commit`, by default the checkout's
commit, with `+` when scorepad/ has changes not committed), and the table's last column
compares every figure with the last other commit measured there (or `--against COMMIT`):
the ratio of the two runs' `× own floor`, so that a machine busier in one run than in the
other moves both the command and its floor (for the floors themselves: their CPU time).
For two revisions measured side by side in the same run, see benchmarks/compare.py.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable
# every process runs in a neutral folder: `python -m scorepad` run from a checkout would
# import the checkout's scorepad, not the one installed for this Python
NEUTRAL = tempfile.gettempdir()

DEALS = {  # one plain deal per game, as a table types it
    "french": ["--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2"],
    "troggu": ["--bid", "tapp", "--tappist", "Anna", "--points", "57"],
    "piedmont": ["--points", "Anna=50"],
}


def run_once(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system of the child, from wait4) and peak RSS (MiB) of one run."""
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=NEUTRAL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read() if proc.stderr else b""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode not in (0,):
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {err[-500:]!r}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(argv: list[str], repeat: int, prepare: object = None) -> dict[str, float]:
    """Median CPU seconds and the largest peak RSS (MiB) of `repeat` runs of argv."""
    cpu: list[float] = []
    rss = 0.0
    for _ in range(repeat):
        if callable(prepare):
            prepare()
        seconds, peak = run_once(argv)
        cpu.append(seconds)
        rss = max(rss, peak)
    return {"cpu": statistics.median(cpu), "rss": rss}


def compiled_package() -> str:
    """The folder of the scorepad this Python imports, its bytecode compiled first: `pip
    install .` compiles it, but a checkout installed with -e (and run with
    PYTHONDONTWRITEBYTECODE, as on CI machines) would compile its sources at every start-up
    and measure the compiler, not scorepad."""
    package = subprocess.run(
        [PY, "-c", "import scorepad, os; print(os.path.dirname(scorepad.__file__))"],
        check=True,
        capture_output=True,
        text=True,
        cwd=NEUTRAL,
    ).stdout.strip()
    print(f"measuring the scorepad in {package}", file=sys.stderr)
    subprocess.run([PY, "-m", "compileall", "-q", package], check=True, stdout=subprocess.DEVNULL)
    return package


#: the standard library's parser alone on the files given (issue 32's floor for a season)
STDLIB_PARSE = (
    "import sys, tomllib\nfor f in sys.argv[1:]: tomllib.loads(open(f, 'rb').read().decode())"
)


VALGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]


def instructions(argv: list[str]) -> int:
    """The instructions one run of argv executes (valgrind's cachegrind, no cache simulation),
    the hash seed fixed so that dictionaries are laid out alike at every run."""
    done = subprocess.run(
        [*VALGRIND, *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=NEUTRAL,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        text=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(argv)} under valgrind failed: {done.stderr[-500:]!r}")
    return int(found.group(1).replace(",", ""))


def ratio_in_pairs(a: list[str], b: list[str], repeat: int, prepare: object = None) -> float:
    """The median of a/b CPU over `repeat` pairs run in turn (a b a b …): a busy spell on a
    shared machine then falls on both sides of a pair, not on one command's block of runs.
    `prepare` runs before each run of a."""
    ratios = [
        measure(a, 1, prepare)["cpu"] / max(measure(b, 1)["cpu"], 1e-6) for _ in range(repeat)
    ]
    return statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20,100,1000,10000")
    parser.add_argument("--games", default="french,troggu,piedmont")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--pairs", type=int, help="pairs of runs for each ratio taken in turn (default: --repeat)"
    )
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "scorepad-bench")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--commands",
        default="",
        help="only these (comma-separated): e.g. standings,stats; default: every command",
    )
    parser.add_argument("--commit", help="what is measured (default: the checkout's commit)")
    parser.add_argument("--against", help="the commit to compare with (default: the last one)")
    parser.add_argument(
        "--floor",
        default="typer,tomli,tabulate",
        help="the modules of the envelope's import floor (`× floor`)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count instructions (valgrind) of standings up to 10,000 deals and the floor",
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    wanted = {c for c in args.commands.split(",") if c}
    pairs = args.pairs or args.repeat
    args.data = args.data.resolve()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    missing = [s for s in sizes for g in games if not (args.data / f"{g}-{s}.toml").exists()]
    missing += [s for s in sizes if not (args.data / f"french-seated-{s}.toml").exists()]
    if missing or not (args.data / "archive").is_dir():
        generate = [PY, str(HERE / "generate.py"), str(args.data), "--sizes", args.sizes]
        subprocess.run(generate, check=True, stdout=subprocess.DEVNULL)
    compiled_package()
    scorepad = [PY, "-m", "scorepad"]
    rows: list[dict[str, object]] = []
    floor_pass = measure([PY, "-c", "pass"], args.repeat)
    floor_all = measure([PY, "-c", "import typer, tabulate, tomllib, tomli_w"], args.repeat)
    floor_name = "import " + ", ".join(m for m in args.floor.split(",") if m)
    floor_own = measure([PY, "-c", floor_name], args.repeat)
    floor_plain = measure([PY, "-c", "import typer, tomli"], args.repeat)
    # and the standard library scorepad imports beside them: what is left is scorepad's own
    floor_stdlib = measure(
        [PY, "-c", "import typer, tomli, dataclasses, decimal, hashlib, array, unicodedata"],
        args.repeat,
    )
    if args.instructions:
        floor_own["instr"] = instructions([PY, "-c", floor_name])
    for name, floor in (
        ("python -c pass", floor_pass),
        ("import floor (all)", floor_all),
        (f"{floor_name} (the floor)", floor_own),
        ("import typer, tomli", floor_plain),
        ("… and the stdlib scorepad uses", floor_stdlib),
    ):
        rows.append({"command": name, "file": "", "deals": 0, **floor})

    standings_argv: dict[str, list[str]] = {}  # by file: what stats is compared with
    counted: dict[tuple[str, ...], int] = {}  # instructions by argv: each counted once

    def instructions_of(argv: list[str]) -> int:
        key = tuple(argv)
        if key not in counted:
            counted[key] = instructions(argv)
        return counted[key]

    def add(
        command: str,
        label: str,
        deals: int,
        argv: list[str],
        parse_file: Path | None,
        prepare: object = None,
        files: list[str] | None = None,
    ) -> None:
        if wanted and command.split()[0] not in wanted:
            return
        result = measure(argv, args.repeat, prepare)
        own = floor_own
        row: dict[str, object] = {
            "command": command,
            "file": label,
            "deals": deals,
            **result,
            "x_own_floor": result["cpu"] / own["cpu"],
            "x_import_floor": result["cpu"] / floor_all["cpu"],
        }
        if parse_file is not None and deals >= 1000:
            # the cost per deal against the parser's: what the command adds to its own import
            # floor, over what parsing the file adds to `python -c pass`
            parse = measure(
                [
                    PY,
                    "-c",
                    "import sys, tomli; tomli.loads(open(sys.argv[1], 'rb').read().decode())",
                    str(parse_file),
                ],
                args.repeat,
            )
            row["parse_cpu"] = parse["cpu"]
            row["x_parse"] = (result["cpu"] - own["cpu"]) / max(
                parse["cpu"] - floor_pass["cpu"], 1e-3
            )
        stdlib = [str(parse_file)] if parse_file is not None and deals >= 1000 else files
        if command in ("standings", "stats") and stdlib:
            # issue 32's goal: the command against the standard library's parse of the same
            # bytes, each a process of its own, in pairs
            row["x_stdlib"] = ratio_in_pairs(argv, [PY, "-c", STDLIB_PARSE, *stdlib], pairs)
        if args.instructions and command == "standings" and deals <= 10_000:
            row["instr"] = instructions_of(argv)
            row["x_own_floor_instr"] = row["instr"] / floor_own["instr"]
        if command == "standings":
            standings_argv[label] = argv
        elif command in ("stats", "deal") and label in standings_argv:
            row["x_standings"] = ratio_in_pairs(argv, standings_argv[label], pairs, prepare)
        rows.append(row)

    add("--help", "", 0, [*scorepad, "--help"], None)
    try:
        add("--version", "", 0, [*scorepad, "--version"], None)
    except SystemExit as err:  # an older scorepad, measured for comparison
        print(f"skipped: {err}", file=sys.stderr)
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    try:
        for size in sizes:
            for game in games:
                path = args.data / f"{game}-{size}.toml"
                label = path.name
                for command, extra in (
                    ("check", []),
                    ("standings", []),
                    ("stats", []),
                    ("history", []),
                    ("history --json", ["--json"]),
                    ("show", []),
                    ("export", ["--to", "csv"]),
                    ("chart", []),
                    ("report", []),
                ):
                    word = command.split()[0]
                    add(
                        command,
                        label,
                        size,
                        [*scorepad, word, str(path), *extra],
                        path if command in ("check", "standings") else None,
                        files=[str(path)] if command == "stats" and size >= 1000 else None,
                    )
                copy = work / path.name

                def fresh(source: Path = path, target: Path = copy) -> None:
                    shutil.copyfile(source, target)

                add(
                    "deal",
                    label,
                    size,
                    [*scorepad, "deal", str(copy), *DEALS[game]],
                    None,
                    prepare=fresh,
                )
        # an evening where people sit out, arrive and leave, against the fixed table of the
        # same size: its standings cost, as the median of pairs of runs taken in turn
        for size in sizes:
            seated = args.data / f"french-seated-{size}.toml"
            fixed = args.data / f"french-{size}.toml"
            if "french" in games and seated.exists() and (not wanted or "standings" in wanted):
                argv = [*scorepad, "standings", str(seated)]
                result = measure(argv, args.repeat)
                row = {
                    "command": "standings",
                    "file": seated.name,
                    "deals": size,
                    **result,
                    "x_own_floor": result["cpu"] / floor_own["cpu"],
                    "x_import_floor": result["cpu"] / floor_all["cpu"],
                    "x_fixed": ratio_in_pairs(argv, [*scorepad, "standings", str(fixed)], pairs),
                }
                if args.instructions and size <= 10_000:
                    row["instr"] = instructions_of(argv)
                    row["x_own_floor_instr"] = row["instr"] / floor_own["instr"]
                    # the fixed table's count, taken with its own row where that was measured
                    row["x_fixed_instr"] = row["instr"] / instructions_of(
                        [*scorepad, "standings", str(fixed)]
                    )
                rows.append(row)
        archive = sorted(str(p) for p in (args.data / "archive").glob("*.toml"))
        if archive:
            for command in ("standings", "stats"):
                add(
                    command,
                    f"archive ({len(archive)} files)",
                    20 * len(archive),
                    [*scorepad, command, *archive],
                    None,
                    files=archive,
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    commit = args.commit or checkout_commit()
    runs = args.data / "runs"
    runs.mkdir(exist_ok=True)
    before, against = last_run(runs, commit, args.against)
    (runs / f"{commit}.json").write_text(json.dumps(rows, indent=2))
    for row in rows:
        then = before.get((str(row["command"]), str(row["file"])))
        if then is not None:
            key = "x_own_floor" if "x_own_floor" in row and "x_own_floor" in then else "cpu"
            row["x_last"] = float(row[key]) / max(float(then[key]), 1e-6)  # type: ignore[arg-type]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    from tabulate import tabulate

    headers = [
        "command",
        "file",
        "CPU s",
        "× floor",
        "× import floor",
        "per deal × parse",
        "× tomllib",
        "× standings",
        "× fixed table",
        "instr. × floor",
        "instr. × fixed table",
        "peak MiB",
        f"× {against}" if against else "× last commit",
    ]
    table = [
        [
            r["command"],
            r["file"],
            f"{r['cpu']:.3f}",
            f"{r['x_own_floor']:.2f}" if "x_own_floor" in r else "",
            f"{r['x_import_floor']:.2f}" if "x_import_floor" in r else "",
            f"{r['x_parse']:.2f}" if "x_parse" in r else "",
            f"{r['x_stdlib']:.2f}" if "x_stdlib" in r else "",
            f"{r['x_standings']:.2f}" if "x_standings" in r else "",
            f"{r['x_fixed']:.2f}" if "x_fixed" in r else "",
            f"{r['x_own_floor_instr']:.3f}" if "x_own_floor_instr" in r else "",
            f"{r['x_fixed_instr']:.3f}" if "x_fixed_instr" in r else "",
            f"{r['rss']:.0f}",
            f"{r['x_last']:.2f}" if "x_last" in r else "",
        ]
        for r in rows
    ]
    print(f"{commit}, against {against or 'no other commit measured yet'}:")
    print(tabulate(table, headers, tablefmt="github", disable_numparse=True))


def checkout_commit() -> str:
    """The checkout's commit (short), with `+` if scorepad/ has changes not committed."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=HERE,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "scorepad"],
            cwd=HERE.parent,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def last_run(
    runs: Path, commit: str, against: str | None
) -> tuple[dict[tuple[str, str], dict[str, object]], str | None]:
    """The rows of the run to compare with, by (command, file), and its commit: `against`,
    or the newest run of another commit."""
    if against:
        path = runs / f"{against}.json"
        if not path.exists():
            raise SystemExit(f"no run of {against} in {runs}")
    else:
        others = [p for p in runs.glob("*.json") if p.stem != commit]
        if not others:
            return {}, None
        path = max(others, key=lambda p: p.stat().st_mtime)
    rows = json.loads(path.read_text())
    return {(str(r["command"]), str(r["file"])): r for r in rows}, path.stem


if __name__ == "__main__":
    main()
