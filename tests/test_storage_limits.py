"""Hostile session files: each is refused with a few short `error:` lines, whatever it holds.

The files here are ~1 MB so the suite stays fast; benchmarks/hostile.py measures the time and
memory of 10 MB ones (figures in the README).
"""

from __future__ import annotations

import os

import pytest

from scorepad.storage import files

HEAD = 'scorepad = 1\nvariant = "french"\ntitle = "x"\n'
RULES = """[rules]
profile = "seed"
handful_simple = 20
handful_double = 30
handful_triple = 40
petit_au_bout = 10
petit_au_bout_multiplied = false
slam = 200
slam_announced = 400
slam_announced_failed = 400
slam_defence = 200
"""
THREE = 'players = ["Anna", "Bruno", "Chloé"]\ndealer = "Anna"\n'
SIZE = 1_000_000
BASE = "base = 25\n"
BAD_DEAL = '[[deals]]\ndealer = "Anna"\ncontract = "garde"\ntaker = "Zed"\npoints = 50\nbouts = 2\n'

HOSTILE = {
    "a million players": HEAD + "players = [" + ",".join(['"p"'] * (SIZE // 4)) + "]\n",
    "a name of a million characters": HEAD + 'players = ["' + "A" * SIZE + '", "B", "C"]\n',
    "nesting 100,000 deep": HEAD + "players = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "dotted keys 50,000 deep": HEAD + THREE + "[" + ".".join(["a"] * 50_000) + "]\n",
    "an integer of 5,000 digits": HEAD + THREE + RULES + "base = " + "9" * 5000 + "\n",
    "a hex integer of 100,000 digits": HEAD + THREE + RULES + "base = 0x" + "f" * 100_000 + "\n",
    "points 1e-999999999": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace("50", "1e-999999999").replace("Zed", "Anna"),
    "points 1e400": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace("50", "1e400").replace("Zed", "Anna"),
    "15,000 bad deals": HEAD + THREE + RULES + BASE + BAD_DEAL * 15_000,
    "100,000 settings": HEAD + THREE + RULES + BASE
    + "".join(f"k{i} = 1\n" for i in range(100_000)),
    "a list of 100,000 takers": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace('"Zed"', "[" + ", ".join(['"x"'] * 100_000) + "]"),
    "a format version of 4,000 hex digits": "scorepad = 0x" + "f" * 4000 + "\n"
    + HEAD.split("\n", 1)[1] + THREE,
    "a handful of 5,000 digits": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace("Zed", "Anna") + "handfuls = { Anna = " + "9" * 5000 + " }\n",
    "bouts of 5,000 digits": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace("Zed", "Anna").replace("bouts = 2", "bouts = " + "9" * 5000),
    "points of 5,000 digits": HEAD + THREE + RULES + BASE
    + BAD_DEAL.replace("Zed", "Anna").replace("points = 50", "points = " + "9" * 5000),
    "a Piedmont pile of 5,000 digits": 'scorepad = 3\nvariant = "piedmont"\n'
    'players = ["Anna", "Bruno"]\ndealer = "Anna"\n[[deals]]\ndealer = "Anna"\n'
    'cards = "KS"\nplayer = "Anna"\npile = ' + "9" * 5000 + "\n",
    "a Troggu target of 5,000 digits": 'scorepad = 3\nvariant = "troggu"\n'
    'players = ["Anna", "Bruno", "Chloé"]\ndealer = "Anna"\n[rules]\nchips = '
    + "9" * 5000 + "\n",
    "a match target of 5,000 digits": 'scorepad = 3\nvariant = "piedmont"\n'
    'players = ["Anna", "Bruno"]\ndealer = "Anna"\n[rules]\ntarget = ' + "9" * 5000 + "\n",
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_costs_a_few_short_lines(cli, tmp_path, name):
    path = tmp_path / "hostile.toml"
    path.write_text(HOSTILE[name], "utf-8")
    before = path.read_bytes()
    for command in (["check"], ["standings"], ["deal", "--contract", "pass"]):
        result = cli(command[0], path, *command[1:], ok=False)
        assert result.exit_code == 1, (name, command, result.stdout[:500])
        lines = result.stderr.splitlines()
        assert 1 <= len(lines) <= 21, (name, command, len(lines))
        assert all(line.startswith("error: ") and len(line) < 400 for line in lines), (
            name, command, max(lines, key=len)[:500])  # fmt: skip
        assert "\x1b" not in result.stderr
        assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["hostile.toml"]


def test_many_problems_are_cut_short_with_a_count(cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(HOSTILE["15,000 bad deals"], "utf-8")
    lines = cli("check", path, ok=False).stderr.splitlines()
    assert lines[0] == (f"error: {path}: deal 1: taker 'Zed' is not a player "
                        "(players: Anna, Bruno, Chloé)")  # fmt: skip
    assert lines[-1] == f"error: {path}: deal 20: reading stopped here: too many problems " \
        "(fix the ones above first)"
    assert len(lines) == 20


def test_a_file_larger_than_a_session_can_be_is_refused_before_reading(cli, tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.truncate(files.MAX_FILE_BYTES + 1)  # sparse: nothing is really written
    result = cli("standings", path, ok=False)
    assert result.stderr.strip() == (f"error: {path}: is 16 MiB: a session file is at most "
                                     "16 MiB")  # fmt: skip


def test_escape_sequences_in_a_hand_edited_file_reach_no_terminal(cli, tmp_path):
    path = tmp_path / "notes.toml"
    path.write_text(HEAD + THREE.replace("Bruno", "Bru\\u001b[31mno") + RULES + "base = 25\n"
                    + '[[deals]]\ndealer = "Anna"\ncontract = "pass"\nnote = "'
                    + "\\u001b[2J\\u0007" * 50 + '"\n', "utf-8")  # fmt: skip
    for command in (["history"], ["standings"], ["show", "1"], ["check"], ["export", "--to",
                    "markdown"], ["chart"]):  # fmt: skip
        # refused since issue 28 (a name may not hold a control character), and said escaped
        result = cli(command[0], path, *command[1:], ok=False)
        assert result.exit_code == 1, command
        assert "\x1b" not in result.stdout + result.stderr, command
        assert "\x07" not in result.stdout + result.stderr, command
    assert "holds a control character (\\x1b)" in cli("standings", path, ok=False).stderr
