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


def season_in_order(
    paths: Sequence[Path], as_of: str | None, mixed: str
) -> tuple[list[str], list[Session]]:
    """The sessions of the files and folders given, by date and then name (the same files in
    any order: the same season), those on or before `as_of` when given; with their names.
    A folder gives its session files (`*.toml`); a tournament's folder, its tables as the
    tournament counts them. `mixed`: the error for files of different games."""
    from scorepad import season
    from scorepad.checks import typed_date
    from scorepad.storage import files as stored
    from scorepad.storage import tournament

    high = None if as_of is None else typed_date(as_of, "--as-of")  # said before reading
    names: list[str] = []
    sessions: list[Session] = []
    plain: list[Path] = []
    for path in paths:
        if not path.is_dir():
            plain.append(path)
        elif tournament.tournament_path(path).exists():
            from scorepad.app.tournament import results

            tables = results(path)[2]
            for file, session in tables.items():
                if session is not None:
                    names.append(str(path / file))
                    sessions.append(session)
        else:
            plain += stored.folder_files(path)
    names += map(str, plain)
    sessions += load_all(plain)
    if not sessions:
        raise ScorepadError([Problem(", ".join(map(str, paths)), _("no session to read"))])
    pairs = season.in_order(*zip(*season.between(names, sessions, None, high, mixed), strict=True))
    return [f for f, _s in pairs], [s for _f, s in pairs]
