"""Fuzzers of command lines and session files: whatever is typed or hand-edited, scorepad
either does its work or refuses with `error:` lines; it never shows a traceback, a command
that fails leaves the file byte for byte as it was, and no temporary file stays behind.

Each case is built from its own seed (printed on failure, so one case can be replayed with
SCOREPAD_FUZZ_SEED=N). By default 300 cases and 10 of them as real processes; the CI tier
(`pytest --ci`) 2,000 and 50, the at-size one (`pytest --at-size`) 20,000 and 500;
SCOREPAD_FUZZ=N and SCOREPAD_FUZZ_PROCESSES=N set a size by hand.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import EXAMPLES, sized
from scorepad.cli import app
from scorepad.storage import document, parse

CASES = sized(300, 2000, 20000, env="SCOREPAD_FUZZ")
PROCESSES = sized(10, 50, 500, env="SCOREPAD_FUZZ_PROCESSES")
ONLY = os.environ.get("SCOREPAD_FUZZ_SEED")
SEEDS = [int(ONLY)] if ONLY else range(CASES)
SOURCES = {p.name: p.read_bytes() for p in sorted(EXAMPLES.glob("*.toml"))}

HUGE = [
    "9" * 5000, "0x" + "f" * 5000, "-" + "9" * 400, "1e400", "1e-999999999", "-1", "0", "0.25",
    "nan", "inf", "true", "[]", "{}", '""', '"' + "A" * 100_000 + '"', '"\\u001b[31mred"',
    '"\\u0000"', "[" * 3000 + "]" * 3000, '"Zed"', '"anna"', '"garde"', '"²"', "1979-05-27",
    '[' + ", ".join(['"x"'] * 5000) + ']', "'''\n'''", '"‮evil"',
]
WORDS = [
    "standings", "history", "check", "deal", "edit", "undo", "delete", "export", "count",
    "chart", "variants", "new", "--json", "--by-deal", "--contract", "--taker", "--points",
    "--bouts", "--cards", "--pile", "--side", "--handful", "--petit-au-bout", "--slam",
    "--slam-announced", "--excuse", "--partner", "--alone", "--note", "--dealer", "--bid",
    "--tricks", "--called", "--forced", "--winner", "--to", "-o", "--set", "--continue",
    "--format", "--rules", "--variant", "--players", "--title", "-i", "--no-interactive",
    "garde", "petite", "gs", "gc", "pass", "tapp", "solo", "misere", "attack", "defence",
    "owed", "given", "lost", "Anna", "Bruno", "Chloé", "Daisuke", "Zed", "anna", "an", "2",
    "0", "-1", "91", "91.5", "45.5", "1e400", "²", "٣", "Anna:10", "Anna:²", "Anna=40",
    "21 1 EX KH QS", "EX EX", "KH", "Q♠", "10D", "ZZ", "base=²", "base=--5", "base=10",
    "slam=999999999999", "csv", "json", "markdown", "-", "\x1b[2J", "\x01",
    "é" * 300, "",
    " ", "--", "--help", "999999999999999999999", "1", "3", "latest",
]  # fmt: skip


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three edits of the kinds a hand, a crash or a hostile tester makes."""
    for _ in range(rng.randint(1, 3)):
        lines = data.split(b"\n")
        kind = rng.randrange(11)
        i = rng.randrange(len(lines))
        if kind == 0:  # delete a line
            del lines[i]
        elif kind == 1:  # duplicate a line (a repeated key, a repeated deal header)
            lines.insert(i, lines[i])
        elif kind == 2 and b"=" in lines[i]:  # retype a value
            key = lines[i].split(b"=", 1)[0]
            lines[i] = key + b"= " + rng.choice(HUGE).encode()
        elif kind == 3 and b"=" in lines[i]:  # retype a key
            value = lines[i].split(b"=", 1)[1]
            key = rng.choice([b"taker", b"points", b"bouts", b"scorepad", b"variant", b"zzz",
                              b"players", b"rules", b"contract", b"cards"])  # fmt: skip
            lines[i] = key + b" =" + value
        elif kind == 4:  # truncation, as a full disk might have left it
            return data[: rng.randrange(len(data) + 1)]
        elif kind == 5:  # invalid UTF-8
            j = rng.randrange(len(data) + 1)
            return data[:j] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + data[j:]
        elif kind == 6:
            return b"\xef\xbb\xbf" + data  # a BOM from an editor
        elif kind == 7:
            return data.replace(b"\n", b"\r\n")
        elif kind == 8:  # another version
            version = rng.choice([b"0", b"1", b"3", b"99", b"-1", b'"2"', b"2.0"])
            return b"\n".join(
                b"scorepad = " + version if line.startswith(b"scorepad") else line
                for line in lines
            )
        elif kind == 9:  # a deal that breaks the rules, added at the end
            lines.append(rng.choice([
                b'[[deals]]\ncontract = "garde"\ntaker = "Anna"\npoints = 92\nbouts = 2',
                b'[[deals]]\ncontract = "garde"\ntaker = "Zed"\npoints = 40\nbouts = 4',
                b'[[deals]]\nbid = "tapp"\ntappist = "Anna"\npoints = 99',
                b'[[deals]]\nwinner = "Anna"\npoints = 200',
                b'[[deals]]\ncards = "EX EX 21"',
                b"[[deals]]",
                b"[deals]\nx = 1",
            ]))  # fmt: skip
        else:  # a huge or odd value in a new key
            lines.insert(i, b"zz = " + rng.choice(HUGE).encode())
        data = b"\n".join(lines)
    return data


def _argv(rng: random.Random, path: Path) -> list[str]:
    command = rng.choice(["standings", "history", "check", "deal", "edit", "undo", "delete",
                          "export", "chart", "count"])  # fmt: skip
    argv = [command]
    if command != "count":
        argv.append(str(path))
    if command in ("edit", "delete"):
        argv.append(rng.choice(["1", "2", "0", "-1", "99", "²", "x"]))
    if command == "deal" and rng.random() < 0.5:  # a plausible deal, then noise
        argv += ["--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2"]
    if command == "export":
        argv += ["--to", rng.choice(["csv", "json", "markdown", "x"])]
    argv += [rng.choice(WORDS) for _ in range(rng.randint(0, 6))]
    return argv


def _run_all(cases: list[tuple[int, list[str], Path, bytes]]) -> None:
    """Run every case; report up to ten that fail (one fuzz run shows many bugs at once)."""
    runner = CliRunner()
    failures = []
    for seed, argv, path, before in cases:
        try:
            _run(runner, argv, path, before, seed)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0][:600])
    assert not failures, f"{len(failures)} of {len(cases)} cases failed:\n" + "\n".join(
        failures[:10]
    )


def _run(runner: CliRunner, argv: list[str], path: Path, before: bytes, seed: int) -> None:
    result = runner.invoke(app, argv)
    where = f"seed {seed}: scorepad {argv!r}"
    assert result.exit_code in (0, 1, 2), f"{where} exited {result.exit_code}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{where} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.stdout + result.stderr, where
    for line in result.stderr.splitlines():
        assert len(line) <= 2000, f"{where}: an error line of {len(line)} characters"
    assert result.stderr.count("\n") <= 40, f"{where}: {result.stderr.count(chr(10))} lines"
    if result.exit_code != 0:
        assert (not path.exists() and not before) or path.read_bytes() == before, (
            f"{where} failed ({result.stderr.strip()[:200]}) but changed the file"
        )
    left = sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
    assert not [n for n in left if n.endswith(".tmp")], f"{where} left {left}"


def _example_in_a_folder(tmp_path: Path, seed: int, rng: random.Random) -> tuple[Path, bytes]:
    """Where case `seed` puts one of the examples (its own folder), and the example's bytes."""
    name, source = rng.choice(sorted(SOURCES.items()))
    folder = tmp_path / str(seed)
    folder.mkdir()
    return folder / name, source


@pytest.mark.parametrize("chunk", range(4))
def test_mutated_session_files(tmp_path: Path, chunk: int) -> None:
    cases = []
    for seed in SEEDS:
        if seed % 4 != chunk:
            continue
        rng = random.Random(seed)
        path, source = _example_in_a_folder(tmp_path, seed, rng)
        data = _mutate(source, rng)
        path.write_bytes(data)
        argv = [w for w in _argv(rng, path)[:4] if w != "--help"]
        cases.append((seed, argv, path, data))
    _run_all(cases)


@pytest.mark.parametrize("chunk", range(4))
def test_fuzzed_command_lines(tmp_path: Path, chunk: int) -> None:
    cases = []
    for seed in SEEDS:
        if seed % 4 != chunk:
            continue
        rng = random.Random(10**6 + seed)
        path, source = _example_in_a_folder(tmp_path, seed, rng)
        path.write_bytes(source)
        cases.append((seed, _argv(rng, path), path, source))
    _run_all(cases)


def test_fuzzed_real_processes(tmp_path: Path) -> None:
    """A few cases as real processes: real stdin/stdout, real exit codes, real imports."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "80"}
    for seed in range(PROCESSES):
        rng = random.Random(2 * 10**6 + seed)
        path, source = _example_in_a_folder(tmp_path, seed, rng)
        folder, name = path.parent, path.name
        data = _mutate(source, rng) if seed % 2 else source
        path.write_bytes(data)
        argv = _argv(rng, path)
        result = subprocess.run([sys.executable, "-m", "scorepad", *argv], capture_output=True,
                                stdin=subprocess.DEVNULL, env=env, timeout=60)  # fmt: skip
        where = f"seed {seed}: scorepad {argv!r}"
        assert result.returncode in (0, 1, 2), f"{where} exited {result.returncode}"
        assert b"Traceback" not in result.stdout + result.stderr, (where, result.stderr[-2000:])
        if result.returncode:
            assert path.read_bytes() == data, where
        assert sorted(p.name for p in folder.iterdir()) == [name], where


# Values of the right kind for a deal's fields, in combinations the rules refuse: what a file
# retyped by hand can hold.
WORDS_OF = {
    "contract": ["petite", "garde", "garde-sans", "garde-contre", "pass", "cancelled"],
    "bid": ["tapp", "solo", "misere"], "side": ["attack", "defence", "tappist", "opponents"],
    "petit_au_bout": ["attack", "defence"], "slam": ["attack", "defence"],
    "fool_exchange": ["given", "owed", "lost"],
}  # fmt: skip
NUMBERS_OF = {"points": (0, 114, True), "bouts": (0, 3, False), "pile": (0, 78, False),
              "tricks": (0, 20, False)}  # fmt: skip
NAMES = ["dealer", "taker", "partner", "fool", "fool_winner", "tappist", "player"]
FLAGS = ["alone", "slam_announced", "forced"]
CARDS = ['"21 1 EX"', '"EX"', '"Bättler"', '"KH QH CH JH"', '"21 20 19 1 EX KS KH KD KC"',
         '"1 KS"', '"Matto Angel Bagatto"', '"KS"', '"21"']
KEYS = [*WORDS_OF, *NUMBERS_OF, *NAMES, *FLAGS, "cards", "called"]


def _forged_value(key: str, players: list[str], rng: random.Random) -> str:
    if key in WORDS_OF:
        return f'"{rng.choice(WORDS_OF[key])}"'
    if key in NUMBERS_OF:
        lo, hi, halves = NUMBERS_OF[key]
        value = rng.randint(2 * lo, 2 * hi) / 2 if halves else rng.randint(lo, hi)
        return str(int(value) if value == int(value) else value)
    if key in NAMES:
        return f'"{rng.choice(players)}"'
    if key in FLAGS:
        return rng.choice(["true", "false"])
    return rng.choice(CARDS)


def _forge(session_text: bytes, players: list[str], rng: random.Random) -> bytes:
    """Deal fields retyped with values of their kind."""
    lines = session_text.split(b"\n")
    start = next(i for i, line in enumerate(lines) if line == b"[[deals]]")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(start, len(lines))
        key = lines[i].split(b" = ", 1)[0].decode("utf-8", "replace")
        kind = rng.random()
        if key in KEYS and kind < 0.7:
            lines[i] = f"{key} = {_forged_value(key, players, rng)}".encode()
        elif key in KEYS and kind < 0.8:
            del lines[i]
        elif lines[i] and not lines[i].startswith(b"["):  # a field the deal did not have
            new = rng.choice(KEYS)
            if not any(line.startswith(new.encode() + b" = ") for line in lines[i - 8:i + 8]):
                lines.insert(i + 1, f"{new} = {_forged_value(new, players, rng)}".encode())
    return b"\n".join(lines)


@pytest.mark.parametrize("chunk", range(2))
def test_deals_retyped_by_hand_cannot_crash_scorepad(tmp_path: Path, chunk: int) -> None:
    """Deal fields given values of their kind in combinations the rules refuse: every command
    still either works or says `error:`."""
    from scorepad import storage

    cases = []
    for seed in SEEDS:
        if seed % 2 != chunk:
            continue
        rng = random.Random(3 * 10**6 + seed)
        path, source = _example_in_a_folder(tmp_path, seed, rng)
        session = document.session_from_document(parse.parse_document(source, path))
        data = _forge(storage.dumps(session).encode("utf-8"), list(session.players), rng)
        path.write_bytes(data)
        command = rng.choice([["standings"], ["history"], ["show"], ["export", "--to", "csv"],
                              ["export", "--to", "json"], ["chart"], ["check"], ["undo"],
                              ["show", "1"], ["standings", "--by-deal"],
                              ["deal", "--contract", "garde", "--taker", "Anna", "--points",
                               "50", "--bouts", "2"]])  # fmt: skip
        cases.append((seed, [command[0], str(path), *command[1:]], path, data))
    _run_all(cases)
