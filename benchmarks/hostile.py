"""What one hostile session file of ~10 MB costs: time and peak memory of `scorepad check`.

    python benchmarks/hostile.py [--size 10000000] [--json]

Each file is refused with a few short `error:` lines (tests/test_hostile_files.py checks that
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
    good, bad = DEAL.format("Anna"), DEAL.format("Zed")
    return {
        "valid deals": HEAD + THREE + RULES + good * (size // len(good)),
        "bad deals (taker Zed)": HEAD + THREE + RULES + bad * (size // len(bad)),
        "a million players": HEAD + "players = [" + ",".join(['"p"'] * (size // 4)) + "]\n",
        "one name of 10 MB": HEAD + 'players = ["' + "A" * size + '", "B", "C"]\n',
        "unknown settings": HEAD
        + THREE
        + RULES
        + "".join(f"k{i} = 1\n" for i in range(size // 12)),
        "empty deal tables": HEAD + THREE + RULES + "[[deals]]\n" * (size // 10),
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
    parser.add_argument("--size", type=int, default=10_000_000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write:  # in a process of its own: the measuring one stays small (a child's peak
        from scorepad.storage import signed  # RSS counts what its parent held when it forked)

        texts = files(args.size)
        for name in ("bad deals (taker Zed)", "empty deal tables", "a million players"):
            # a forged signature: what scorepad writes, computed by anybody over bad content
            texts[f"{name}, signed"] = signed(texts[name].encode()).decode()
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
