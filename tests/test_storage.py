"""Session files: stable layout, version checks, atomic and careful saves."""

from __future__ import annotations

import hashlib
import os

import pytest

from conftest import EXAMPLES
from scorepad import FORMAT_VERSION, __version__, core, storage
from scorepad.errors import ScorepadError
from scorepad.storage import document

GOLDEN = """\
scorepad = 6
variant = "french"
title = "Golden"
date = "2026-11-26"
players = [
    "Anna",
    "Bruno",
    "Chloé",
    "大輔",
]
dealer = "Bruno"

[rules]
profile = "fft"
base = 25
handful_simple = 20
handful_double = 30
handful_triple = 40
petit_au_bout = 10
petit_au_bout_multiplied = true
slam = 200
slam_announced = 400
slam_announced_failed = 200
slam_defence = 200
slam_penalties_add = true
multiplier_petite = 1
multiplier_garde = 2
multiplier_garde_sans = 4
multiplier_garde_contre = 6
rounding = 1
handful_simple_trumps_3 = 13
handful_double_trumps_3 = 15
handful_triple_trumps_3 = 18
handful_simple_trumps_4 = 10
handful_double_trumps_4 = 13
handful_triple_trumps_4 = 15
handful_simple_trumps_5 = 8
handful_double_trumps_5 = 10
handful_triple_trumps_5 = 13
misere = false
misere_value = 10
deals = 0

[[deals]]
dealer = "Bruno"
contract = "garde"
taker = "大輔"
cards = "21 EX KH"
pile = 24
side = "defence"
petit_au_bout = "attack"
note = "counted twice"

[deals.handfuls]
"Chloé" = 10
"""

# what an older scorepad wrote last: the digest of the text above it, a comment
SIGNED_GOLDEN = (f"{GOLDEN}\n# checked by scorepad 0.1.0: sha256 "
                 f"{hashlib.sha256(GOLDEN.encode()).hexdigest()}\n")  # fmt: skip


def golden_session():
    s = core.new_session("french", ["Anna", "Bruno", "Chloé", "大輔"], profile="fft",
                         title="Golden", date="2026-11-26", dealer="bruno")  # fmt: skip
    return core.add_deal(s, {"contract": "guard", "taker": "大", "cards": "ex, k♥ 21",
                             "pile": "24", "side": "defense", "handfuls": ["chl:10"],
                             "petit_au_bout": "attack", "note": "counted twice"})  # fmt: skip


def test_file_layout_is_stable(tmp_path):
    path = tmp_path / "g.toml"
    storage.save_new(path, golden_session())
    assert path.read_text("utf-8") == GOLDEN
    assert storage.load(path) == golden_session()


def test_a_file_an_older_scorepad_signed_reads_as_before_and_a_deal_is_appended_below(tmp_path):
    """The last line an older scorepad wrote (`# checked by scorepad …`) is a comment: the
    file reads as before, and a deal added ends the file (the line, no longer true, goes)."""
    path = tmp_path / "g.toml"
    path.write_text(SIGNED_GOLDEN, "utf-8")
    assert storage.load(path) == golden_session()
    storage.update(path, lambda session: core.add_deal(session, {"contract": "pass"}))
    assert path.read_text("utf-8") == GOLDEN + '\n[[deals]]\ndealer = "Chloé"\ncontract = "pass"\n'
    assert len(storage.load(path).deals) == 2


def test_new_never_overwrites(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text("precious", "utf-8")
    with pytest.raises(ScorepadError, match="already exists"):
        storage.save_new(path, golden_session())
    assert path.read_text("utf-8") == "precious"


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "g.toml"
    storage.save_new(path, golden_session())
    storage.update(path, lambda session: core.add_deal(session, {"contract": "pass"}))
    assert sorted(os.listdir(tmp_path)) == ["g.toml"]
    assert len(storage.load(path).deals) == 2


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "g.toml"
    storage.save_new(path, golden_session())

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(ScorepadError, match="cannot write: No space left on device"):
        storage.update(path, lambda session: core.add_deal(session, {"contract": "pass"}))
    assert path.read_text("utf-8") == GOLDEN
    assert sorted(os.listdir(tmp_path)) == ["g.toml"]


@pytest.mark.parametrize("broken", ["write", "fsync", "link"])
def test_a_new_file_on_a_full_disk_leaves_no_temporary_file(tmp_path, monkeypatch, broken):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, broken, full)
    with pytest.raises(ScorepadError, match="cannot write: No space left on device"):
        storage.save_new(tmp_path / "g.toml", golden_session())
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []


def test_newer_format_is_refused():
    doc = {"scorepad": FORMAT_VERSION + 1, "variant": "french", "players": ["A", "B", "C"]}
    with pytest.raises(ScorepadError, match="newer than this scorepad understands"):
        document.session_from_document(doc)


def test_every_problem_of_a_hand_edited_file_is_reported():
    import tomllib

    doc = tomllib.loads(GOLDEN.replace('taker = "大輔"', 'taker = "Zed"')
                        .replace("slam = 200", "slam = -1")
                        .replace('title = "Golden"', 'title = "Golden"\ncolour = "red"'))
    with pytest.raises(ScorepadError) as err:
        document.session_from_document(doc)
    assert [str(p) for p in err.value.problems] == [
        "unknown key 'colour' (expected scorepad, variant, title, date, players, seats, "
        "dealer, rules, roster, deals, penalties)",
        "rules: slam should be a whole number from 0 to 1000000, not -1",
        "deal 1: taker 'Zed' is not a player (players: Anna, Bruno, Chloé, 大輔)",
    ]


def test_a_version_1_file_is_upgraded_when_read(tmp_path):
    path = tmp_path / "old.toml"
    club = GOLDEN[GOLDEN.index("multiplier_petite"):GOLDEN.index("deals = 0")]
    old = (GOLDEN.replace("scorepad = 6", "scorepad = 1").replace("slam_penalties_add = true\n", "")
           .replace("deals = 0\n", "").replace('date = "2026-11-26"\n', "")
           .replace(club, ""))  # fmt: skip
    path.write_text(old, "utf-8")
    session = storage.load(path)
    assert session.rules["slam_penalties_add"] is True  # what version 1 always did
    assert session.date == ""  # files from before dates keep none
    new = GOLDEN.replace('date = "2026-11-26"\n', "")
    assert storage.dumps(session) == new  # saved in the current format


def test_a_date_must_be_a_real_day(cli):
    path = cli.new("d.toml", "french", ["Anna", "Bruno", "Chloé"], "--date", "2026-11-26")
    assert storage.load(path).date == "2026-11-26"
    assert "Anna" in cli("standings", path).stdout
    assert cli("standings", path).stdout.startswith("French Tarot: ") is False
    for bad in ("2026-02-30", "26-11-2026", "2026-1-5", "٢٠٢٦-١١-٢٦"):
        result = cli("new", cli.folder / "x.toml", "--variant", "french", "--players",
                     "A,B,C", "--date", bad, ok=False)  # fmt: skip
        assert result.exit_code == 1 and "is not a date as YYYY-MM-DD" in result.stderr, bad
    path.write_text(path.read_text("utf-8").replace("2026-11-26", "2026-13-01"), "utf-8")
    assert "date: should be a date as YYYY-MM-DD, not '2026-13-01'" in cli(
        "check", path, ok=False).stderr


def test_slam_penalties_add_is_a_setting(cli):
    raw = ["--contract", "garde", "--taker", "Anna", "--points", "8", "--bouts", "0",
           "--slam", "defence", "--slam-announced"]
    players = ["Anna", "Bruno", "Chloé", "Daisuke"]
    both = cli.new("both.toml", "french", players)
    one = cli.new("one.toml", "french", players, "--set", "slam_penalties_add=false")
    cli("deal", both, *raw)
    cli("deal", one, *raw)
    assert cli.json("history", both)[0]["scores"]["Bruno"] == 146 + 400 + 200
    assert cli.json("history", one)[0]["scores"]["Bruno"] == 146 + 400


def test_an_older_file_is_upgraded_on_save_with_a_note(cli, tmp_path):
    path = tmp_path / "old.toml"
    path.write_bytes((EXAMPLES / "troggu-four-players.toml").read_bytes())
    result = cli("deal", path, "--bid", "tapp", "--tappist", "Anna", "--points", "57")
    assert result.stderr.strip() == (f"note: {path} is now in file format {FORMAT_VERSION} (it "
                                     f"was 1); a scorepad older than {__version__} will ask to "
                                     "be upgraded to open it")  # fmt: skip
    assert path.read_text("utf-8").startswith(f"scorepad = {FORMAT_VERSION}\n")
    again = cli("deal", path, "--bid", "tapp", "--tappist", "Anna", "--points", "58")
    assert again.stderr == ""  # said once


def test_a_rename_over_several_files_notes_each_older_file_upgraded(cli, tmp_path):
    """The format number a file was read in is storage's (a Session has none): a rename of
    several files says which older ones it wrote anew, as a rename of one file does."""
    new = cli.new("new.toml", "troggu", ["Anna", "Bruno", "Chloé", "Daisuke"])
    old = new.parent / "old.toml"
    old.write_bytes((EXAMPLES / "troggu-four-players.toml").read_bytes())
    result = cli("rename", old, new, "Anna", "Anne")
    assert result.stderr.strip() == (f"note: {old} is now in file format {FORMAT_VERSION} (it "
                                     f"was 1); a scorepad older than {__version__} will ask to "
                                     "be upgraded to open it")  # fmt: skip
    assert old.read_text("utf-8").startswith(f"scorepad = {FORMAT_VERSION}\n")
    one = new.parent / "one.toml"
    one.write_bytes((EXAMPLES / "troggu-four-players.toml").read_bytes())
    alone = cli("rename", one, "Anna", "Anne")
    assert alone.stderr.strip() == result.stderr.strip().replace(str(old), str(one))


def test_the_storage_package_is_a_plain_module_exporting_only_its_public_names():
    """No module-class swap to reach the submodules (a test patches the module where a name
    lives), and every name offered is public and documented."""
    import types

    assert type(storage) is types.ModuleType
    assert all(not name.startswith("_") for name in storage.__all__)
    for name in storage.__all__:
        value = getattr(storage, name)
        assert callable(value) is False or value.__doc__, name
    assert not hasattr(storage, "read_deal") and not hasattr(storage, "MAX_FILE_BYTES")


def test_no_private_name_crosses_into_or_out_of_storage():
    """A name used in another module is public: no `from scorepad.storage… import _x`, and
    storage imports no private name of another module."""
    import ast
    from pathlib import Path

    root = Path(storage.__file__).resolve().parent.parent
    crossing = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            into = node.module.startswith("scorepad.storage")
            out = path.is_relative_to(root / "storage") and node.module.startswith("scorepad")
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.endswith("_")
                if private and (into or out):  # `_` (gettext) and dunders are not private
                    crossing.append(f"{path.relative_to(root)}: {node.module}.{alias.name}")
    assert crossing == []
