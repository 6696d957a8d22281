"""Renaming a player: in one session file (one locked save), in several (a season's evenings:
every file or none, through one `Transaction`), or across a tournament (its roster, its draws
and every table file, all or none, the tournament file last). Titles and notes stay as typed."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scorepad import roster, storage
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session, Table, nfc
from scorepad.roster import Renamed
from scorepad.storage.files import MAX_FILE_BYTES
from scorepad.storage.transaction import Transaction
from scorepad.text import fold


@dataclass(frozen=True)
class Done:
    """One file renamed in: who was renamed there, and whether the file changed."""

    path: Path
    old: str
    new: str
    changed: bool


def rename_files(paths: Sequence[Path], old: str, new: str, notes: list[str]) -> list[Done]:
    """`old` (as typed, matched in each file) is `new` in every file given; refused as a
    whole (nothing written) when any file cannot be: every problem of every file said."""
    problems = roster.plain_name_problems(new)  # said once, before any file is read
    if problems:
        raise ScorepadError(problems)
    storage.check_distinct(paths)  # the same file given twice (a link, the same name): refused
    if len(paths) == 1:  # one locked save
        made: list[Renamed] = []

        def change(now: Session) -> Session:
            made.append(_renamed(now, old, new, paths[0]))
            return made[0].session

        storage.update(paths[0], change, notes)
        return [Done(paths[0], made[0].old, made[0].new, made[0].old != made[0].new)]
    done: list[Done] = []
    # the journal in the folder that holds them all (a season's folder; it must be
    # writable): a rename cut short there is finished by `scorepad recover FOLDER`
    folder = os.path.commonpath([os.path.realpath(p) for p in paths])
    folder = folder if os.path.isdir(folder) else os.path.dirname(folder)
    with Transaction(Path(folder)) as tx:
        renamed: list[tuple[Path, Renamed]] = []
        formats: dict[Path, object] = {}  # the format each file was read in
        for path, data in zip(paths, tx.lock(paths), strict=True):
            if data is None:
                problems.append(Problem(str(path), _("no such file")))
                continue
            try:
                renamed.append((path, _renamed(storage.load_bytes(data, path), old, new, path)))
                formats[path] = storage.file_format(data, path)
            except ScorepadError as err:
                problems.extend(err.problems)
        problems.extend(_one_person(renamed, old))
        if problems:
            raise ScorepadError(problems)
        for path, r in renamed:
            changed = r.old != r.new
            if changed:
                data = storage.dumps(r.session).encode("utf-8")
                if len(data) > MAX_FILE_BYTES:  # it could not be read again
                    problems.append(
                        Problem(
                            str(path),
                            _(
                                "would grow past {x} MiB, more than scorepad reads; nothing was "
                                "saved: start a new session file"
                            ).format(x=MAX_FILE_BYTES // 2**20),
                        )
                    )
                tx.write(path, data)
            done.append(Done(path, r.old, r.new, changed))
        if problems:
            raise ScorepadError(problems)
        tx.commit()
    for d in done:
        note = storage.upgrade_note(d.path, formats[d.path])
        if d.changed and note:
            notes.append(note)  # once saved
    return done


def _renamed(session: Session, old: str, new: str, path: Path) -> Renamed:
    """`roster.rename` in the file at `path`, its problems located there."""
    try:
        return roster.rename(session, old, new)
    except ScorepadError as err:
        raise err.located(str(path)) from None


def _one_person(renamed: Sequence[tuple[Path, Renamed]], typed: str) -> list[Problem]:
    """`OLD` typed over several files must name one person in all (a beginning could be
    Anna in one evening and Annette in the next)."""
    people = {fold(r.old): r.old for _path, r in renamed}
    if len(people) <= 1:
        return []
    return [
        Problem(
            "OLD",
            _("{typed} is {who}: type the name in full").format(
                typed=typed,
                who=_(" or ").join(f"{r.old} ({path})" for path, r in renamed),
            ),
        )
    ]


def rename_in_tournament(folder: Path, old: str, new: str) -> tuple[str, str, list[str]]:
    """`old` is `new` in the tournament: its roster, every round's draw and every table
    file there is; all or none, the tournament file written last. Returns (who, new, the
    table files changed)."""
    from scorepad.storage import tournament as files  # a tournament's modules: for one only

    with files.transaction(folder) as (tx, current):
        everybody = current.everybody()
        try:
            who = Table(current.variant, everybody, {}).resolve(old, _("player"))
        except ScorepadError as err:
            raise ScorepadError([Problem("OLD", p.what) for p in err.problems]).located(
                str(folder)
            ) from None
        new = nfc(new)
        problems = roster.new_name_problems(new, [p for p in everybody if p != who])
        if problems:
            raise ScorepadError(problems).located(str(folder))
        if new == who:
            return who, new, []

        def name(p: str) -> str:
            return new if p == who else p

        changed: list[str] = []
        errors: list[Problem] = []
        seated = [t.file for r in current.drawn for t in r.tables if who in t.players]
        paths = [files.table_path(folder, file) for file in seated]
        for file, path, data in zip(seated, paths, tx.lock(paths), strict=True):
            if data is None:
                continue  # a missing table file: `tournament check` names it
            try:
                session = storage.load_bytes(data, path)
            except ScorepadError as err:
                errors.extend(err.problems)
                continue
            if who not in session.players:
                errors.append(Problem(str(path), _("{who} is not at this table").format(who=who)))
                continue
            try:
                r = roster.rename(session, who, new)
            except ScorepadError as err:
                errors.extend(err.located(str(path)).problems)
                continue
            if r.old != r.new:
                tx.write(path, storage.dumps(r.session).encode("utf-8"))
                changed.append(file)
        if errors:
            raise ScorepadError(errors)
        drawn = tuple(
            replace(
                round_,
                tables=tuple(
                    replace(t, players=tuple(name(p) for p in t.players)) for t in round_.tables
                ),
            )
            for round_ in current.drawn
        )
        after = replace(
            current,
            players=tuple(name(p) for p in current.players),
            drawn=drawn,
            withdrawn=tuple(name(p) for p in current.withdrawn),
        )
        tx.write(files.tournament_path(folder), files.dumps(after).encode("utf-8"))
        tx.commit()
    return who, new, changed
