"""The README's transcripts, run as they are written, so the README never goes stale.

Every ```console block whose lines start with `$ ` is a transcript: its commands run in
order in one folder (a copy of examples/ in it, as in the repository), each one's output
compared with the lines that follow it. The last command of a block after
`<!-- answers: [...] -->` is typed on a real terminal, those answers one by one (its output
holds what the terminal echoes). `cat FILE` of a file not there yet writes it: the README
shows a file that way.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests_helpers import on_a_terminal

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def transcripts() -> list[tuple[int, list[str] | None, list[tuple[str, str]]]]:
    """(line, answers, [(command, expected output)]) for every transcript block."""
    lines = README.read_text("utf-8").splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        before = lines[i - 1] if i else ""
        found = re.fullmatch(r"<!-- answers: (.*) -->", before.strip())
        answers = json.loads(found[1]) if found else None
        start, i = i + 1, i + 1
        while lines[i].strip() != "```":
            i += 1
        body = lines[start:i]
        if body and body[0].startswith("$ "):
            steps: list[tuple[str, str]] = []
            for line in body:
                if line.startswith("$ "):
                    steps.append((line[2:], ""))
                else:
                    command, out = steps[-1]
                    steps[-1] = (command, out + line + "\n")
            blocks.append((start, answers, steps))
    return blocks


def test_the_readme_has_transcripts_of_every_game_and_of_play():
    commands = [c for _, _, steps in transcripts() for c, _ in steps]
    for wanted in ("--variant french", "--variant troggu", "--variant piedmont",
                   "scorepad play", "scorepad deal guided.toml", "scorepad chart"):
        assert any(wanted in c for c in commands), wanted


def test_every_readme_transcript_prints_what_it_shows(tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = {**os.environ, "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("COLUMNS", None)
    env.pop("SCOREPAD_FILE", None)
    for line, answers, steps in transcripts():
        for k, (command, expected) in enumerate(steps):
            shown = re.fullmatch(r"cat (\S+)", command)
            if shown and not (tmp_path / shown[1]).exists():
                (tmp_path / shown[1]).write_text(expected, "utf-8")
            if answers is not None and k == len(steps) - 1:  # on a terminal, typed
                args = command.split()[1:]
                old = os.getcwd()
                os.chdir(tmp_path)
                try:
                    out, _ = on_a_terminal(args, [a.encode() + b"\r" for a in answers],
                                           env={"NO_COLOR": "1"}, columns=200)
                finally:
                    os.chdir(old)
                out = out.replace("\r\n", "\n")
            else:
                run = subprocess.run(command, shell=True, cwd=tmp_path, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                out = run.stdout
            assert _lines(out) == _lines(expected), f"README line {line}: $ {command}"


def _lines(text: str) -> list[str]:
    """Lines as a reader compares them: trailing spaces aside."""
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


def test_the_readme_links_nowhere_outside_the_repository():
    text = README.read_text("utf-8")
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert not target.startswith(("http", "..", "/")), target
        assert (ROOT / target.split("#")[0]).exists(), target
    assert "../shared" not in text
