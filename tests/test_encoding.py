"""No assertion reaches a user: text typed on a terminal that is not set to
UTF-8 ("café" in Latin-1: Python's argv carries the byte as a lone surrogate) is refused
naming its option, exit 1, every file as it was — swept over every command's text options
through the real console script — and an invariant of scorepad's own that fails is one
`error:` line saying it is a bug and nothing was changed, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from scorepad.cli.commands import COMMANDS, load

#: the console script of the Python running the tests (the venv under test, whatever PATH says)
SCOREPAD = str(Path(sys.executable).with_name("scorepad"))

BAD = b"caf\xe9"  # "café" as a Latin-1 terminal sends it
SAID = "caf\\xe9 is not UTF-8 text: type it on a terminal set to UTF-8"
#: options whose value the parser checks against its choices (a usage error, exit 2)
CHOICES = {"--format"}

#: a command line each command parses, its arguments named (a text argument is swept)
BASE: dict[str, list[str | tuple[str, str]]] = {
    "new": ["n.toml", "--variant", "french", "--players", "A,B,C,D"],
    "deal": ["f.toml"],
    "edit": ["f.toml", "1"],
    "join": ["f.toml", ("NAME", "Zoé")],
    "leave": ["f.toml", ("NAME", "Anna")],
    "rename": ["f.toml", ("OLD", "Anna"), ("NEW", "Zoé")],
    "penalty": ["f.toml", ("PLAYER", "Anna"), ("POINTS", "5")],
    "history": ["f.toml"],
    "standings": ["f.toml"],
    "stats": ["f.toml"],
    "settle": ["f.toml"],
    "report": ["f.toml"],
    "count": [("cards", "21"), "--variant", "french"],
    "rules": [("GAME|FILE", "french")],
    "rating": ["f.toml"],
    "tournament new": ["cup2", "--variant", "french", "--players", "A,B,C,D", "--rounds", "1",
                       "--deals", "4"],
    "tournament draw": ["cup"],
    "tournament standings": ["cup"],
    "tournament report": ["cup"],
    "tournament rename": ["cup", ("OLD", "P1"), ("NEW", "Zoé")],
}


def _commands():
    """Every command (a group's by its path) and its text options and arguments."""
    found = []

    def walk(path, command):
        for name, sub in getattr(command, "commands", {}).items():
            walk(f"{path} {name}", sub)
        texts = [p for p in command.params if getattr(p.type, "name", "") in ("text", "str")]
        if not getattr(command, "commands", None):
            found.append((path, texts))

    for name in COMMANDS:
        walk(name, load(name))
    return found


def _named(param):
    if param.param_type_name == "option":
        return max(param.opts, key=len)
    return param.human_readable_name


def _args(command, param, bad):
    """The command line with `param` given `bad` (text, or bytes for argv)."""
    args = [*command.split()]
    named, given = _named(param), False
    for item in BASE[command]:
        if isinstance(item, tuple):
            args.append(bad if item[0] == named else item[1])
            given |= item[0] == named
        elif args[-1] == named and param.param_type_name == "option":
            args.append(bad)  # the option's value in BASE, replaced
            given = True
        else:
            args.append(item)
    return args if given else [*args, named, bad]


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_every_text_option_refuses_bytes_that_are_not_utf8(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "--contract", "pass")
    cli("tournament", "new", "cup", "-v", "french", "--players", "P1,P2,P3,P4", "--rounds", "2",
        "--deals", "4", "--date", "2026-12-05")  # fmt: skip
    cli("tournament", "draw", "cup")
    before = _files(cli.folder)
    swept = [(command, param) for command, params in _commands() for param in params]
    assert {c for c, _p in swept} == set(BASE)  # a new command with text gets a line in BASE
    assert len(swept) > 80
    for command, param in swept:  # in this process: argv's text as Python decodes it
        result = cli(*_args(command, param, os.fsdecode(BAD)), ok=False)
        assert "Traceback" not in result.stderr and not result.stdout, (command, _named(param))
        if _named(param) in CHOICES:  # a usage error of the parser's: not one of the choices
            assert result.exit_code == 2 and result.stderr.startswith(
                f"error: {_named(param)}: unknown table format 'caf\\udce9' (formats: "
            ), result.stderr
            continue
        assert result.exit_code == 1, (command, _named(param), result.stderr)
        assert result.stderr == f"error: {_named(param)}: {SAID}\n", (command, result.stderr)
    # and through the console script, its argv bytes: each command's first text option
    firsts = {}
    for command, param in swept:
        if _named(param) not in CHOICES:
            firsts.setdefault(command, param)
    scorepad = SCOREPAD

    def run(item):
        command, param = item
        argv = [scorepad, *_args(command, param, BAD)]
        return argv, param, subprocess.run(argv, capture_output=True, cwd=cli.folder)

    with ThreadPoolExecutor(4) as pool:
        for argv, param, done in pool.map(run, firsts.items()):
            stderr = done.stderr.decode("utf-8")  # what scorepad prints is UTF-8
            assert done.returncode == 1, (argv, stderr)
            assert stderr == f"error: {_named(param)}: {SAID}\n", (argv, stderr)
            assert not done.stdout, argv
    assert _files(cli.folder) == before  # every file as it was, and none new


def test_the_issue_s_note_and_a_lone_surrogate(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    before = path.read_bytes()
    note = subprocess.run([SCOREPAD, "deal", "f.toml", "--contract", "pass",
                           b"--note", BAD], capture_output=True, cwd=cli.folder)  # fmt: skip
    assert note.returncode == 1
    assert note.stderr.decode() == f"error: --note: {SAID}\n"
    for value in ("caf\udce9", "a\ud800b"):  # a lone surrogate, from argv or not
        result = cli("deal", path, "--contract", "pass", "--note", value, ok=False)
        assert result.exit_code == 1 and "Traceback" not in result.stderr
        assert result.stderr.startswith("error: --note: ")
        assert "is not UTF-8 text" in result.stderr
    assert path.read_bytes() == before


def test_a_file_whose_name_is_not_utf8_is_a_file_like_any(tmp_path):
    name = os.fsencode(tmp_path) + b"/" + BAD + b".toml"
    scorepad = SCOREPAD
    made = subprocess.run([scorepad, "new", name, "--variant", "french", "--players", "A,B,C,D"],
                          capture_output=True)  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert b"caf\\xe9.toml" in made.stdout  # the byte shown, never printed raw
    dealt = subprocess.run([scorepad, "deal", name, "--contract", "pass"], capture_output=True)
    assert dealt.returncode == 0 and b"saved as deal 1" in dealt.stdout


def test_an_invariant_that_fails_is_a_bug_said_in_one_line(cli, monkeypatch):
    from scorepad.storage import document

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "--contract", "pass")
    before = path.read_bytes()
    # the deal's text reads back as another deal
    monkeypatch.setattr(document, "deal_text", lambda fields: '[[deals]]\ncontract = "garde"\n')
    result = cli("deal", path, "--contract", "pass", ok=False)
    assert result.exit_code == 1
    assert result.stderr == (
        "error: a bug in scorepad: the new deal does not survive a save and load; nothing "
        "was changed\n"
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("lang", ["ja"])
def test_the_refusal_in_japanese(cli, lang):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    env = {**os.environ, "SCOREPAD_LANG": lang}
    done = subprocess.run([SCOREPAD, "deal", "f.toml", b"--note", BAD],
                          capture_output=True, cwd=cli.folder, env=env)  # fmt: skip
    said = done.stderr.decode()
    assert done.returncode == 1 and said.startswith("error: --note: caf\\xe9 ")
    assert "UTF-8" in said and "type it" not in said
    assert path.exists()
