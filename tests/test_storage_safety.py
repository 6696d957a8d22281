"""Nothing written outside the folder, nothing changed by reading: saves and changes of
several files against planted symlinks, crafted journals, kills at each step and files
scorepad could read at an `-o` path. Real processes (the `scorepad` console script) in a
temporary folder with an "outside" folder beside it, checked byte for byte."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorepad.cli import app

SCOREPAD = str(Path(sys.executable).parent / "scorepad")
PLAYERS = "Anna,Bruno,Chloé,Daisuke"
CUP = "A1,A2,A3,A4,A5,A6,A7,A8,A9,B1,B2,B3"
AGAIN = ("--again", "--seed", "3", "--withdraw", "A1", "--withdraw", "A2", "--withdraw", "A3",
         "--withdraw", "A4")  # fmt: skip
JOURNAL = ".scorepad-files.journal"

#: runs scorepad (argv after the number), SIGKILLed at the k-th call of os.replace, os.link
#: or os.rename: the moment of each rename and link of a save, with no hook in the package
KILLED_AT = """
import os, signal, sys
k, calls = int(sys.argv[1]), [0]
def killing(call):
    def at(*args, **kwargs):
        calls[0] += 1
        if calls[0] == k:
            os.kill(os.getpid(), signal.SIGKILL)
        return call(*args, **kwargs)
    return at
for name in ("replace", "link", "rename"):
    setattr(os, name, killing(getattr(os, name)))
sys.argv = ["scorepad", *sys.argv[2:]]
from scorepad.__main__ import main
main()
"""

READING = [
    ("show", "{F}"), ("history", "{F}"), ("standings", "{F}"), ("check", "{F}"),
    ("stats", "{F}"), ("chart", "{F}"), ("export", "{F}", "--to", "csv"), ("settle", "{F}"),
    ("report", "{F}", "-o", "{O}"),
]  # fmt: skip
READING_CUP = [
    ("tournament", "tables", "{D}"), ("tournament", "standings", "{D}"),
    ("tournament", "check", "{D}"), ("tournament", "report", "{D}", "-o", "{O}"),
]  # fmt: skip


def scorepad(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCOREPAD, *map(str, args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, cwd=cwd)  # fmt: skip


def killed_at(k: int, *args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", KILLED_AT, str(k), *map(str, args)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60,
                          cwd=cwd)  # fmt: skip


def ok(*args: object) -> str:
    done = scorepad(*args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def made(*args: object) -> str:
    """A command run in this process: what a test sets up or looks at, not what it checks."""
    done = CliRunner().invoke(app, [str(a) for a in args])
    assert done.exit_code == 0, (args, done.stdout, done.stderr, done.exception)
    return done.stdout


def snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every name under `root` (hidden ones too), with its type, mode and bytes (a symlink:
    its target): what a command that changes nothing leaves as it was."""
    found: dict[str, tuple[object, ...]] = {}
    for folder, dirs, names in os.walk(root):
        for name in dirs + names:
            path = Path(folder) / name
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                found[str(path.relative_to(root))] = ("link", os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                found[str(path.relative_to(root))] = ("file", st.st_mode, path.read_bytes())
            else:
                found[str(path.relative_to(root))] = ("other", st.st_mode)
    return found


def shown(tree: dict[str, tuple[object, ...]]) -> dict[str, tuple[object, ...]]:
    """A snapshot without the hidden new files a kill may leave (`.NAME.RANDOM.tmp`): no
    command ever reads one."""
    return {k: v for k, v in tree.items() if not Path(k).name.endswith(".tmp")}


@pytest.fixture
def room(tmp_path: Path) -> Path:
    """`club/` (where scorepad is told to work) beside `elsewhere/` (outside it), holding
    victim.txt and victim.toml."""
    (tmp_path / "club").mkdir()
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "victim.txt").write_bytes(b"keep me\n")
    (outside / "victim.toml").write_bytes(b"title = 'keep me too'\n")
    (tmp_path / "out").mkdir()  # where the reading commands' -o go
    return tmp_path


def session(path: Path, deals: int = 1) -> Path:
    made("new", path, "--variant", "french", "--players", PLAYERS, "--date", "2026-12-05")
    for _ in range(deals):
        made("deal", path, "-c", "garde", "-t", "Anna", "-p", "50", "-b", "2")
    return path


def cup(folder: Path, *, deals: int = 4) -> Path:
    made("tournament", "new", folder, "--variant", "french", "--players", CUP, "--rounds", "3",
       "--deals", deals, "--date", "2026-12-05")  # fmt: skip
    made("tournament", "draw", folder)
    return folder


def finish_round(folder: Path, n: int) -> None:
    """Every table of round n gets its deals (the dealer takes a garde each time)."""
    tables = json.loads(made("tournament", "tables", folder, "--round", n, "--json"))["tables"]
    for table in tables:
        for _ in range(table["deals"]):
            made("deal", folder / table["file"], "-c", "garde", "-t", table["players"][1], "-p",
               "50", "-b", "2")  # fmt: skip


# -- 1. no write outside the folder ------------------------------------------------------------


def test_a_symlink_planted_at_a_temporary_name_is_never_followed(room: Path) -> None:
    """The names saves used (`.NAME.tmp`, `.NAME.txn-tmp`, `.NAME.txn-old`, the journals'):
    each a symlink to a file outside; new, deal, report -o, tournament draw, draw --again and
    rename write none of them, and no session becomes a symlink."""
    club, outside = room / "club", room / "elsewhere"
    target = "../elsewhere/victim.txt"
    names = ["fri.toml", "sat.toml", "sheet.html", "tournament.toml", JOURNAL,
             ".tournament.toml.journal"]  # fmt: skip
    for name in names:
        for what in ("tmp", "txn-tmp", "txn-old"):
            (club / f".{name}.{what}").symlink_to(target)
    kept = snapshot(outside)

    def run(*args: object) -> None:
        ok(*args)
        assert snapshot(outside) == kept, args

    run("new", club / "fri.toml", "--variant", "french", "--players", PLAYERS)
    run("deal", club / "fri.toml", "-c", "garde", "-t", "Anna", "-p", "50", "-b", "2")
    session(club / "sat.toml")
    run("report", club / "fri.toml", "-o", club / "sheet.html")
    run("rename", club / "fri.toml", club / "sat.toml", "Anna", "Annette")
    cup(club)  # the tournament file is club/tournament.toml
    for table in (club / "round-1").glob("table-*.toml"):
        for what in ("tmp", "txn-tmp", "txn-old"):
            (table.parent / f".{table.name}.{what}").symlink_to("../" + target)
    run("tournament", "draw", club, *AGAIN)
    run("tournament", "rename", club, "B1", "Zed")
    for path in [club / "fri.toml", club / "sat.toml", club / "tournament.toml",
                 *(club / "round-1").glob("table-*.toml")]:  # fmt: skip
        assert path.is_file() and not path.is_symlink(), path
    assert "Annette" in (club / "sat.toml").read_text(encoding="utf-8")


def test_a_new_file_is_created_beside_its_target_under_a_name_nobody_planted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The random name is created with O_EXCL: a symlink already at it is passed over."""
    from scorepad.storage import files

    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    draws = iter([b"\0" * 6, b"\1" * 6])
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    planted = tmp_path / (".fri.toml." + "00" * 6 + ".tmp")
    planted.symlink_to(victim)
    (tmp_path / "fri.toml").write_bytes(b"old")
    os.chmod(tmp_path / "fri.toml", 0o640)
    files.replace(tmp_path / "fri.toml", [b"new"], 0o640)
    assert victim.read_bytes() == b"keep me" and planted.is_symlink()
    assert (tmp_path / "fri.toml").read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(tmp_path / "fri.toml").st_mode) == 0o640  # the file's mode
    assert sorted(p.name for p in tmp_path.iterdir()) == [planted.name, "fri.toml", "victim.txt"]


def test_a_link_the_user_made_is_followed_once_and_stays_a_link(room: Path) -> None:
    club, outside = room / "club", room / "elsewhere"
    real = session(outside / "fri.toml", deals=0)
    (club / "fri.toml").symlink_to(real)
    before = snapshot(club)
    ok("deal", club / "fri.toml", "-c", "garde", "-t", "Anna", "-p", "50", "-b", "2")
    assert snapshot(club) == before  # the temporary file went beside the target
    assert (club / "fri.toml").is_symlink() and b"garde" in real.read_bytes()
    assert sorted(p.name for p in outside.iterdir()) == ["fri.toml", "victim.toml", "victim.txt"]


@pytest.mark.parametrize("what", ["round folder", "table file"])
def test_a_symlink_out_of_a_tournament_is_refused_not_a_traceback(room: Path, what: str) -> None:
    club, outside = room / "club", room / "elsewhere"
    folder = cup(club / "cup")
    if what == "round folder":
        shutil.move(folder / "round-1", outside / "round-1")
        (folder / "round-1").symlink_to(outside / "round-1")
    else:
        shutil.move(folder / "round-1" / "table-1.toml", outside / "table-1.toml")
        (folder / "round-1" / "table-1.toml").symlink_to(outside / "table-1.toml")
    before = snapshot(room)
    table_1 = json.loads(made("tournament", "tables", folder, "--json"))["tables"][0]["players"]
    for args in (("tournament", "draw", folder, *AGAIN),
                 ("tournament", "rename", folder, table_1[0], "Zed"),
                 ("deal", folder / "round-1" / "table-1.toml", "-c", "pass")):  # fmt: skip
        done = scorepad(*args)
        assert done.returncode == 1, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.startswith("error: "), done.stderr
        assert "leads outside" in done.stderr or "never overwrites" in done.stderr, done.stderr
        assert snapshot(room) == before


# -- 2. reading never changes anything ---------------------------------------------------------


def _journal(folder: Path, entries: object, version: int = 2) -> Path:
    journal = folder / JOURNAL
    journal.write_text(json.dumps({"scorepad-journal": version, "entries": entries}))
    return journal


def _sha(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _reads_change_nothing(
    root: Path, file: Path, *, exit: int | None = None, commands: tuple[str, ...] = ()
) -> list[str]:
    """Every reading command on `file` (or those named in `commands`): nothing under `root`
    changed (the -o output goes to a folder of its own); their stderr."""
    out = root / "out"
    said = []
    for args in (a for a in READING if not commands or a[0] in commands):
        before = snapshot(root)
        done = scorepad(*(a.format(F=file, O=out / "sheet.html") for a in args))
        (out / "sheet.html").unlink(missing_ok=True)
        assert snapshot(root) == before, args
        assert "Traceback" not in done.stderr, done.stderr
        if exit is not None:
            assert done.returncode == exit, (args, done.stderr)
        said.append(done.stderr)
    return said


def test_a_journal_never_makes_a_reading_command_delete(room: Path) -> None:
    """The journals of the hostile probe (old and new format, symlinks on the way): every
    reading command leaves every file where it is, inside the folder and outside."""
    club, outside = room / "club", room / "elsewhere"
    fri, sat = session(club / "fri.toml"), session(club / "sat.toml")
    (club / "notes.txt").write_bytes(b"notes")
    (club / "sub").symlink_to(outside)
    digests = {p: _sha(p.read_bytes()) for p in (fri, sat, club / "notes.txt")}
    old = {"path": "sat.toml", "old": None, "new": digests[sat]}  # the first format's entry
    for entries, version, commands in (
        ([old, {"path": "notes.txt", "old": None, "new": digests[club / "notes.txt"]}], 1,
         READING),
        ([{"path": "sub/victim.txt", "old": None, "new": _sha(b"keep me\n")}], 1, ("show",)),
        ([{"file": "sub/victim.txt", "old": _sha(b"keep me\n"), "new": None, "temp": None}], 2,
         ("show",)),
        ([{"file": "../elsewhere/victim.txt", "old": _sha(b"keep me\n"), "new": None,
           "temp": None}], 2, ("check",)),
        ([{"file": "notes.txt", "old": digests[club / "notes.txt"], "new": None,
           "temp": None, "more": 1}], 2, ("history",)),
        ("nonsense", 2, ("history",)),
    ):  # fmt: skip
        _journal(club, entries, version)
        said = _reads_change_nothing(room, fri, exit=0, commands=tuple(c[0] for c in commands))
        assert not any(said), said
        refused = scorepad("recover", club)
        assert refused.returncode == 1 and "is not a journal scorepad wrote" in refused.stderr
        assert (outside / "victim.txt").read_bytes() == b"keep me\n"
    (club / JOURNAL).unlink()
    (club / JOURNAL).symlink_to(outside / "victim.txt")  # a journal that is a symlink
    _reads_change_nothing(room, fri, exit=0, commands=("check",))
    assert scorepad("recover", club).returncode == 1
    assert (outside / "victim.txt").read_bytes() == b"keep me\n"


def test_a_tournament_journal_never_makes_a_reading_command_delete(room: Path) -> None:
    folder = cup(room / "club" / "cup")
    digest = _sha((folder / "tournament.toml").read_bytes())
    for name, doc in (
        (".tournament.toml.journal", {"scorepad-journal": 1, "entries": [
            {"path": "tournament.toml", "old": None, "new": digest},
            {"path": "round-1/table-1.toml", "old": None,
             "new": _sha((folder / "round-1/table-1.toml").read_bytes())}]}),
        (JOURNAL, {"scorepad-journal": 2, "entries": [
            {"file": "../../elsewhere/victim.txt", "old": _sha(b"keep me\n"), "new": None,
             "temp": None}]}),
    ):  # fmt: skip
        (folder / name).write_text(json.dumps(doc))
        for args in READING_CUP:
            before = snapshot(room)
            done = scorepad(*(a.format(D=folder, O=room / "sheet.html") for a in args))
            (room / "sheet.html").unlink(missing_ok=True)
            assert "Traceback" not in done.stderr
            assert snapshot(room) == before, (name, args, done.stderr)
        (folder / name).unlink()


def _cut_short_rename(room: Path) -> tuple[Path, Path, Path, dict[str, tuple[object, ...]]]:
    """A rename over fri.toml and sat.toml killed between its two renames (the journal
    written, fri.toml new, sat.toml old); sun.toml beside them, untouched."""
    club = room / "club"
    fri, sat, sun = (session(club / f"{d}.toml") for d in ("fri", "sat", "sun"))
    killed = killed_at(3, "rename", fri, sat, "Anna", "Annette")  # journal, fri: killed at sat
    assert killed.returncode == -9, killed.stderr
    assert (club / JOURNAL).exists() and b"Annette" in fri.read_bytes()
    assert b"Annette" not in sat.read_bytes()
    return fri, sat, sun, snapshot(room)


def test_after_a_cut_short_change_reading_refuses_its_files_and_changes_nothing(
    room: Path,
) -> None:
    fri, sat, sun, left = _cut_short_rename(room)
    for file, commands in ((fri, ()), (sat, ("show", "standings"))):  # new and old: both refused
        for said in _reads_change_nothing(room, file, exit=1, commands=commands):
            assert f"error: {file}: is part of a change of several files that was cut " in said
            assert "run 'scorepad recover club' to finish it" in said
    assert not any(_reads_change_nothing(room, sun, exit=0, commands=("show", "standings")))
    both = scorepad("standings", sun, fri)
    assert both.returncode == 1 and f"{fri}: is part of a change" in both.stderr
    for args in (("deal", sat, "-c", "pass"), ("rename", fri, "Bruno", "Bob"),
                 ("rename", sun, sat, "Bruno", "Bob")):  # fmt: skip
        refused = scorepad(*args)  # a writing command neither finishes it nor writes
        assert refused.returncode == 1 and "scorepad recover" in refused.stderr, refused.stderr
    assert snapshot(room) == left
    done = scorepad("recover", room / "club")
    assert done.returncode == 0, done.stderr
    assert "finished the change cut short (2 files: fri.toml, sat.toml)" in done.stdout
    assert b"Annette" in fri.read_bytes() and b"Annette" in sat.read_bytes()
    assert not (room / "club" / JOURNAL).exists()
    assert not [p for p in (room / "club").iterdir() if p.name.startswith(".")]
    assert "nothing to recover" in ok("recover", room / "club")
    made("standings", fri, sat, sun)


def test_recover_refuses_a_journal_that_does_not_match_the_files(room: Path) -> None:
    _fri, sat, _sun, _left = _cut_short_rename(room)
    sat.write_bytes(sat.read_bytes() + b"# edited by hand\n")  # neither old nor new now
    before = snapshot(room)
    refused = scorepad("recover", room / "club")
    assert refused.returncode == 1
    assert f"error: {sat}: is neither as it was nor as it was to be" in refused.stderr
    assert "remove the journal to keep them as they are" in refused.stderr
    assert snapshot(room) == before
    journal = json.loads((room / "club" / JOURNAL).read_text())
    temp = room / "club" / journal["entries"][1]["temp"]  # sat's new file: made a symlink
    sat.write_bytes(sat.read_bytes().replace(b"# edited by hand\n", b""))
    temp.unlink()
    temp.symlink_to(room / "elsewhere" / "victim.txt")
    before = snapshot(room)
    assert scorepad("recover", room / "club").returncode == 1
    assert snapshot(room) == before


# -- 3. the simplest multi-file change that holds ----------------------------------------------


def test_a_first_draw_killed_before_its_tournament_file_leaves_no_table(room: Path) -> None:
    """A round's first draw writes its table files, then the tournament file: killed in
    between, the tables are no part of the tournament, a deal on one is refused saying how to
    finish, and the next draw replaces them."""
    folder = cup(room / "club" / "cup", deals=1)
    finish_round(folder, 1)
    before = (folder / "tournament.toml").read_bytes()
    killed = killed_at(3, "tournament", "draw", folder, "--seed", "2")  # table 1, 2: killed
    assert killed.returncode == -9
    assert (folder / "tournament.toml").read_bytes() == before
    written = sorted((folder / "round-2").glob("table-*.toml"))
    assert written and not (folder / JOURNAL).exists()
    left = snapshot(room)
    deal = scorepad("deal", written[0], "-c", "pass")
    assert deal.returncode == 1
    assert (f"error: {written[0]}: is not a table of the tournament in club/cup: the draw that "
            "wrote it did not finish; nothing was recorded: draw the round again (scorepad "
            "tournament draw club/cup)") in deal.stderr  # fmt: skip
    assert snapshot(room) == left
    tables = json.loads(made("tournament", "tables", folder, "--json"))
    assert tables["round"] == 1  # the tournament as it was
    ok("tournament", "draw", folder, "--seed", "2")
    assert json.loads(made("tournament", "tables", folder, "--json"))["round"] == 2
    ok("deal", written[0], "-c", "pass")


@pytest.mark.ci
def test_a_draw_killed_at_step_7_then_a_deal_never_leaves_the_tournament_stuck(
    room: Path,
) -> None:
    """The hostile probe's sequence, at every step of the draw: after the kill, a deal on the
    new round's first table; then the fix the errors name; then the tournament reads and
    draws again."""
    folder = cup(room / "club" / "cup", deals=1)
    finish_round(folder, 1)
    pristine = room / "pristine"
    shutil.copytree(folder, pristine)
    for k in range(1, 20):
        shutil.rmtree(folder)
        shutil.copytree(pristine, folder)
        killed = killed_at(k, "tournament", "draw", folder, "--seed", "2")
        if killed.returncode == 0:
            break
        table = folder / "round-2" / "table-1.toml"
        if table.exists():
            deal = scorepad("deal", table, "-c", "pass")
            assert deal.returncode == 1 and "draw the round again" in deal.stderr, deal.stderr
        assert json.loads(made("tournament", "tables", folder, "--json"))["round"] == 1
        ok("tournament", "draw", folder, "--seed", "2")  # the fix the deal named
        assert json.loads(made("tournament", "tables", folder, "--json"))["round"] == 2
        check = scorepad("tournament", "check", folder)
        assert check.stderr.count("unfinished: 0 of the table's 1 deal") == 3, check.stderr
        assert "not a table of the draws" not in check.stderr
    assert k > 3  # each table file and the tournament file were killed at


def _kill_each_step(room: Path, args: tuple[str, ...], *, deals: int = 4) -> list[str]:
    """`tournament draw ARGS` killed at its 1st, 2nd, … rename or link until it is not:
    after each kill, every file is as before the draw or (once `scorepad recover`) as after
    it; reading commands meanwhile change nothing."""
    folder = cup(room / "club" / "cup", deals=deals)
    pristine, done = room / "pristine", room / "done"
    shutil.copytree(folder, pristine)
    shutil.copytree(folder, done)
    made("tournament", "draw", done, *args)
    old, new = shown(snapshot(pristine)), shown(snapshot(done))
    outcomes = []
    for k in range(1, 30):
        shutil.rmtree(folder)
        shutil.copytree(pristine, folder)
        killed = killed_at(k, "tournament", "draw", folder, *args)
        if killed.returncode == 0:
            assert snapshot(folder) == new
            break
        assert killed.returncode == -9, (k, killed.stderr)
        left = snapshot(room)
        reading = scorepad("tournament", "standings", folder)
        assert snapshot(room) == left
        if (folder / JOURNAL).exists():
            assert reading.returncode == 1 and "scorepad recover" in reading.stderr
            ok("recover", folder)
            assert snapshot(folder) == new, k
            outcomes.append("new")
        else:
            assert "Traceback" not in reading.stderr
            assert {k: v for k, v in shown(snapshot(folder)).items()
                    if not k.startswith("round-2")} == old  # fmt: skip
            outcomes.append("old")
    else:  # pragma: no cover
        raise AssertionError("the draw never finished")
    return outcomes


def test_a_draw_again_killed_after_its_journal_is_finished_by_recover(room: Path) -> None:
    """Killed once the journal is written and the first table file replaced: the tournament
    and its tables are refused by reading commands (which change nothing) until `scorepad
    recover` finishes the draw."""
    folder = cup(room / "club" / "cup")
    killed = killed_at(2, "tournament", "draw", folder, *AGAIN)  # the journal, table 1
    assert killed.returncode == -9
    left = snapshot(room)
    for args in READING_CUP[:2]:
        done = scorepad(*(a.format(D=folder, O=room / "out" / "sheet.html") for a in args))
        assert done.returncode == 1 and "run 'scorepad recover club/cup'" in done.stderr
    table = folder / "round-1" / "table-1.toml"
    deal = scorepad("deal", table, "-c", "pass")
    assert deal.returncode == 1 and "run 'scorepad recover club/cup'" in deal.stderr
    assert snapshot(room) == left
    ok("recover", folder)
    assert json.loads(made("tournament", "tables", folder, "--json"))["tables"][0]["players"] == (
        storage_players(table)
    )
    assert not [p for p in folder.rglob(".*")]
    ok("deal", table, "-c", "pass")


def storage_players(table: Path) -> list[str]:
    from scorepad import storage

    return list(storage.load(table).players)


@pytest.mark.ci
def test_a_draw_again_killed_at_each_step_is_as_before_or_finished_by_recover(
    room: Path,
) -> None:
    outcomes = _kill_each_step(room, AGAIN)  # a journal, two tables, one removed, the tournament
    assert outcomes[0] == "old" and outcomes[1:] == ["new"] * (len(outcomes) - 1)
    assert len(outcomes) == 4


def test_the_same_file_under_two_names_is_locked_once(room: Path) -> None:
    """Two table files that are one file (a hard link): the draw again does not wait 5 s for
    its own lock, then give up saying another scorepad (its own pid) is writing."""
    folder = cup(room / "club" / "cup")
    one, two = folder / "round-1" / "table-1.toml", folder / "round-1" / "table-2.toml"
    two.unlink()
    os.link(one, two)
    done = scorepad("tournament", "draw", folder, *AGAIN)
    assert done.returncode == 0, done.stderr
    assert not (folder / "round-1" / "table-2.toml").samefile(one)


def test_the_same_file_given_twice_to_a_transaction_is_locked_once(tmp_path: Path) -> None:
    from scorepad.storage.transaction import Transaction

    a = tmp_path / "a.toml"
    a.write_bytes(b"A")
    os.link(a, tmp_path / "b.toml")
    with Transaction(tmp_path) as tx:
        assert tx.lock([a, tmp_path / "b.toml", tmp_path / "." / "a.toml"]) == [b"A"] * 3
        tx.write(tmp_path / "b.toml", b"B")
        tx.commit()
    assert a.read_bytes() == b"A" and (tmp_path / "b.toml").read_bytes() == b"B"


SLOW_LOCKS = """
import fcntl, sys, time
flock = fcntl.flock
def slow(fd, how):
    flock(fd, how)
    time.sleep(0.4)
fcntl.flock = slow
sys.argv = ["scorepad", *sys.argv[1:]]
from scorepad.__main__ import main
main()
"""


def test_two_renames_taking_files_in_opposite_orders_both_succeed(room: Path) -> None:
    """Each lock held 0.4 s before the next is taken: taken in the order given, each rename
    would hold one file and wait for the other's until both gave up."""
    club = room / "club"
    a, b = session(club / "a.toml"), session(club / "b.toml")
    one = subprocess.Popen([sys.executable, "-c", SLOW_LOCKS, "rename", a, b, "Anna", "Annette"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    two = subprocess.Popen([sys.executable, "-c", SLOW_LOCKS, "rename", b, a, "Bruno", "Bob"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = [p.communicate(timeout=60)[1] for p in (one, two)]
    assert (one.returncode, two.returncode) == (0, 0), said
    for path in (a, b):
        text = path.read_text(encoding="utf-8")
        assert "Annette" in text and "Bob" in text


# -- 4. -o never replaces a file scorepad could read -------------------------------------------


@pytest.mark.parametrize("text", [
    "# a comment\n" * 6000 + "scorepad = 5\n",
    "'scorepad' = 5\n",
    '"scor\\u0065pad" = 5\n',
    "'tournament' = 2\n",
    "title = 'not scorepad at all, but TOML'\n",
])  # fmt: skip
def test_an_output_never_replaces_a_file_that_reads_as_toml(room: Path, text: str) -> None:
    club = room / "club"
    fri = session(club / "fri.toml")
    target = club / "results.txt"
    target.write_text(text, encoding="utf-8")
    before = snapshot(room)
    for args in (("export", fri, "--to", "csv", "-o", target), ("report", fri, "-o", target)):
        done = scorepad(*args)
        assert done.returncode == 1 and done.stderr.startswith(f"error: {target}: is a ")
        assert "never replaces one (choose another name)" in done.stderr
        assert snapshot(room) == before


def test_an_output_never_goes_to_a_toml_name_or_a_journal(room: Path) -> None:
    club = room / "club"
    fri = session(club / "fri.toml")
    (club / "notes.toml").write_bytes(b"not [ toml")
    before = snapshot(room)
    for target in (club / "notes.toml", club / JOURNAL):
        done = scorepad("export", fri, "--to", "csv", "-o", target)
        assert done.returncode == 1, done.stderr
        assert snapshot(room) == before
    assert "is the name of scorepad's journal" in done.stderr
    made("show", fri)  # no journal made: the folder reads as ever


def test_an_output_replaces_a_previous_export(room: Path) -> None:
    club = room / "club"
    fri = session(club / "fri.toml")
    for args in (("export", fri, "--to", "csv"), ("export", fri, "--to", "markdown"),
                 ("export", fri, "--to", "json"), ("report", fri)):  # fmt: skip
        target = club / "out"
        made(*args, "-o", target)
        made(*args, "-o", target)
    (club / "empty.csv").write_bytes(b"")
    made("export", fri, "--to", "csv", "-o", club / "empty.csv")


# -- messages ---------------------------------------------------------------------------------


def _refuse_creating_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new file in `folder` fails with EACCES, as in a read-only folder for a user that
    is not root."""
    real_open = os.open

    def open_(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if flags & os.O_CREAT and Path(path).parent.resolve() == folder.resolve():
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)


def test_a_rename_whose_journal_folder_cannot_be_written_names_that_folder(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "autumn").mkdir()
    (tmp_path / "spring").mkdir()
    paths = [cli.new(f"{s}/1.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
             for s in ("autumn", "spring")]  # fmt: skip
    before = [p.read_bytes() for p in paths]
    _refuse_creating_in(tmp_path, monkeypatch)  # their common folder: where the journal goes
    done = cli("rename", *paths, "Anna", "Annette", ok=False)
    assert done.exit_code == 1
    assert done.stderr == (f"error: {tmp_path}: cannot write the journal of a change of several "
                           "files in this folder, the one that holds them all: Permission "
                           "denied; nothing was changed\n")  # fmt: skip
    assert [p.read_bytes() for p in paths] == before
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["1.toml", "1.toml", "autumn", "spring"]


def test_a_read_only_folder_is_named_by_the_file_that_failed(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "autumn").mkdir()
    (tmp_path / "spring").mkdir()
    paths = [cli.new(f"{s}/1.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
             for s in ("autumn", "spring")]  # fmt: skip
    _refuse_creating_in(tmp_path / "spring", monkeypatch)
    done = cli("rename", *paths, "Anna", "Annette", ok=False)
    assert done.stderr == (f"error: {paths[1]}: cannot write: Permission denied; nothing was "
                           "changed\n")  # fmt: skip
