"""Recording a deal (`scorepad.app.record`): the one way `deal`, `play` and a script add a
deal to a file, and what it costs a game played to a target."""

from pathlib import Path

import pytest

from scorepad import core, scores, storage
from scorepad.app.record import record_deal, record_deals
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


def test_a_match_to_a_target_scores_each_deal_at_most_twice_per_deal(tmp_path, monkeypatch):
    """match over before the deal (add_deal's check) and after it (once, for both sides of
    match_ended): not once per question asked, as when every check re-scored the session."""
    path = _match(tmp_path, 30)
    calls = []
    real = Piedmont.score

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Piedmont, "score", counting)
    done = record_deal(path, POINTS)
    assert done is not None and done.n == 31
    assert len(calls) <= 2 * 31 + 1, len(calls)


def test_deals_recorded_together_are_all_saved_in_one_write(tmp_path, monkeypatch):
    path = _match(tmp_path, 1)
    writes = []
    real = storage.update

    def counting(*args, **kwargs):
        writes.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(storage, "update", counting)
    done = record_deals(path, [POINTS, POINTS, {"points": {"Anna": "50", "Bruno": "41"}}])
    assert writes == [1] and done.n == 4 and len(done.before.deals) == 1
    assert storage.load(path).deals == done.after.deals
    assert dict(scores.score(done.after, done.deal).scores) == {"Anna": 50, "Bruno": 41}
    assert done.ended is None and done.notes == () and not done.shown


def test_deals_recorded_together_none_saved_when_one_is_refused(tmp_path):
    path = _match(tmp_path, 1)
    before = path.read_bytes()
    with pytest.raises(ScorepadError, match="Zed"):
        record_deals(path, [POINTS, {"points": {"Anna": "45", "Zed": "46"}}])
    assert path.read_bytes() == before


def test_deals_recorded_together_say_when_they_end_the_match(tmp_path):
    session = core.new_session("piedmont", ["Anna", "Bruno"], settings={"target": "100"})
    path = tmp_path / "short.toml"
    storage.save_new(path, session)
    done = record_deals(path, [POINTS, POINTS, POINTS], play_on=True)
    assert done.n == 3 and done.ended is not None and "Anna" in done.ended
