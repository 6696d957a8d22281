"""--help as click has always written it, in the language: the headings (Usage, Arguments,
Options, Commands) translated, and each value's kind in click's usual words (TEXT, INTEGER,
PATH, FILE, DIR) — never an internal type's name (`<ascii_int>`) nor typer's `{FILE}`."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from scorepad.cli.commands import COMMANDS

TOURNAMENT = ["new", "draw", "tables", "standings", "check", "report", "rename"]
EVERY = [[name] for name in COMMANDS if name != "tournament"] + [
    ["tournament", name] for name in TOURNAMENT
]
INTERNAL = re.compile(r"<[a-z_]+>|\{[A-Z.]+\}")


def help_of(words: list[str], lang: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "--lang", lang, *words, "--help"],
        capture_output=True, text=True, timeout=60, env={"COLUMNS": "100", "PATH": ""},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("words", EVERY, ids=" ".join)
def test_every_help_names_kinds_in_clicks_words(words):
    text = help_of(words, "en")
    assert not INTERNAL.findall(text), INTERNAL.findall(text)
    assert text.startswith("Usage: scorepad " + " ".join(words))


def test_the_usual_words():
    assert "--round INTEGER" in help_of(["tournament", "tables"], "en")
    assert "Usage: scorepad tournament tables [OPTIONS] DIR\n" in help_of(
        ["tournament", "tables"], "en")
    assert "--title TEXT" in help_of(["new"], "en")
    assert "-o, --output PATH" in help_of(["export"], "en")
    assert "Usage: scorepad edit [OPTIONS] FILE N\n" in help_of(["edit"], "en")


@pytest.mark.parametrize("words", [[], ["new"], ["tournament"], ["tournament", "tables"],
                                   ["deal"]], ids=" ".join)
def test_japanese_headings(words):
    text = help_of(words, "ja")
    for english in ("Usage:", "Options:", "Commands:", "Arguments:"):
        assert english not in text
    assert text.startswith("使い方: scorepad")
    assert "\nオプション:\n" in text
    if not words or words == ["tournament"]:
        assert "\nコマンド:\n" in text
    else:
        assert "\n引数:\n" in text


def test_a_repeatable_option_says_so_once():
    """`--out NAME … (repeatable)`, never `(repeat; …) (repeatable)`, in every command."""
    import typer

    from scorepad.cli import app

    root = typer.main.get_command(app)
    ctx = root.make_context("scorepad", ["--help"], resilient_parsing=True)
    todo, seen = [root], 0
    while todo:
        command = todo.pop()
        if hasattr(command, "list_commands"):
            todo += [command.get_command(ctx, name) for name in command.list_commands(ctx)]
            continue
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            said = record[1].lower() if record else ""
            # in either language: a family built while Japanese was in use keeps its words
            times = said.count("repeat") + said.count("繰り返し")
            assert times <= 1, record
            seen += times
    assert seen >= 5  # --out, --points, --handful, --set, --late, …
    assert "--out NAME" in help_of(["deal"], "en")
