"""Every command on every shipped example, in English and in Japanese, and the JSON forms:
no traceback, exit 0, and output that parses as what it claims to be (JSON, CSV, markdown,
HTML). A command that crashes on a file the project ships is the first thing a new user
meets; this is the net under all of them."""

from __future__ import annotations

import csv
import io
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import EXAMPLES, Cli
from scorepad import i18n

FILES = sorted(EXAMPLES.glob("*.toml"))
LANGUAGES = ("en", "ja")


def _json(text: str) -> None:
    json.loads(text)


def _csv(text: str) -> None:
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert len(rows) >= 2 and len({len(r) for r in rows}) == 1, text[:300]


def _markdown(text: str) -> None:
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) >= 3 and len({line.count("|") for line in table}) == 1, text[:300]


def _html(text: str) -> None:
    parser = HTMLParser()
    parser.feed(text)
    parser.close()
    assert text.lstrip().lower().startswith("<!doctype html") and "</html>" in text


def _text(text: str) -> None:
    assert text.strip()


def _first_player(path: Path) -> str:
    from scorepad import storage

    return storage.load(path).players[0]


def _commands(path: Path) -> list[tuple[list[str], object]]:
    """(arguments after the file, how the output is checked), for one example file."""
    piedmont = path.name.startswith("piedmont")
    deals = path.read_text("utf-8").count("[[deals]]")
    commands: list[tuple[list[str], object]] = [
        (["check"], _text),
        (["history"], _text), (["history", "--json"], _json),
        (["history", "--format", "github"], _markdown),
        (["standings"], _text), (["standings", "--json"], _json),
        (["settle"], _text), (["settle", "--json"], _json),
        (["settle", "--rate", "0.05", "--currency", "€"], _text),
        (["settle", "--rate", "0.05", "--json"], _json),
        (["report"], _html), (["report", "--rate", "0.05", "--currency", "€"], _html),
        (["chart"], _text),
        (["export", "--to", "csv"], _csv), (["export", "--to", "csv", "--excel"], _csv),
        (["export", "--to", "json"], _json), (["export", "--to", "markdown"], _markdown),
        (["show"], _text), (["show", "--json"], _json),
        (["show", "1"], _text), (["show", str(deals)], _text),
        (["show", str(deals), "--json"], _json),
        (["stats"], _text), (["stats", "--json"], _json),
        (["stats", "--player", _first_player(path)], _text),
        (["stats", "--player", _first_player(path), "--json"], _json),
    ]
    if piedmont:
        commands += [(["settle", "--per-game"], _text), (["settle", "--per-game", "--json"], _json),
                     (["settle", "--per-game", "--rate", "1", "--currency", "€"], _text)]
    return commands


def _valid_commands(path: Path) -> list[list[str]]:
    return [args for args, _check in _commands(path)]


CASES = [(lang, f, args, check) for lang in LANGUAGES for f in FILES
         for args, check in _commands(f)]  # fmt: skip


@pytest.fixture
def language(request):
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def _run(cli: Cli, *args: object) -> str:
    result = cli(*args, ok=False)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"scorepad {' '.join(map(str, args))}: {result.exception!r}"
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code == 0, f"scorepad {' '.join(map(str, args))}: {result.stderr}"
    return result.stdout


@pytest.mark.parametrize(("language", "path", "args", "check"), CASES, indirect=["language"],
                         ids=[f"{lang}-{f.stem}-{'_'.join(a)}" for lang, f, a, _c in CASES])
def test_every_command_on_every_example(cli, language, path, args, check):
    before = path.read_bytes()
    check(_run(cli, args[0], path, *args[1:]))
    assert path.read_bytes() == before


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_commands_that_change_a_file_on_a_copy_of_every_example(cli, tmp_path, language,
                                                                    path):  # fmt: skip
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    deals = len(json.loads(_run(cli, "history", copy, "--json")))
    _run(cli, "undo", copy)
    _run(cli, "delete", copy, "1")
    assert len(json.loads(_run(cli, "history", copy, "--json"))) == deals - 2
    _run(cli, "play", copy)  # no terminal and nothing typed: the evening ends at once
    out = tmp_path / "out.html"
    _run(cli, "report", copy, "-o", out)
    _html(out.read_text("utf-8"))


def test_every_command_is_covered():
    """A new command joins the list above (or is listed here as one that takes no file)."""
    from scorepad.cli import app

    commands = {c.name or c.callback.__name__ for c in app.registered_commands}
    covered = {args[0] for f in FILES for args in _valid_commands(f)}
    covered |= {"undo", "delete", "play"}  # on a copy, above
    takes_no_example = {"new", "deal", "edit", "count", "variants"}  # tested elsewhere
    assert commands - covered - takes_no_example == set()
