"""Loading a season: the session files given (one game), by date, those between --since and
--until. The dates are checked before any file is read; every file's problems are said
together. The files go through storage, the order and the bounds through `scorepad.season`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session


def sessions_between(
    files: Sequence[Path],
    since: str | None,
    until: str | None,
    mixed: str | None = None,
    notes: list[str] | None = None,
) -> tuple[list[Path], list[Session]]:
    """The sessions of the files (one game), by date (undated ones as given, last), those
    between `since` and `until` when given, with their files. `mixed`: the command's error
    for files of different games (with {which}; default: the standings'). `notes`: where to
    say that the sessions are scored by different rules, and how."""
    from scorepad import season

    low, high = season.date_bounds(since, until)  # a wrong date is said before reading
    pairs = season.between(files, load_all(files), low, high, mixed)
    kept, sessions = [f for f, _s in pairs], [s for _f, s in pairs]
    differ = season.rules_differences(kept, sessions)
    if differ and notes is not None:
        notes.append(_("note: {note}").format(note=differ))
    return kept, sessions


def load_all(files: Sequence[Path]) -> list[Session]:
    """Every file's session, or every file's problems at once; a file given twice (it would
    count twice) is refused."""
    from scorepad import storage

    storage.distinct(files)
    sessions: list[Session] = []
    problems: list[Problem] = []
    for f in files:
        try:
            sessions.append(storage.load(f))
        except ScorepadError as err:
            problems.extend(err.problems)
    if problems:
        raise ScorepadError(problems)
    return sessions
