"""A season's sessions (scorepad/season.py): one game, by date, those between two dates."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorepad import core, season
from scorepad.errors import ScorepadError

PLAYERS = ["Anna", "Bruno", "Chloé"]


def _session(date: str, game: str = "french"):
    return replace(core.new_session(game, [*PLAYERS, "Daisuke"][: 4 if game == "troggu" else 3]),
                   date=date)


def test_the_bounds_are_dates_or_refused_before_any_file_is_read():
    assert season.date_bounds(None, None) == (None, None)
    assert season.date_bounds(" 2026-09-01", "2026-12-31 ") == ("2026-09-01", "2026-12-31")
    with pytest.raises(ScorepadError) as err:
        season.date_bounds("2026-09-01", "31/12/2026")
    assert [str(p) for p in err.value.problems] == [
        "--until: '31/12/2026' is not a date as YYYY-MM-DD (e.g. 2026-11-26)"]


def test_sessions_come_by_date_the_undated_last_as_given():
    sessions = [_session("2026-10-02"), _session(""), _session("2026-09-30"), _session("")]
    pairs = season.between(["a", "b", "c", "d"], sessions)
    assert [f for f, _s in pairs] == ["c", "a", "b", "d"]
    assert [s for _f, s in pairs] == [sessions[2], sessions[0], sessions[1], sessions[3]]


def test_between_two_dates_only_dated_sessions_both_ends_included():
    dates = ["2026-09-01", "", "2026-09-15", "2026-10-01"]
    sessions = [_session(date) for date in dates]
    files = ["a", "b", "c", "d"]
    assert [f for f, _s in season.between(files, sessions, dates[0], dates[2])] == ["a", "c"]
    assert [f for f, _s in season.between(files, sessions, high="2026-09-14")] == ["a"]
    assert [f for f, _s in season.between(files, sessions, low="2026-09-02")] == ["c", "d"]
    with pytest.raises(ScorepadError, match="no dated session falls between 2026-11-01 and today"):
        season.between(files, sessions, low="2026-11-01")


def test_files_of_different_games_are_refused_with_the_commands_words():
    sessions = [_session("2026-09-01"), _session("2026-09-02", "troggu")]
    with pytest.raises(ScorepadError, match=r"\(a is french, b is troggu\): standings add up"):
        season.between(["a", "b"], sessions)
    with pytest.raises(ScorepadError, match=r"^mixed: a is french, b is troggu$"):
        season.between(["a", "b"], sessions, mixed="mixed: {which}")
