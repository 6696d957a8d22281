"""Write docs/reference.md, the command reference, from every command's own `--help`.

    python docs/make_reference.py           # write docs/reference.md
    python docs/make_reference.py --check   # exit 1 if it differs (tests/test_docs.py does so)

Each command and subcommand is found in its parent's "Commands:" list and its help is taken
from a real `python -m scorepad … --help`, in English, without colour, at 100 columns, so
that the page is the same on every machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "reference.md"
COLUMNS = 100


def help_text(path: list[str]) -> str:
    """`scorepad PATH --help` as printed, trailing spaces dropped."""
    env = {
        **os.environ,
        "COLUMNS": str(COLUMNS),
        "NO_COLOR": "1",
        "TERM": "dumb",
        "SCOREPAD_LANG": "en",
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }
    env.pop("SCOREPAD_FILE", None)
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    run = subprocess.run(
        [sys.executable, "-m", "scorepad", *path, "--help"],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    return "\n".join(line.rstrip() for line in run.stdout.rstrip().splitlines()) + "\n"


def subcommands(text: str) -> list[str]:
    """The names listed under the help's "Commands:" heading, in their order."""
    names, inside = [], False
    for line in text.splitlines():
        if line.strip() == "Commands:":
            inside = True
        elif inside and line and not line.startswith(" "):
            inside = False
        elif inside and (found := re.match(r"  (\S+)(\s{2,}|$)", line)):
            names.append(found[1])
    return names


def reference() -> str:
    """The whole page."""
    parts = [
        "# Command reference",
        "",
        "Every command's `--help`, as scorepad prints it. This page is written by",
        "`python docs/make_reference.py` and a test holds it equal to the commands: do not edit",
        "it by hand (change the help in the code, then run the script). The guide's pages say",
        "more, with transcripts: start from [the index](index.md); what the commands add to",
        "the command-line contract is in [commands.md](commands.md).",
        "",
    ]
    todo: list[list[str]] = [[]]
    while todo:
        path = todo.pop(0)
        text = help_text(path)
        parts += [
            f"## {' '.join(['scorepad', *path])}",
            "",
            "```text",
            text.rstrip("\n"),
            "```",
            "",
        ]
        todo[0:0] = [[*path, name] for name in subcommands(text)]
    return "\n".join(parts).rstrip("\n") + "\n"


def main() -> int:
    text = reference()
    if "--check" in sys.argv[1:]:
        if OUT.read_text("utf-8") != text:
            print("docs/reference.md is stale: run python docs/make_reference.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
