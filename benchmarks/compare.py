"""Time the working tree against another revision of scorepad, command by command, in pairs.

    python benchmarks/compare.py REV [--commands deal,show,standings] [--sizes 100,10000]
                                     [--archive 500] [--pairs 15] [--games french] [--json]
                                     [--data DIR] [--venvs DIR] [--floor typer,tomli,tabulate]

Each side is installed non-editable in a virtual environment of its own: the working tree as
it is (committed or not, from a copy of its files) and REV (a tag, a commit, a branch) from
`git archive`; both with exactly the dependency versions of the Python running this script,
installed with `pip install --no-deps`, so what is compared is scorepad's code and not the
libraries. `--venvs DIR` keeps REV's environment there for the next run (the working tree's
is made afresh each time, in a temporary folder, so that two runs never share it).

The files come from benchmarks/generate.py (French Tarot by default; 100 and 10,000 deals
and an archive of 500 evenings of 20 deals). REV gets the same files, deal for deal, as it
saves them: in its format where that is older (the format line changed), and signed by its
own `storage.signed` where it signs files (a scorepad that read a file it signed otherwise
than one it did not), so that each side reads the files as it would have saved them; the
commands that both sides have are timed (`stats`, say, only where REV has it; a command of
several words, `history --json`, as one). `deal` records one deal into a fresh copy of the
file at each run, and the peak RSS of every run is kept (the largest shown).

Runs go in rounds: A (the working tree), B (REV), then the floor (`--floor`: `import typer,
tomli, tabulate` by default, the dependencies the mission names, in A's environment), at
least 15 rounds per command, after one unmeasured warm-up of each. Each run's CPU time (user
+ system of the child, from os.wait4) and its wall time are taken; the table shows, per
command, the median over rounds of A ÷ B with its min–max spread, for CPU and wall, each
side's median CPU seconds and largest peak RSS, and A ÷ the floor. A busy spell on a shared
machine then falls on both sides of a round, not on one side's block of runs. Exits 1 when a
command fails on either side.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NEUTRAL = tempfile.gettempdir()  # `python -m scorepad` from a checkout would import the checkout

DEALS = {  # one plain deal per game, as a table types it
    "french": ["--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2"],
    "troggu": ["--bid", "tapp", "--tappist", "Anna", "--points", "57"],
    "piedmont": ["--points", "Anna=50"],
}
#: each command's arguments after the file; True where it takes many files (the archive)
COMMANDS: dict[str, tuple[list[str], bool]] = {
    "deal": ([], False),  # the game's deal is added
    "show": ([], False),
    "standings": ([], True),
    "history": ([], False),
    "check": ([], True),
    "export": (["--to", "csv"], False),
    "stats": ([], True),
    "history --json": ([], False),
    "report": ([], True),
}


# -- installing ------------------------------------------------------------------------------


def run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, check=True, text=True, capture_output=True, **kwargs)


def pinned_dependencies() -> list[str]:
    """`name==version` for every package scorepad needs at run time, as installed for the
    Python running this script (the closure of scorepad's requirements, extras followed)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    found: dict[str, str] = {}
    todo: list[tuple[str, frozenset[str]]] = [("scorepad", frozenset())]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        dist = metadata.distribution(name)
        if name != "scorepad":
            found[dist.metadata["Name"]] = dist.version
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not any(
                req.marker.evaluate({"extra": extra}) for extra in (extras or {""})
            ):
                continue
            todo.append((req.name, frozenset(req.extras)))
    return sorted(f"{name}=={version}" for name, version in found.items())


def make_venv(folder: Path, deps: list[str]) -> Path:
    """A virtual environment in folder with exactly deps (reused if already there)."""
    python = folder / "bin" / "python"
    stamp = folder / "dependencies.txt"
    if python.exists() and stamp.exists() and stamp.read_text() == "\n".join(deps):
        return python
    shutil.rmtree(folder, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(folder)])
    run([str(python), "-m", "pip", "install", "-q", "--no-deps", *deps])
    stamp.write_text("\n".join(deps))
    return python


def install(python: Path, source: Path) -> None:
    """scorepad from source, non-editable (pip compiles its bytecode), replacing any other."""
    run([str(python), "-m", "pip", "uninstall", "-q", "-y", "scorepad"])
    run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)])


def working_tree_copy(target: Path) -> None:
    """The working tree's files as they are now (tracked and new, not ignored)."""
    names = run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT
    ).stdout.split("\0")
    for name in filter(None, names):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def revision_copy(rev: str, target: Path) -> str:
    """REV's files from git archive; returns its full commit hash."""
    commit = run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT).stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit], cwd=ROOT, check=True, capture_output=True
    ).stdout
    import io

    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return commit


def ask(python: Path, code: str) -> str:
    return run([str(python), "-c", code], cwd=NEUTRAL).stdout.strip()


def has_command(python: Path, command: str) -> bool:
    probe = subprocess.run(
        [str(python), "-m", "scorepad", *command.split(), "--help"],
        capture_output=True,
        cwd=NEUTRAL,
        stdin=subprocess.DEVNULL,
    )
    return probe.returncode == 0


# -- files -----------------------------------------------------------------------------------


def as_saved_by(text: str, version: int, this: int, signer: Path | None) -> str:
    """The same session as another scorepad saves it: in format `version` where that is
    older than `this` (only what a fixed table writes: the format line differs), signed by
    its own `storage.signed` where it signs files (`signer`: its Python)."""
    body = text
    if version < this:
        head, sep, rest = text.partition("\n")
        if not head.startswith("scorepad = ") or "\n[[roster]]" in text or "\nseats = " in text:
            raise SystemExit(f"cannot write format {version}: a roster or seats in the file")
        if version < 5:  # format 5 put a planned length (`deals = 0`: none) in every file's rules
            rest = rest.replace("\ndeals = 0\n", "\n", 1)
        body = f"scorepad = {version}{sep}{rest}"
    cut = body.rfind("\n# checked by scorepad ")
    if cut >= 0:
        body = body[:cut]
    return body if signer is None else body + "\n" + signature_line(body, signer)


_SIGNERS: dict[Path, str] = {}


def signature_line(body: str, signer: Path) -> str:
    """The signature line `signer`'s scorepad writes under body (asked once: its version and
    how it signs; the digest is checked against the older scorepad signing a sample)."""
    if signer not in _SIGNERS:
        sample = "scorepad = 1\n"
        signed = run(
            [
                str(signer),
                "-c",
                "import sys; from scorepad import storage; "
                "sys.stdout.write(storage.signed(sys.argv[1].encode()).decode())",
                sample,
            ],
            cwd=NEUTRAL,
        ).stdout
        line = signed[len(sample) + 1 :]
        digest = hashlib.sha256(sample.encode()).hexdigest()
        if digest not in line:
            raise SystemExit(f"{signer}: signs files otherwise ({line.strip()!r})")
        _SIGNERS[signer] = line.replace(digest, "{digest}")
    return _SIGNERS[signer].format(digest=hashlib.sha256(body.encode()).hexdigest())


def make_files(data: Path, sizes: list[int], archive: int, games: list[str]) -> None:
    wanted = [data / f"{g}-{s}.toml" for g in games for s in sizes]
    have_archive = archive == 0 or len(list((data / "archive").glob("*.toml"))) == archive
    # files left by an older working tree are in its format: each save would upgrade them
    # (a one-time rewrite timed as if it were every deal's)
    version = run([sys.executable, "-c", "import scorepad; print(scorepad.FORMAT_VERSION)"],
                  cwd=ROOT).stdout.strip()  # fmt: skip
    current = all(
        p.exists() and p.read_text("utf-8").startswith(f"scorepad = {version}\n") for p in wanted
    )
    if current and have_archive:
        return
    print(f"writing the files in {data}", file=sys.stderr)
    run(
        [
            sys.executable,
            str(HERE / "generate.py"),
            str(data),
            "--sizes",
            ",".join(map(str, sizes)),
            "--archive",
            str(archive),
        ],
        cwd=NEUTRAL,
    )


# -- timing ----------------------------------------------------------------------------------


def once(argv: list[str], prepare: Any = None) -> tuple[float, float, float]:
    """CPU seconds (user + system, from wait4), wall seconds and peak RSS (MiB) of one run."""
    if prepare is not None:
        prepare()
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=NEUTRAL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read() if proc.stderr else b""
    if proc.stderr:
        proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({code}): {err[-500:].decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def rounds(
    a: list[str], b: list[str], floor: list[str], pairs: int, prepare_a: Any, prepare_b: Any
) -> dict[str, Any]:
    once(a, prepare_a), once(b, prepare_b)  # warm-up: the files in the page cache
    cpu_a: list[float] = []
    cpu_b: list[float] = []
    wall_a: list[float] = []
    wall_b: list[float] = []
    cpu_f: list[float] = []
    rss_a: list[float] = []
    rss_b: list[float] = []
    for _ in range(pairs):
        for cpu, wall, rss, argv, prepare in (
            (cpu_a, wall_a, rss_a, a, prepare_a),
            (cpu_b, wall_b, rss_b, b, prepare_b),
            (cpu_f, [], [], floor, None),
        ):
            c, w, m = once(argv, prepare)
            cpu.append(c)
            wall.append(w)
            rss.append(m)
    return {
        "cpu_a": statistics.median(cpu_a),
        "cpu_b": statistics.median(cpu_b),
        "rss_a": max(rss_a),
        "rss_b": max(rss_b),
        "cpu_floor": statistics.median(cpu_f),
        "cpu_ratio": spread([x / max(y, 1e-6) for x, y in zip(cpu_a, cpu_b, strict=True)]),
        "wall_ratio": spread([x / max(y, 1e-6) for x, y in zip(wall_a, wall_b, strict=True)]),
        "a_floor": spread([x / max(y, 1e-6) for x, y in zip(cpu_a, cpu_f, strict=True)]),
        "b_floor": spread([x / max(y, 1e-6) for x, y in zip(cpu_b, cpu_f, strict=True)]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the revision to compare with: a tag, a commit, a branch")
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--sizes", default="100,10000", help="deals per session file")
    parser.add_argument("--archive", type=int, default=500, help="evening files (0: none)")
    parser.add_argument("--pairs", type=int, default=15, help="rounds per command (15 or more)")
    parser.add_argument("--games", default="french")
    parser.add_argument("--data", type=Path, default=Path(NEUTRAL) / "scorepad-compare")
    parser.add_argument("--venvs", type=Path, help="keep the environments here for next time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--floor", default="typer,tomli,tabulate", help="the modules of the floor's import"
    )
    args = parser.parse_args()
    floor_code = "import " + ", ".join(m for m in args.floor.split(",") if m)
    commands = [c for c in args.commands.split(",") if c]
    unknown = sorted(set(commands) - set(COMMANDS))
    if unknown:
        parser.error(f"unknown commands {unknown}; known: {', '.join(COMMANDS)}")
    sizes = [int(s) for s in args.sizes.split(",") if s]
    games = [g for g in args.games.split(",") if g]
    data = args.data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    make_files(data, sizes, args.archive, games)

    scratch = Path(tempfile.mkdtemp(prefix="scorepad-compare-"))
    venvs = args.venvs.resolve() if args.venvs else scratch
    try:
        deps = pinned_dependencies()
        print(f"dependencies: {' '.join(deps)}", file=sys.stderr)
        source_a, source_b = scratch / "src-a", scratch / "src-b"
        source_a.mkdir()
        source_b.mkdir()
        working_tree_copy(source_a)
        head_a = run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT).stdout.strip()
        dirty = run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT).stdout
        commit = revision_copy(args.rev, source_b)
        py_a = make_venv(scratch / "venv-tree", deps)  # its own: runs may overlap
        py_b = make_venv(venvs / f"venv-{commit[:12]}", deps)
        install(py_a, source_a)
        if not (venvs / f"venv-{commit[:12]}" / "installed").exists():
            install(py_b, source_b)
            (venvs / f"venv-{commit[:12]}" / "installed").write_text(commit)
        format_code = "import scorepad; print(scorepad.FORMAT_VERSION)"
        format_a, format_b = int(ask(py_a, format_code)), int(ask(py_b, format_code))
        signs = "import scorepad.storage as s; print(hasattr(s, 'signed'))"
        signer_b = py_b if ask(py_b, signs) == "True" else None
        both = [c for c in commands if has_command(py_a, c) and has_command(py_b, c)]
        skipped = [c for c in commands if c not in both]
        if skipped:
            print(f"not on both sides, skipped: {', '.join(skipped)}", file=sys.stderr)

        # the same files for both; B's in its own format where it is older
        files_b = scratch / "files-b"

        def for_b(path: Path) -> Path:
            if format_b >= format_a and signer_b is None:
                return path
            target = files_b / path.relative_to(data)
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                text = as_saved_by(path.read_text("utf-8"), format_b, format_a, signer_b)
                target.write_text(text, "utf-8")
            return target

        work = scratch / "work"
        work.mkdir()
        cases: list[tuple[str, str, int, list[Path]]] = []  # command, label, deals, files
        archive = sorted((data / "archive").glob("*.toml")) if args.archive else []
        for command in both:
            for game in games:
                for size in sizes:
                    path = data / f"{game}-{size}.toml"
                    cases.append((command, path.name, size, [path]))
            if archive and COMMANDS[command][1]:
                cases.append(
                    (command, f"archive ({len(archive)} files)", 20 * len(archive), archive)
                )
        # every file is read by both sides before anything is timed
        check_b = sorted({for_b(p) for case in cases for p in case[3]})
        check_a = sorted({p for case in cases for p in case[3]})
        for python, files in ((py_a, check_a), (py_b, check_b)):
            if files:
                run([str(python), "-m", "scorepad", "check", *map(str, files)], cwd=NEUTRAL)

        rows: list[dict[str, Any]] = []
        floor = [str(py_a), "-c", floor_code]
        for command, label, deals, files in cases:
            extra, _many = COMMANDS[command]
            words = command.split()  # `history --json`: the command, then its option
            extra = [*words[1:], *extra]
            argv_a = [str(py_a), "-m", "scorepad", words[0]]
            argv_b = [str(py_b), "-m", "scorepad", words[0]]
            prepare_a = prepare_b = None
            if command == "deal":
                game = label.split("-")[0]
                copy_a, copy_b = work / f"a-{label}", work / f"b-{label}"
                source_path_a, source_path_b = files[0], for_b(files[0])

                def prepare_a(s: Path = source_path_a, t: Path = copy_a) -> None:
                    shutil.copyfile(s, t)

                def prepare_b(s: Path = source_path_b, t: Path = copy_b) -> None:
                    shutil.copyfile(s, t)

                argv_a += [str(copy_a), *DEALS[game]]
                argv_b += [str(copy_b), *DEALS[game]]
            else:
                argv_a += [*map(str, files), *extra]
                argv_b += [*(str(for_b(p)) for p in files), *extra]
            print(f"{command} {label} …", file=sys.stderr)
            result = rounds(argv_a, argv_b, floor, args.pairs, prepare_a, prepare_b)
            rows.append({"command": command, "file": label, "deals": deals, **result})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    meta = {
        "a": f"working tree ({head_a}{' + changes' if dirty.strip() else ''}), format {format_a}",
        "b": f"{args.rev} ({commit[:7]}), format {format_b}",
        "pairs": args.pairs,
        "floor": floor_code,
        "dependencies": deps,
        "load": os.getloadavg(),
    }
    if args.json:
        print(json.dumps({**meta, "rows": rows}, indent=2))
        return
    load = " ".join(f"{x:.1f}" for x in meta["load"])
    print(f"A: {meta['a']}\nB: {meta['b']}")
    print(f"{args.pairs} rounds (A, B, floor) per command; load average at the end {load}\n")

    def r(s: dict[str, float]) -> str:
        return f"{s['median']:.2f} ({s['min']:.2f}–{s['max']:.2f})"

    headers = [
        "command",
        "file",
        "A ÷ B, CPU",
        "A ÷ B, wall",
        "A CPU s",
        "B CPU s",
        "A MiB",
        "B MiB",
        "A ÷ floor",
    ]
    table = [
        [
            row["command"],
            row["file"],
            r(row["cpu_ratio"]),
            r(row["wall_ratio"]),
            f"{row['cpu_a']:.3f}",
            f"{row['cpu_b']:.3f}",
            f"{row['rss_a']:.0f}",
            f"{row['rss_b']:.0f}",
            f"{row['a_floor']['median']:.2f}",
        ]
        for row in rows
    ]
    print(markdown(headers, table))
    floor_cpu = statistics.median(r["cpu_floor"] for r in rows)
    print(f"\nfloor: `{floor_code}`, median {floor_cpu:.3f} s CPU")


def markdown(headers: list[str], table: list[list[str]]) -> str:
    widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |"]
    lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in table:
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
