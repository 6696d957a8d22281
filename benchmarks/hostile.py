"""What one hostile session file as big as scorepad reads costs: time and peak memory of
`scorepad check`.

    python benchmarks/hostile.py [--size 16777000] [--json]

Each file is refused with a few short `error:` lines (tests/test_storage_limits.py checks that
on ~1 MB ones); this measures the cost of refusing the big ones, as a real process (CPU time
and peak RSS from wait4), against `python -c pass` and the parser alone on the same bytes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PY = sys.executable
HEAD = 'scorepad = 3\nvariant = "french"\ntitle = "x"\n'
THREE = 'players = ["Anna", "Bruno", "Chloé"]\ndealer = "Anna"\n'
RULES = (
    '[rules]\nprofile = "seed"\nbase = 25\nhandful_simple = 20\nhandful_double = 30\n'
    "handful_triple = 40\npetit_au_bout = 10\npetit_au_bout_multiplied = false\n"
    "slam = 200\nslam_announced = 400\nslam_announced_failed = 400\nslam_defence = 200\n"
    "slam_penalties_add = true\n"
)
DEAL = '[[deals]]\ndealer = "Anna"\ncontract = "garde"\ntaker = "{}"\npoints = 50\nbouts = 2\n'


def files(size: int) -> dict[str, str]:
    """Each hostile file, at most `size` bytes (UTF-8: all ASCII)."""

    def filled(head: str, unit: str, tail: str = "") -> str:  # `unit` repeated up to `size`
        return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail

    good, bad = DEAL.format("Anna"), DEAL.format("Zed")
    settings = "".join(f"k{i} = 1\n" for i in range(size // 12))
    tables = "".join(f"[t{i}]\n" for i in range(size // 10))
    return {
        "valid deals": filled(HEAD + THREE + RULES, good),
        "bad deals (taker Zed)": filled(HEAD + THREE + RULES, bad),
        "a million players": filled(HEAD + 'players = ["p"', ',"p"', "]\n"),
        "one name filling the file": filled(HEAD + 'players = ["', "A", '", "B", "C"]\n'),
        "unknown settings": (HEAD + THREE + RULES + settings)[:size].rpartition("\n")[0] + "\n",
        "empty deal tables": filled(HEAD + THREE + RULES, "[[deals]]\n"),
        # what costs the parser most a byte (tomli keeps each table's name and kind)
        "a million tables": (HEAD + tables)[:size].rpartition("\n")[0] + "\n",
        "inline tables": filled(HEAD + "x = [", "{},", "]\n"),
        "empty lists": filled(HEAD + "x = [", "[],", "]\n"),
        "nesting 100,000 deep": HEAD + "players = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "hex integer of 100,000 digits": HEAD
        + THREE
        + RULES.replace("base = 25", "base = 0x" + "f" * 100_000),
    }


def run(argv: list[str]) -> tuple[float, float, int]:
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tempfile.gettempdir()
    )  # not a checkout's scorepad
    _, status, usage = os.wait4(proc.pid, 0)
    lines = proc.stderr.read().count(b"\n") if proc.stderr else 0
    if proc.stderr:
        proc.stderr.close()
    assert os.waitstatus_to_exitcode(status) in (0, 1), argv
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # the most a session file may hold (storage.files.MAX_FILE_BYTES is 16 MiB), less a line
    parser.add_argument("--size", type=int, default=16 * 2**20 - 100)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:  # in a process of its own: the measuring one stays small (a child's peak
        texts = files(args.size)  # RSS counts what its parent held when it forked)
        for i, text in enumerate(texts.values()):
            (args.write / f"{i}.toml").write_text(text, "utf-8")
        (args.write / "names.json").write_text(json.dumps(list(texts)), "utf-8")
        return
    rows = []
    floor = run([PY, "-c", "pass"])
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([PY, __file__, "--size", str(args.size), "--write", tmp], check=True)
        names = json.loads((Path(tmp) / "names.json").read_text("utf-8"))
        for i, name in enumerate(names):
            path = Path(tmp) / f"{i}.toml"
            cpu, rss, lines = run([PY, "-m", "scorepad", "check", str(path)])
            parse = run(
                [
                    PY,
                    "-c",
                    "import sys, tomli\ntry:\n tomli.loads(open(sys.argv[1], "
                    "'rb').read().decode())\nexcept Exception:\n pass",
                    str(path),
                ]
            )
            rows.append(
                {
                    "file": name,
                    "bytes": path.stat().st_size,
                    "cpu": cpu,
                    "rss": rss,
                    "lines": lines,
                    "parse_cpu": parse[0],
                    "parse_rss": parse[1],
                }
            )
    if args.json:
        print(json.dumps({"floor": {"cpu": floor[0], "rss": floor[1]}, "files": rows}, indent=2))
        return
    print(f"python -c pass: {floor[0]:.2f} s, {floor[1]:.0f} MiB")
    print("| file | MB | check CPU s | peak MiB | error lines | parser alone s | parser MiB |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['file']} | {r['bytes'] / 1e6:.1f} | {r['cpu']:.2f} | {r['rss']:.0f} | "
            f"{r['lines']} | {r['parse_cpu']:.2f} | {r['parse_rss']:.0f} |"
        )


if __name__ == "__main__":
    main()
