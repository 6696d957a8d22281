"""The docs' transcripts, run as they are written, so that no page goes stale.

Every page is README.md and each .md under docs/ (docs/ja/ too). Every ```console block whose
lines start with `$ ` is a transcript: its commands run in order in one folder per page (a
copy of examples/ in it, as in the repository), each one's output compared with the lines
that follow it. The last command of a block after `<!-- answers: [...] -->` is typed on a real
terminal, those answers one by one (its output holds what the terminal echoes). `cat FILE` of
a file not there yet writes it: a page shows a file that way.

When the output changes on purpose, regenerate the pages' transcripts instead of editing
them by hand, and read the diff:

    SCOREPAD_DOCS_REGENERATE=1 pytest -q tests/test_docs.py
    git diff README.md CONTRIBUTING.md docs/

The command reference, docs/reference.md, is written from every command's `--help` by
`python docs/make_reference.py` (which the same variable runs too); a test holds it equal to
the commands.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests_helpers import on_a_terminal

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]
REGENERATE = os.environ.get("SCOREPAD_DOCS_REGENERATE") == "1"


@dataclass
class Step:
    command: str
    expected: str
    line: int  # 0-based index of the `$ ` line
    end: int  # 0-based index past the step's output


@dataclass
class Block:
    line: int  # 1-based line of the block's first line
    answers: list[str] | None
    steps: list[Step]


def transcripts(page: Path) -> list[Block]:
    """Every transcript block of a page."""
    lines = page.read_text("utf-8").splitlines()
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
        if start < i and lines[start].startswith("$ "):
            steps: list[Step] = []
            for k in range(start, i):
                if lines[k].startswith("$ "):
                    steps.append(Step(lines[k][2:], "", k, k + 1))
                else:
                    steps[-1].expected += lines[k] + "\n"
                    steps[-1].end = k + 1
            blocks.append(Block(start + 1, answers, steps))
    return blocks


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_the_docs_have_transcripts_of_every_game_and_of_play():
    commands = [s.command for page in PAGES for b in transcripts(page) for s in b.steps]
    for wanted in ("--variant french", "--variant troggu", "--variant piedmont",
                   "scorepad play", "scorepad deal guided.toml", "scorepad chart",
                   "scorepad tournament draw", "scorepad stats", "SCOREPAD_LANG=ja"):
        assert any(wanted in c for c in commands), wanted


def test_the_readme_holds_a_transcript_and_a_play_screen():
    blocks = transcripts(README)
    assert any(b.answers is not None and "scorepad play" in b.steps[-1].command
               for b in blocks)
    assert any(b.answers is None for b in blocks)


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_transcript_prints_what_it_shows(page, tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = {**os.environ, "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("COLUMNS", None)
    env.pop("SCOREPAD_FILE", None)
    env.pop("SCOREPAD_LANG", None)
    found: list[tuple[Step, str]] = []
    for block in transcripts(page):
        for k, step in enumerate(block.steps):
            shown = re.fullmatch(r"cat (\S+)", step.command)
            if shown and not (tmp_path / shown[1]).exists():
                (tmp_path / shown[1]).write_text(step.expected, "utf-8")
            if block.answers is not None and k == len(block.steps) - 1:  # typed, on a terminal
                args = step.command.split()[1:]
                old = os.getcwd()
                os.chdir(tmp_path)
                try:
                    out, _ = on_a_terminal(args, [a.encode() + b"\r" for a in block.answers],
                                           env={"NO_COLOR": "1"}, columns=200)
                finally:
                    os.chdir(old)
                out = out.replace("\r\n", "\n")
            else:
                run = subprocess.run(step.command, shell=True, cwd=tmp_path, env=env,
                                     text=True, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
                out = run.stdout
            if REGENERATE:
                found.append((step, out))
                continue
            assert _lines(out) == _lines(step.expected), (
                f"{_name(page)} line {step.line + 1}: $ {step.command} (if the change is meant:"
                " SCOREPAD_DOCS_REGENERATE=1 pytest tests/test_docs.py)")
    if REGENERATE:
        _rewrite(page, found)


def _rewrite(page: Path, found: list[tuple[Step, str]]) -> None:
    """Write each step's output as printed into the page, keeping its blank separator line."""
    lines = page.read_text("utf-8").splitlines()
    for step, out in reversed(found):
        old = lines[step.line + 1:step.end]
        new = out.rstrip("\n").splitlines() if out.strip() else []  # as printed
        if old and old[-1].strip() == "":
            new.append("")
        lines[step.line + 1:step.end] = new
    page.write_text("\n".join(lines) + "\n", "utf-8")


def _lines(text: str) -> list[str]:
    """Lines as a reader compares them: trailing spaces aside."""
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_the_pages_link_nowhere_outside_the_repository(page):
    text = page.read_text("utf-8")
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert not target.startswith(("http", "/")), target
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), target
        assert path.exists(), f"{_name(page)}: {target}"
    assert "../shared" not in text


def test_every_page_of_the_docs_is_linked_from_the_readme_or_the_index():
    linked = set()
    for page in (README, DOCS / "index.md"):
        for target in re.findall(r"\]\(([^)]+)\)", page.read_text("utf-8")):
            linked.add((page.parent / target.split("#")[0]).resolve())
    for page in DOCS.rglob("*.md"):
        assert page.resolve() in linked or page == DOCS / "index.md", _name(page)


def test_the_readme_is_short():
    assert len(README.read_text("utf-8").splitlines()) <= 200


def test_the_readme_gives_the_commands_ci_runs():
    """.ci/run runs the README's two commands: they must be there, word for word."""
    readme = README.read_text("utf-8")
    for command in ("pip install --quiet . && scorepad standings examples/french-club-evening.toml",
                    "pip install --quiet '.[test]' && pytest"):
        assert command.replace("--quiet ", "") in readme, command
        ci = ROOT / ".ci" / "run"
        if ci.exists():  # an sdist has no .ci/
            assert command in ci.read_text("utf-8"), command


def test_the_command_reference_is_every_commands_help():
    spec = importlib.util.spec_from_file_location("make_reference", DOCS / "make_reference.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if REGENERATE:
        (DOCS / "reference.md").write_text(module.reference(), "utf-8")
    written = (DOCS / "reference.md").read_text("utf-8")
    assert written == module.reference(), (
        "docs/reference.md differs from the commands' --help: run python docs/make_reference.py"
        " and commit docs/reference.md")
