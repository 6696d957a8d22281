"""Recording a deal (`scorepad.app.record`): the one way `deal`, `play` and a script add a
deal to a file, and what it costs a game played to a target."""

from pathlib import Path

import pytest

from scorepad import core, scores, storage
from scorepad.app.play_lines import from_lines
from scorepad.app.record import record_deal
from scorepad.errors import ScorepadError
from scorepad.variants.piedmont import Piedmont

POINTS = {"points": {"Anna": "45.5", "Bruno": "44.5"}}


def _match(tmp_path: Path, deals: int) -> Path:
    session = core.new_session("piedmont", ["Anna", "Bruno"], settings={"target": "100000"})
    for _ in range(deals):
        session = core.add_deal(session, POINTS)
    path = tmp_path / "match.toml"
    storage.save_new(path, session)
    return path


def test_a_deal_is_recorded_and_said(tmp_path):
    path = _match(tmp_path, 2)
    done = record_deal(path, POINTS, where=str(path))
    assert done is not None and done.n == 3 and not done.shown and done.ended is None
    assert len(storage.load(path).deals) == 3 and done.before.deals == done.after.deals[:2]


def test_a_match_to_a_target_scores_each_deal_once(tmp_path, monkeypatch):
    """Where the match stands before the deal, and whether the deal ends it, come from one
    scoring of each deal: the deals before it (a game played to a target), then the new one."""
    path = _match(tmp_path, 30)
    calls = []
    real = Piedmont.score

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Piedmont, "score", counting)
    done = record_deal(path, POINTS)
    assert done is not None and done.n == 31
    assert len(calls) == 31


def _points(words):
    """A line `Anna=45.5 Bruno=44.5` as a deal's fields."""
    return {"points": dict(word.split("=") for word in words)}


def test_deals_of_lines_are_all_saved_in_one_write(tmp_path, monkeypatch):
    path = _match(tmp_path, 1)
    writes, said, notes, saved = [], [], [], []
    real = storage.update

    def counting(*args, **kwargs):
        writes.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(storage, "update", counting)
    lines = ["Anna=45.5 Bruno=44.5", "", "# a comment", "Anna=45.5 Bruno=44.5", "Anna=50 Bruno=41"]
    from_lines(path, lines, _points, said.append, notes, saved)
    assert writes == [1] and saved == ["deals 2–4"]
    after = storage.load(path)
    assert len(after.deals) == 4
    assert dict(scores.score(after, after.deals[-1]).scores) == {"Anna": 50, "Bruno": 41}
    assert said[-1].startswith("recorded 3 deals; ")
    assert notes == ["stdin line 1: the same deal as deal 1, saved again (undo removes it)",
                     "stdin line 4: the same deal as deal 2, saved again (undo removes it)"]


def test_deals_of_lines_none_saved_when_one_is_refused(tmp_path):
    path = _match(tmp_path, 1)
    before = path.read_bytes()
    with pytest.raises(ScorepadError, match=r"stdin line 2: .*Zed"):
        from_lines(path, ["Anna=45.5 Bruno=44.5", "Anna=45 Zed=46"], _points, print, [], [])
    assert path.read_bytes() == before


@pytest.fixture
def counted(monkeypatch):
    """How often a French deal is checked (its game's `read_entry`), scored (`score`, and of
    those with the arithmetic explained), and the session file read (parsed) and written."""
    from scorepad.storage import files
    from scorepad.variants.french import French

    counts = {"checked": 0, "scored": 0, "explained": 0, "read": 0, "written": 0}

    def counting(name, real, key=None):
        def call(*args, **kwargs):
            counts[name] += 1
            if key is not None and kwargs.get("explain", True):
                counts[key] += 1
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(French, "read_entry", counting("checked", French.read_entry))
    monkeypatch.setattr(French, "score", counting("scored", French.score, "explained"))
    monkeypatch.setattr(storage, "parse_session", counting("read", storage.parse_session))
    monkeypatch.setattr(files.Locked, "replace", counting("written", files.Locked.replace))
    return counts


GARDE = ["--contract", "garde", "--taker", "Bruno", "--points", "47", "--bouts", "2"]


def _five_deals(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("play", path, input="\n".join(" ".join(GARDE) for _ in range(5)) + "\n")
    return path


def test_a_deal_recorded_is_checked_once_scored_once_and_the_file_read_and_written_once(
        cli, counted):  # fmt: skip
    path = _five_deals(cli)
    counted.update(dict.fromkeys(counted, 0))
    out = cli("deal", path, *GARDE).stdout
    assert "saved as deal 6" in out and "(25 + 6) × 2 = 62" in out  # explained
    # the five deals of the file checked as it is read, the new one once; only it is scored
    assert counted == {"checked": 6, "scored": 1, "explained": 1, "read": 1, "written": 1}


def test_an_edit_is_checked_once_scored_once_and_the_file_read_and_written_once(cli, counted):
    path = _five_deals(cli)
    counted.update(dict.fromkeys(counted, 0))
    out = cli("edit", path, "3", "--points", "52").stdout
    assert "before: Anna −62, Bruno +186" in out and "after: Anna −72, Bruno +216" in out
    # the new deal 3 checked and scored once; the old one scored for its "before"
    assert counted == {"checked": 6, "scored": 2, "explained": 2, "read": 1, "written": 1}


def test_deals_played_from_lines_are_checked_once_and_the_file_read_and_written_once(
        cli, counted):  # fmt: skip
    path = _five_deals(cli)
    counted.update(dict.fromkeys(counted, 0))
    lines = " ".join(GARDE) + "\n" + " ".join(GARDE).replace("47", "52") + "\n"
    out = cli("play", path, input=lines).stdout
    assert "recorded 2 deals" in out
    # each new deal scored once for its own line (explained), and every deal once more,
    # without the arithmetic, for the standings said after the save
    assert counted == {"checked": 7, "scored": 2 + 7, "explained": 2, "read": 1, "written": 1}


def test_a_deal_saved_in_play_is_scored_once_and_written_once(cli, counted):
    """At the table the deal is checked and scored as it is shown ("Save deal 1?"), and saved
    as shown when the file is still as it was read: not checked or scored again."""
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    counted.update(dict.fromkeys(counted, 0))
    out = cli("play", path, "-i", input="\n".join(["", "g", "b", "47", "2", "", "", "q"])).stdout
    assert "saved deal 1: Anna −62, Bruno +186" in out
    assert counted["explained"] == 1 and counted["written"] == 1
