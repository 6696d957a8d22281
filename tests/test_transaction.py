"""A change of several files, all or nothing: `tournament draw` (and `--again`) through
scorepad.storage.transaction, with failures (real processes); the kills at each step are in
tests/test_storage_safety.py."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.storage.transaction import Transaction

PLAYERS = "A1,A2,A3,A4,A5,A6,A7,A8,A9,B1,B2,B3"


def scorepad(*args: object, **kwargs: object):
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *map(str, args)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        **kwargs,  # type: ignore[arg-type]
    )


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under the folder, hidden ones included (temporary files, journals)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def visible(snapshot: dict[str, bytes]) -> dict[str, bytes]:
    return {k: v for k, v in snapshot.items() if not Path(k).name.startswith(".")}


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    folder = tmp_path / "cup"
    made = scorepad("tournament", "new", folder, "--variant", "french", "--players", PLAYERS,
                    "--rounds", "3", "--deals", "4")  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert scorepad("tournament", "draw", folder).returncode == 0
    assert len(list((folder / "round-1").glob("*.toml"))) == 3
    return folder


AGAIN = ("--again", "--seed", "3", "--withdraw", "A1", "--withdraw", "A2", "--withdraw", "A3",
         "--withdraw", "A4")  # fmt: skip


def test_a_read_only_tournament_file_leaves_every_table_file(cup: Path) -> None:
    before = files_of(cup)
    os.chmod(cup / "tournament.toml", 0o444)
    result = scorepad("tournament", "draw", cup, *AGAIN)
    assert result.returncode == 1
    assert "tournament.toml: read-only" in result.stderr
    assert "Traceback" not in result.stderr
    assert files_of(cup) == before  # the three table files are all there, as they were


def _no_file_size(limit: int = 0):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_write_error_leaves_every_file_as_it_was(cup: Path) -> None:
    before = files_of(cup)
    result = scorepad("tournament", "draw", cup, *AGAIN, preexec_fn=_no_file_size())
    assert result.returncode == 1, result.stderr
    assert "cannot write" in result.stderr and "nothing was changed" in result.stderr
    assert "Traceback" not in result.stderr
    assert files_of(cup) == before


def test_a_next_round_that_cannot_be_written_leaves_nothing(cup: Path) -> None:
    for table in (cup / "round-1").glob("*.toml"):
        _finish(table)
    before = files_of(cup)
    result = scorepad("tournament", "draw", cup, preexec_fn=_no_file_size())
    assert result.returncode == 1, result.stderr
    assert files_of(cup) == before
    assert not any((cup / "round-2").glob("*"))  # at most an empty folder


def _finish(table: Path) -> None:
    from test_tournament import play

    play(table)


def test_the_primitive_all_or_nothing(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_bytes(b"A")
    b.write_bytes(b"B")
    with Transaction(tmp_path) as tx:
        assert tx.lock([a, c]) == [b"A", None]
        tx.write(c, b"C")
        tx.remove(b)
        tx.write(a, b"A2")
        # not committed: nothing changes
    assert files_of(tmp_path) == {"a.txt": b"A", "b.txt": b"B"}
    with Transaction(tmp_path) as tx:
        tx.write(c, b"C")
        tx.remove(b)
        tx.write(a, b"A2")
        tx.commit()
    assert files_of(tmp_path) == {"a.txt": b"A2", "c.txt": b"C"}


def test_a_deal_racing_a_draw_again_is_never_lost_nor_a_table_file(cup: Path) -> None:
    """A `deal` into a table file while `draw --again` replaces the round: either the deal
    comes first (the draw is refused, every file as it was, the deal kept) or the draw does
    (the deal then waits, and goes into the new table file or is refused): no table file of
    the round is ever missing, no recorded deal is ever lost."""
    import shutil

    pristine = cup.parent / "pristine"
    shutil.copytree(cup, pristine)
    seen = set()
    for attempt in range(8):
        shutil.rmtree(cup)
        shutil.copytree(pristine, cup)
        table = cup / "round-1" / "table-1.toml"
        cmd = [sys.executable, "-m", "scorepad"]
        drawing = subprocess.Popen([*cmd, "tournament", "draw", str(cup), "--again", "--seed",
                                    str(attempt)], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)  # fmt: skip
        dealing = subprocess.Popen([*cmd, "deal", str(table), "--contract", "pass"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)  # fmt: skip
        err = drawing.communicate(timeout=60)[1] + dealing.communicate(timeout=60)[1]
        drawn, dealt = drawing.returncode, dealing.returncode
        assert "Traceback" not in err
        check = scorepad("tournament", "check", cup)
        assert "missing" not in check.stderr, check.stderr
        from scorepad import storage

        deals = [len(storage.load(p).deals) for p in (cup / "round-1").glob("*.toml")]
        if dealt == 0:
            assert sum(deals) == 1  # in the old table file (the draw refused) or the new
        else:
            assert sum(deals) == 0
        if drawn == 1:
            assert dealt == 0 and "is under way" in err
            assert files_of(cup)["tournament.toml"] == files_of(pristine)["tournament.toml"]
        seen.add((drawn, dealt))
    assert seen <= {(0, 0), (0, 1), (1, 0)}, seen  # each run one of the outcomes above


def test_a_hostile_journal_is_refused_and_never_acted_on(cup: Path, tmp_path: Path) -> None:
    """Reading commands never act on a journal; `recover` refuses one that names a file
    outside its folder or is not one scorepad writes."""
    import hashlib
    import json

    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    digest = hashlib.sha256(b"keep me").hexdigest()
    journal = cup / ".scorepad-files.journal"
    before = files_of(cup)
    for entries in (
        [{"file": "../victim.txt", "old": digest, "new": None, "temp": None}],
        [{"file": str(victim), "old": digest, "new": None, "temp": None}],
        [{"file": 5, "old": digest, "new": None, "temp": None}],
        "nonsense",
    ):
        journal.write_text(json.dumps({"scorepad-journal": 2, "entries": entries}))
        assert scorepad("tournament", "standings", cup).returncode == 0
        result = scorepad("recover", cup)
        assert result.returncode == 1
        assert "is not a journal scorepad wrote" in result.stderr
        assert "Traceback" not in result.stderr
        assert victim.read_bytes() == b"keep me"
    journal.unlink()
    assert files_of(cup) == before


@pytest.mark.parametrize("stop", ["an I/O error", "Ctrl-C"])
def test_a_failure_among_the_renames_is_finished_by_recover(
    tmp_path: Path, monkeypatch, stop: str
) -> None:
    """Past the journal the change is made: a rename that fails half-way (or is
    interrupted) leaves the journal and the new files, and `recover` finishes the change."""
    from scorepad.errors import ScorepadError
    from scorepad.storage import transaction

    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_bytes(b"A")
    b.write_bytes(b"B")
    real_apply = transaction._apply
    applied = []

    def failing(path, temp, new_file):
        if len(applied) == 2:
            raise OSError(5, "Input/output error") if stop == "an I/O error" else KeyboardInterrupt
        real_apply(path, temp, new_file)
        applied.append(path.name)

    monkeypatch.setattr(transaction, "_apply", failing)
    said = "Input/output error; the change was cut short: run 'scorepad recover .' to finish it"
    if stop == "an I/O error":
        raised = pytest.raises(ScorepadError, match=re.escape(said))
    else:
        raised = pytest.raises(KeyboardInterrupt)
    with raised, Transaction(tmp_path) as tx:
        tx.write(c, b"C")  # created
        tx.remove(b)  # removed
        tx.write(a, b"A2")  # replaced: fails
        tx.commit()
    assert applied == ["c.txt", "b.txt"]
    monkeypatch.undo()
    assert (tmp_path / ".scorepad-files.journal").exists()
    assert transaction.recover(tmp_path) == [c, b, a]
    assert files_of(tmp_path) == {"a.txt": b"A2", "c.txt": b"C"}  # nothing left over either
