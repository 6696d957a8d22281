"""Nothing lost, nothing crashes: concurrent writers, kills, environment faults, hostile files.

Real processes (`python -m scorepad`) where the operating system is part of the test. A kill is
aimed at the rename of a save (the kill loops of a change of several files are in
test_storage_safety); the races run once by default, many times in the CI tier (`pytest --ci`)
and more in the at-size one; SCOREPAD_WRITERS=N (deals per writer) sets a size by hand.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import sized
from scorepad import core, storage
from scorepad.errors import ScorepadError

PLAYERS = "Anna,Bruno,Chloé,Daisuke"
PLAIN = ["--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2"]
WRITERS_DEALS = sized(3, 25, 50, env="SCOREPAD_WRITERS")
EDIT_RACES = sized(1, 5, 50)


def scorepad(*args: object, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          **kwargs)  # type: ignore[call-overload]


def new_session(tmp_path: Path, deals: int = 0) -> Path:
    path = tmp_path / "club.toml"
    assert scorepad("new", path, "--variant", "french", "--players", PLAYERS).returncode == 0
    if deals:
        storage.update(path, lambda s: _with_deals(s, deals))
    return path


def _with_deals(session, count):
    from scorepad import core

    for _ in range(count):
        session = core.add_deal(session, {"contract": "garde", "taker": "Anna",
                                          "points": "50", "bouts": "2"})
    return session


def temp_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- concurrency ---------------------------------------------------------------------------

def test_four_writers_lose_no_deal(tmp_path):
    path = new_session(tmp_path)
    script = ("import subprocess, sys\n"
              f"for _ in range({WRITERS_DEALS}):\n"
              "    r = subprocess.run([sys.executable, '-m', 'scorepad', 'deal', sys.argv[1],"
              " *sys.argv[2:]], capture_output=True, stdin=subprocess.DEVNULL)\n"
              "    assert r.returncode == 0, r.stderr\n")
    writers = [subprocess.Popen([sys.executable, "-c", script, str(path), *PLAIN])
               for _ in range(4)]
    assert [w.wait(timeout=600) for w in writers] == [0, 0, 0, 0]
    assert len(storage.load(path).deals) == 4 * WRITERS_DEALS
    assert temp_files(tmp_path) == []


def test_racing_edits_are_both_applied(tmp_path):
    path = new_session(tmp_path, deals=3)
    for _ in range(EDIT_RACES):
        a = subprocess.Popen([sys.executable, "-m", "scorepad", "edit", str(path), "2",
                              "--points", "60"], stdout=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL)
        b = subprocess.Popen([sys.executable, "-m", "scorepad", "edit", str(path), "2",
                              "--handful", "Bruno:10"], stdout=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL)
        assert (a.wait(timeout=60), b.wait(timeout=60)) == (0, 0)
        entry = storage.load(path).deals[1].entry
        assert str(entry.points) == "60" and entry.handfuls == (("Bruno", 10),)
        storage.update(path, lambda s: _reset_deal_2(s))


def _reset_deal_2(session):
    from scorepad import core

    return core.edit_deal(session, 2, {"points": "50"}, ["handful"]).session


def test_a_held_lock_gives_a_clear_error_naming_the_writer(tmp_path, monkeypatch):
    path = new_session(tmp_path, deals=1)
    before = path.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c",
                               "import fcntl, sys, time\n"
                               "f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX)\n"
                               "print('locked', flush=True); time.sleep(30)", str(path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        result = scorepad("deal", path, *PLAIN, env={**os.environ, "PYTHONPATH": os.pathsep
                                                      .join(sys.path)})
        assert result.returncode == 1
        assert result.stderr.strip() == (f"error: {path}: another scorepad (pid {holder.pid}) "
                                         "is writing this file; nothing was recorded: try again")
        assert path.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()


# --- kills ---------------------------------------------------------------------------------

def test_a_save_killed_before_or_after_its_rename_leaves_the_old_or_the_new_file(tmp_path):
    """Killed at the rename of its new file over the session: the old file, whole, and the
    new one beside it under its hidden name (`.club.toml.RANDOM.tmp`: never read, never in
    the way of the next save); not killed: the new file, nothing beside it."""
    from test_storage_safety import killed_at

    path = new_session(tmp_path, deals=200)
    before = path.read_bytes()
    assert killed_at(1, "deal", path, *PLAIN).returncode == -9
    assert path.read_bytes() == before
    [left] = temp_files(tmp_path)
    assert left.startswith(".club.toml.")
    assert scorepad("deal", path, *PLAIN).returncode == 0
    assert len(storage.load(path).deals) == 201
    assert temp_files(tmp_path) == [left]






# --- environment faults ----------------------------------------------------------------------

def test_saving_through_a_symlink_writes_its_target(tmp_path):
    real = new_session(tmp_path)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    assert scorepad("deal", link, *PLAIN).returncode == 0
    assert link.is_symlink() and len(storage.load(real).deals) == 1


def test_saves_keep_the_mode_of_the_file(tmp_path):
    path = new_session(tmp_path)
    os.chmod(path, 0o640)
    assert scorepad("deal", path, *PLAIN).returncode == 0
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_a_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        path = new_session(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644


def test_a_read_only_file_is_not_written(tmp_path):
    path = new_session(tmp_path)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    result = scorepad("deal", path, *PLAIN)
    assert result.returncode == 1
    assert result.stderr.strip() == (f"error: {path}: read-only: the file has no write "
                                     "permission (chmod u+w to record)")
    assert path.read_bytes() == before


def test_a_read_only_folder_is_an_error_not_a_traceback(tmp_path):
    import shutil
    import tempfile

    tmp_path = Path(tempfile.mkdtemp(dir="/tmp"))  # reachable by the unprivileged user
    os.chmod(tmp_path, 0o755)
    try:
        _read_only_folder(tmp_path)
    finally:
        shutil.rmtree(tmp_path)


def _read_only_folder(tmp_path: Path) -> None:
    path = new_session(tmp_path)
    before = path.read_bytes()
    os.chmod(tmp_path, 0o555)
    try:
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] \
            if os.geteuid() == 0 else []
        if user and subprocess.run(["which", "setpriv"], capture_output=True).returncode:
            pytest.skip("running as root without setpriv: cannot drop privileges")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        probe = subprocess.run([*user, sys.executable, "-c", "import typer, tomli_w, scorepad"],
                               capture_output=True, env=env)  # fmt: skip
        if probe.returncode:
            pytest.skip("user nobody cannot read this Python environment (a private virtual "
                        "environment): cannot drop privileges to test a read-only folder")
        os.chmod(path, 0o666)
        result = subprocess.run([*user, sys.executable, "-m", "scorepad", "deal", str(path),
                                 *PLAIN], capture_output=True, text=True, env=env)  # fmt: skip
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith(f"error: {path}: cannot write: Permission denied")
    finally:
        os.chmod(tmp_path, 0o755)
    assert path.read_bytes() == before


def test_a_closed_pipe_after_a_save_is_no_failure(tmp_path):
    path = new_session(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "scorepad", "deal", str(path), *PLAIN],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)
    proc.stdout.close()  # the reader is gone (as with `| head -0`)
    assert proc.wait(timeout=30) == 0
    assert b"Traceback" not in proc.stderr.read()
    proc.stderr.close()
    assert len(storage.load(path).deals) == 1


def test_a_full_disk_while_printing_says_the_deal_was_saved(tmp_path):
    path = new_session(tmp_path)
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "scorepad", "deal", str(path), *PLAIN],
                                stdout=full, stderr=subprocess.PIPE, text=True,
                                stdin=subprocess.DEVNULL)
    assert result.returncode == 0
    assert result.stderr.strip() == ("note: deal 1 was saved; printing the result failed "
                                     "(No space left on device)")
    assert len(storage.load(path).deals) == 1


def test_export_streams_to_a_fifo_and_devices(tmp_path):
    path = new_session(tmp_path, deals=2)
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    assert scorepad("export", path, "--to", "csv", "-o", fifo, timeout=30).returncode == 0
    assert reader.communicate(timeout=30)[0].startswith("deal,dealer,game")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert scorepad("export", path, "--to", "csv", "-o", "/dev/null").returncode == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    result = scorepad("export", path, "--to", "csv", "-o", "/dev/full")
    assert result.returncode == 1
    assert result.stderr.strip() == "error: /dev/full: cannot write: No space left on device"


def test_export_to_stdout_is_the_export_alone(tmp_path):
    path = new_session(tmp_path, deals=2)
    plain = scorepad("export", path, "--to", "json")
    dash = scorepad("export", path, "--to", "json", "-o", "-")
    assert dash.returncode == 0 and dash.stdout == plain.stdout
    assert json.loads(dash.stdout)["deals"][1]["n"] == 2
    assert not (tmp_path / "-").exists()
    piped = subprocess.run(f"{sys.executable} -m scorepad export {path} --to csv -o /dev/stdout"
                           " | cat", shell=True, capture_output=True, text=True, timeout=60)
    assert piped.stdout == scorepad("export", path, "--to", "csv").stdout  # the note: stderr
    assert piped.stderr.strip() == "wrote /dev/stdout: 2 deals as csv"


def test_export_never_replaces_a_session_that_no_longer_parses(tmp_path):
    path = new_session(tmp_path, deals=1)
    broken = "\ufeff" + path.read_text("utf-8").replace("contract", "contrac t", 1)
    path.write_text(broken, "utf-8")
    result = scorepad("export", tmp_path / "club.toml", "--to", "csv", "-o", path)
    assert result.returncode == 1
    assert path.read_text("utf-8") == broken


def test_a_file_name_too_long_is_an_error(tmp_path):
    result = scorepad("new", tmp_path / ("x" * 300 + ".toml"), "--variant", "french",
                      "--players", PLAYERS)
    assert result.returncode == 1
    assert "File name too long" in result.stderr and "Traceback" not in result.stderr


def test_a_file_deleted_between_read_and_write_is_not_brought_back(tmp_path):
    path = new_session(tmp_path, deals=2)

    def delete_then_add(session):
        path.unlink()  # as another program (that takes no lock) would
        return core.add_deal(session, {"contract": "pass"})

    with pytest.raises(ScorepadError, match="was removed or replaced while scorepad"):
        storage.update(path, delete_then_add)
    assert not path.exists()
    assert os.listdir(tmp_path) == []  # and no temp file


def test_a_file_replaced_between_read_and_write_is_not_overwritten(tmp_path):
    path = new_session(tmp_path, deals=2)
    other = b'scorepad = 3\nvariant = "french"\n# somebody else\'s\n'

    def replace_then_add(session):
        tmp = tmp_path / "other"
        tmp.write_bytes(other)
        os.replace(tmp, path)
        return core.add_deal(session, {"contract": "pass"})

    with pytest.raises(ScorepadError, match="was removed or replaced"):
        storage.update(path, replace_then_add)
    assert path.read_bytes() == other
