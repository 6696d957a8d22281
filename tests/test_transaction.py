"""A change of several files, all or nothing: `tournament draw` (and `--again`) through
scorepad.storage.transaction, with failures and kills at every step (real processes)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.storage.transaction import Transaction, recover

PLAYERS = "A1,A2,A3,A4,A5,A6,A7,A8,A9,B1,B2,B3"


def scorepad(*args: object, env: dict[str, str] | None = None, **kwargs: object):
    return subprocess.run(
        [sys.executable, "-m", "scorepad", *map(str, args)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={**os.environ, **(env or {})},
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


def _kill_runs(cup: Path, args: tuple[str, ...]):
    """Run `tournament draw ARGS` killed at step 1, 2, … until a run is not killed: after
    each kill, the next command (tournament check) sees every file as before the draw or
    every file as after it, and nothing of the draw's is left behind."""
    import shutil

    pristine = cup.parent / "pristine"
    shutil.copytree(cup, pristine)
    done = cup.parent / "done"
    shutil.copytree(cup, done)
    finished = scorepad("tournament", "draw", done, *args)
    assert finished.returncode == 0, finished.stderr
    old, new = files_of(pristine), files_of(done)
    assert visible(old) != visible(new)
    outcomes = []
    for k in range(1, 60):
        shutil.rmtree(cup)
        shutil.copytree(pristine, cup)
        run = scorepad("tournament", "draw", cup, *args, env={"_SCOREPAD_KILL_AT_STEP": str(k)})
        if run.returncode == 0:
            assert files_of(cup) == new
            break
        assert run.returncode == -9, (k, run.stderr)
        after = scorepad("tournament", "tables", cup, "--json")  # the next command recovers
        assert after.returncode == 0, (k, after.stderr)
        now = files_of(cup)
        assert now in (old, new), (k, sorted(now))
        outcomes.append("new" if now == new else "old")
    else:  # pragma: no cover
        raise AssertionError("the draw never finished")
    assert k > 6  # a journal, temporary files, old copies, renames: each step was killed
    assert "old" in outcomes and "new" in outcomes  # undone before the commit, kept after
    return outcomes


def test_a_draw_again_killed_at_any_step_is_undone_or_finished(cup: Path) -> None:
    _kill_runs(cup, AGAIN)  # two new table files, one removed, the tournament file


def test_a_draw_killed_at_any_step_is_undone_or_finished(cup: Path) -> None:
    for table in (cup / "round-1").glob("*.toml"):
        _finish(table)
    _kill_runs(cup, ("--seed", "2"))  # a new round: three new table files


def test_a_table_recorded_into_after_a_kill_is_refused_with_the_fix(cup: Path) -> None:
    from test_tournament import play

    # killed with the table files replaced but not the tournament file: a journal is left
    for k in range(4, 30):
        run = scorepad("tournament", "draw", cup, *AGAIN, env={"_SCOREPAD_KILL_AT_STEP": str(k)})
        assert run.returncode == -9
        journal = cup / ".tournament.toml.journal"
        table = cup / "round-1" / "table-1.toml"
        if journal.exists() and b"B3" in table.read_bytes():  # the new table 1 is there
            break
        recover(journal)
    else:  # pragma: no cover
        raise AssertionError("no step left the new table file before the commit")
    play(table, 1)
    kept = files_of(cup)
    result = scorepad("tournament", "standings", cup)
    assert result.returncode == 1
    assert "table-1.toml: changed after a change of several files was cut short" in result.stderr
    assert "remove the journal" in result.stderr
    assert files_of(cup) == kept  # nothing put back over the recorded deal


def test_the_primitive_all_or_nothing(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_bytes(b"A")
    b.write_bytes(b"B")
    journal = tmp_path / ".journal"
    with Transaction(journal) as tx:
        assert tx.lock(a) == b"A"
        assert tx.lock(c) is None
        tx.write(c, b"C")
        tx.remove(b)
        tx.write(a, b"A2")
        # not committed: nothing changes
    assert files_of(tmp_path) == {"a.txt": b"A", "b.txt": b"B"}
    with Transaction(journal) as tx:
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
    import hashlib
    import json

    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    digest = hashlib.sha256(b"keep me").hexdigest()
    journal = cup / ".tournament.toml.journal"
    before = files_of(cup)
    for entries in (
        [{"path": "../victim.txt", "old": None, "new": digest}],
        [{"path": str(victim), "old": None, "new": digest}],
        [{"path": 5, "old": None, "new": digest}],
        "nonsense",
    ):
        journal.write_text(json.dumps({"scorepad-journal": 1, "entries": entries}))
        result = scorepad("tournament", "standings", cup)
        assert result.returncode == 1
        assert "is the journal of a change of several files" in result.stderr
        assert "Traceback" not in result.stderr
        assert victim.read_bytes() == b"keep me"
    journal.unlink()
    assert files_of(cup) == before


def test_a_failure_among_the_renames_puts_every_file_back(tmp_path: Path, monkeypatch) -> None:
    from scorepad.errors import ScorepadError
    from scorepad.storage import transaction

    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_bytes(b"A")
    b.write_bytes(b"B")
    real_apply = transaction._apply
    applied = []

    def failing(target):
        if len(applied) == 2:
            raise OSError(28, "No space left on device")
        real_apply(target)
        applied.append(target.real.name)

    monkeypatch.setattr(transaction, "_apply", failing)
    said = "No space left on device; nothing was changed"
    with pytest.raises(ScorepadError, match=said), Transaction(tmp_path / ".journal") as tx:
        tx.write(c, b"C")  # created
        tx.remove(b)  # removed
        tx.write(a, b"A2")  # replaced: fails
        tx.commit()
    assert applied == ["c.txt", "b.txt"]
    assert files_of(tmp_path) == {"a.txt": b"A", "b.txt": b"B"}  # nothing left over either
