"""Loading a season: the session files given (one game), by date, those between --since and
--until. The dates are checked before any file is read; every file's problems are said
together. The files go through storage, the order and the bounds through `scorepad.season`."""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scorepad import season, storage
from scorepad.checks import length_end, planned_length, typed_date, unmarked_past_length
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.storage.files import folder_files, read_bytes
from scorepad.variants import get_variant

# the tournament's modules are imported in the functions that read a tournament's files only:
# a season of evenings does without them (a command loads only what it needs)


def sessions_between(
    files: Sequence[Path],
    since: str | None,
    until: str | None,
    mixed: str | None = None,
    notes: list[str] | None = None,
    past: list[Problem] | None = None,
) -> tuple[list[Path], list[Session]]:
    """The sessions of the files (one game), by date (undated ones as given, last), those
    between `since` and `until` when given, with their files. `mixed`: the command's error
    for files of different games (with {which}; default: the standings'). `notes`: where to
    say that the sessions are scored by different rules, and how. A tournament's table
    holds the deals the tournament counts (`as_counted`); `past` gets a problem for each one
    holding deals past its length that are not marked as recorded with --continue, as
    `tournament standings` says it."""
    low, high = season.date_bounds(since, until)  # a wrong date is said before reading
    pairs = season.between(*load_all(files), low, high, mixed)
    kept, sessions = [f for f, _s in pairs], [s for _f, s in pairs]
    differ = season.rules_differences(kept, sessions)
    if differ and notes is not None:
        notes.append(_("note: {note}").format(note=differ))
    return kept, as_counted(kept, sessions, past)


@dataclass(frozen=True)
class TableAt:
    """A session file that is a table of a tournament's draws: the tournament's folder, the
    round's number and date, and the deals the draw gave the table."""

    folder: Path
    round: int
    date: str
    deals: int


def tables_at(files: Sequence[Path]) -> list[TableAt | None]:
    """Which of the files are tables of a tournament (`DIR/round-N/table-T.toml` that the
    tournament file of DIR names in its draws), each tournament file read once and never
    changed (a draw cut short is not finished here: its tables are then plain sessions)."""
    from scorepad.storage import tournament as files_of
    from scorepad.tournament.model import Tournament

    read: dict[Path, Tournament | None] = {}
    found: list[TableAt | None] = []
    for f in files:
        path = Path(f)
        number = re.fullmatch(r"round-([1-9][0-9]{0,3})", path.parent.name)
        folder = path.parent.parent
        there = files_of.tournament_path(folder)
        if number is None or not there.is_file():
            found.append(None)
            continue
        if folder not in read:
            try:
                read[folder] = files_of.from_bytes(read_bytes(there), there)
            except ScorepadError:
                read[folder] = None
        tournament = read[folder]
        n = int(number.group(1))
        if tournament is None or n > len(tournament.drawn):
            found.append(None)
            continue
        round_ = tournament.drawn[n - 1]
        file = f"{path.parent.name}/{path.name}"
        table = next((t for t in round_.tables if t.file == file), None)
        found.append(None if table is None else TableAt(folder, n, round_.date, table.deals))
    return found


def as_counted(
    files: Sequence[Path], sessions: Sequence[Session], past: list[Problem] | None = None
) -> list[Session]:
    """The sessions as they count: a tournament's table (`tables_at`) without the deals
    recorded after its last one (those `tournament standings` leaves out), the others as
    they are (an evening's deal recorded with --continue counts). `past`: as in
    `sessions_between`."""
    counted = list(sessions)
    if not any(Path(f).parent.name.startswith("round-") for f in files):
        return counted  # no tournament's table: no tournament file looked for
    from scorepad.app.tournament import past_length_problem

    for i, (f, table) in enumerate(zip(files, tables_at(files), strict=True)):
        if table is None:
            continue
        session = sessions[i]
        end = length_end(session.deals, table.deals)
        if end is not None and end < len(session.deals):
            counted[i] = replace(  # and the penalties recorded up to that deal
                session,
                deals=tuple(session.deals[:end]),
                penalties=tuple(p for p in session.penalties if p.after <= end),
            )
        length = planned_length(session.rules, get_variant(session.variant)) or table.deals
        unmarked = unmarked_past_length(session.deals, length)
        if unmarked and past is not None:
            past.append(past_length_problem(str(f), unmarked, length, table.deals))
    return counted


def load_all(
    files: Sequence[Path], beside: Container[Path] = ()
) -> tuple[list[Path], list[Session]]:
    """Every file's session, with its file, or every file's problems at once; a file given
    twice (it would count twice) is refused. Of the files `beside` (found in a folder), one
    that reads as no session but as a club's rules file is left out."""
    storage.check_distinct(files)
    kept: list[Path] = []
    sessions: list[Session] = []
    problems: list[Problem] = []
    for f in files:
        try:
            sessions.append(storage.load(f))
            kept.append(f)
        except ScorepadError as err:
            if f not in beside or not _is_rules_file(f):
                problems.extend(err.problems)
    if problems:
        raise ScorepadError(problems)
    return kept, sessions


def _is_rules_file(path: Path) -> bool:
    # a folder's file that is no session only: parsed again as a rules file
    from scorepad.storage.rules_file import is_rules_file

    return is_rules_file(path)


def season_in_order(
    paths: Sequence[Path], as_of: str | None, mixed: str
) -> tuple[list[str], list[Session]]:
    """The sessions of the files and folders given, by date and then name (the same files in
    any order: the same season), those on or before `as_of` when given; with their names.
    A folder gives its session files (`*.toml`); a tournament's folder, its tables as the
    tournament counts them. `mixed`: the error for files of different games."""
    from scorepad.storage import tournament

    high = None if as_of is None else typed_date(as_of, "--as-of")  # said before reading
    names: list[str] = []
    sessions: list[Session] = []
    plain: list[Path] = []
    beside: set[Path] = set()  # found in a folder
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
        else:  # its sessions (a club's rules file kept beside them is left out)
            found = folder_files(path)
            plain += found
            beside.update(found)
    plain, loaded = load_all(plain, beside)
    names += map(str, plain)
    sessions += as_counted(plain, loaded)  # a tournament's table, as it counts
    if not sessions:
        raise ScorepadError.at(", ".join(map(str, paths)), _("no session to read"))
    pairs = season.in_order(*zip(*season.between(names, sessions, None, high, mixed), strict=True))
    return [f for f, _s in pairs], [s for _f, s in pairs]
