"""Tournament operations: start one, draw a round (its table files written), read the tables
back for the ranking and the checks. No terminal: a question to the organiser is a function
the caller passes (`ask`), None where nobody can answer."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Session
from scorepad.tournament.model import RoundDraw, TableDraw, Tournament
from scorepad.tournament.ranking import Ranking, TableResult

Ask = Callable[[str], bool]


def create(
    folder: Path,
    variant: str,
    players: Sequence[str],
    *,
    rounds: int,
    deals: int,
    profile: str | None = None,
    title: str = "",
    date: str = "",
) -> Tournament:
    from scorepad.storage import tournament as files
    from scorepad.tournament.model import new_tournament

    try:
        tournament = new_tournament(
            variant, players, rounds=rounds, deals=deals, profile=profile, title=title, date=date
        )
    except ScorepadError as err:
        raise err.located(str(folder)) from None
    files.save_new(folder, tournament)
    return tournament


@dataclass(frozen=True)
class Read:
    """One table file as read for the ranking and the checks."""

    table: TableDraw
    result: TableResult
    found: int  # deals in the file (0 when it could not be read)
    wrong: tuple[str, ...]  # why the file is not this table's (or cannot be read)
    missing: bool = False
    session: Session | None = None  # the deals that count (None: the file counts nothing)


def read_table(folder: Path, tournament: Tournament, round_: RoundDraw, table: TableDraw) -> Read:
    """A table file read: what it counts (the first deals the draw gave it), or why nothing."""
    from scorepad import core, storage
    from scorepad.storage import tournament as files
    from scorepad.tournament.model import header_problems

    path = files.table_path(folder, table.file)
    if not path.exists():
        return Read(table, TableResult(problem=_("no such file")), 0, (_("no such file"),), True)
    try:
        session = storage.load(path)
    except ScorepadError as err:
        what = err.problems[0].what if err.problems else str(err)
        return Read(table, TableResult(problem=what), 0, (what,))
    wrong = header_problems(tournament, round_, table, session)
    found = len(session.deals)
    if wrong:
        return Read(table, TableResult(problem=_("not this table's file")), found, tuple(wrong))
    counted = replace(session, deals=tuple(session.deals[: table.deals]))
    try:
        rows = core.standings([counted])
    except ScorepadError as err:
        what = err.problems[0].what if err.problems else str(err)
        return Read(table, TableResult(problem=what), found, (what,))
    result = TableResult(
        recorded=len(counted.deals),
        totals={r.name: r.total for r in rows},
        played={r.name: r.played for r in rows},
        extra=max(0, found - table.deals),
    )
    return Read(table, result, found, (), session=counted)


def read_round(folder: Path, tournament: Tournament, round_: RoundDraw) -> list[Read]:
    return [read_table(folder, tournament, round_, t) for t in round_.tables]


def standings(
    folder: Path, tie_break: Sequence[str] = (), rank_by: str = "total", best: int | None = None
) -> tuple[Tournament, Ranking]:
    tournament, ranking, _sessions = results(folder, tie_break, rank_by, best)
    return tournament, ranking


def results(
    folder: Path, tie_break: Sequence[str] = (), rank_by: str = "total", best: int | None = None
) -> tuple[Tournament, Ranking, dict[str, Session | None]]:
    """The ranking, and each table's session as it counts (None: it counts nothing)."""
    from scorepad.storage import tournament as files
    from scorepad.tournament.ranking import rank

    tournament = files.load(folder)
    reads = [r for round_ in tournament.drawn for r in read_round(folder, tournament, round_)]
    ranking = rank(tournament, {r.table.file: r.result for r in reads}, tie_break, rank_by, best)
    return tournament, ranking, {r.table.file: r.session for r in reads}


def check(folder: Path) -> tuple[Tournament, list[Problem], int]:
    """Every table file the draws name, and any other file in a round's folder: the
    problems (each naming its file) and the number of tables that are as drawn and finished."""
    from scorepad.storage import tournament as files
    from scorepad.tournament.model import roster_changes

    tournament = files.load(folder)
    problems: list[Problem] = []
    good = 0
    for round_ in tournament.drawn:
        for read in read_round(folder, tournament, round_):
            where = str(files.table_path(folder, read.table.file))
            if read.missing:
                problems.append(
                    Problem(
                        where,
                        _("missing: round {round}, table {table} ({players})").format(
                            round=round_.number,
                            table=read.table.number,
                            players=_(", ").join(read.table.players),
                        ),
                    )
                )
                continue
            if read.wrong:
                problems.extend(
                    Problem(where, _("not this table's file: {why}").format(why=why))
                    for why in read.wrong
                )
                continue
            if read.session is not None:  # counted as recorded, but not as drawn
                problems.extend(Problem(where, why) for why in roster_changes(read.session))
            if read.found < read.table.deals:
                problems.append(
                    Problem(
                        where,
                        _("unfinished: {found} of the table's {deals} deals").format(
                            found=read.found, deals=read.table.deals
                        ),
                    )
                )
            elif read.found > read.table.deals:
                problems.append(
                    Problem(
                        where,
                        _(
                            "{found} deals, the table plays {deals}: the deals after "
                            "{deals} are not counted"
                        ).format(found=read.found, deals=read.table.deals),
                    )
                )
            else:
                good += 1
    for n in range(1, tournament.rounds + 1):
        named = (
            {t.file for t in tournament.drawn[n - 1].tables}
            if n <= len(tournament.drawn)
            else set()
        )
        for file in files.round_files(folder, n):
            if file not in named:
                problems.append(
                    Problem(
                        str(files.table_path(folder, file)),
                        _("not a table of the draws: not counted"),
                    )
                )
    return tournament, problems, good


def unfinished_tables(folder: Path, tournament: Tournament, round_: RoundDraw) -> list[Read]:
    return [
        r
        for r in read_round(folder, tournament, round_)
        if r.result.problem or r.result.recorded < r.table.deals
    ]


def draw(
    folder: Path,
    *,
    seed: str = "0",
    date: str | None = None,
    late: Sequence[str] = (),
    withdraw: Sequence[str] = (),
    again: bool = False,
    ask: Ask | None = None,
    replaced: list[Path] | None = None,
) -> Tournament:
    """Draw the next round (`again`: the last round once more, none of its tables holding a
    deal) and write its table files: one ordinary session per table, the seats in dealing
    order. While the previous round is unfinished, `ask` is asked; without it (no terminal)
    the draw is refused. Nothing is written unless everything is; a table file in the way
    that holds no deal is replaced (and put in `replaced`), any other refuses the draw."""
    from scorepad.storage import tournament as files
    from scorepad.tournament.model import draw_next

    before = files.load(folder)
    base = _without_last(folder, before) if again else before
    if base.drawn and not again:
        _previous_round_finished(folder, base, ask)
    with files.changing(folder) as (current, save):
        if current != before:
            raise ScorepadError(
                [
                    Problem(
                        str(files.tournament_path(folder)),
                        _("changed while scorepad was drawing; nothing was drawn: try again"),
                    )
                ]
            )
        if again:
            base = _without_last(folder, current)
            old = current.drawn[-1]
            date = date or old.date
        try:
            drawn = draw_next(
                base, seed=seed, date=date or base.date or _today(), late=late, withdraw=withdraw
            )
        except ScorepadError as err:
            raise err.located(str(folder)) from None
        if again:
            _remove_tables(folder, old)
        try:
            written = _write_tables(folder, drawn, drawn.drawn[-1], replaced)
        except BaseException:
            if again:  # the round as it was: its files back (they held no deal)
                with contextlib.suppress(ScorepadError, OSError):
                    _write_tables(folder, current, old)
            raise
        try:
            save(drawn)
        except BaseException:
            for path in written:
                files.remove_unplayed(path)
            raise
    return drawn


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


def _without_last(folder: Path, tournament: Tournament) -> Tournament:
    """The tournament as it was before its last round was drawn. Refused when none is
    drawn, or a table of it holds a deal."""
    from scorepad import storage
    from scorepad.storage import tournament as files

    if not tournament.drawn:
        raise ScorepadError(
            [Problem("--again", _("no round is drawn yet (scorepad tournament draw)"))]
        )
    last = tournament.drawn[-1]
    paths = [files.table_path(folder, t.file) for t in last.tables]
    for path in paths:
        if not path.exists():
            continue
        try:
            played = len(storage.load(path).deals)
        except ScorepadError as err:
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _("cannot be read, so round {n} is not drawn again").format(n=last.number),
                    )
                ]
            ) from err
        if played:
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        ngettext(
                            "holds {n} deal: round {round} is under way and is not drawn again",
                            "holds {n} deals: round {round} is under way and is not drawn again",
                            played,
                        ).format(n=played, round=last.number),
                    )
                ]
            )
    # the roster as the last round left it: its late players and withdrawals kept
    return replace(tournament, drawn=tournament.drawn[:-1])


def _remove_tables(folder: Path, round_: RoundDraw) -> None:
    """A round's table files deleted, each only while it holds no deal."""
    from scorepad.storage import tournament as files

    for table in round_.tables:
        files.remove_unplayed(files.table_path(folder, table.file))


def _previous_round_finished(folder: Path, tournament: Tournament, ask: Ask | None) -> None:
    last = tournament.drawn[-1]
    short = unfinished_tables(folder, tournament, last)
    if not short:
        return
    names = _(", ").join(
        _("table {t} ({found} of {deals})").format(
            t=r.table.number, found=r.result.recorded, deals=r.table.deals
        )
        for r in short
    )
    nothing = all(r.result.recorded == 0 for r in read_round(folder, tournament, last))
    if nothing:
        said = _(
            "round {n} was drawn and has no deal recorded yet (to draw it again instead: --again)"
        ).format(n=last.number)
    else:
        said = _("round {n} is not finished: {tables}").format(n=last.number, tables=names)
    if ask is None:
        raise ScorepadError(
            [
                Problem(
                    str(folder),
                    said
                    + _(
                        "; nothing was drawn (record its deals first, or draw on a terminal "
                        "to be asked)"
                    ),
                )
            ]
        )
    if not ask(said + _(". Draw round {n} now?").format(n=last.number + 1)):
        raise ScorepadError([Problem(str(folder), _("nothing was drawn"))])


def _write_tables(
    folder: Path, tournament: Tournament, round_: RoundDraw, replaced: list[Path] | None = None
) -> list[Path]:
    """Each table's session file, new. A file in the way that holds no deal (left by a draw
    that was interrupted) is replaced, and listed in `replaced`; if any other is there,
    nothing is written."""
    from scorepad import core, storage
    from scorepad.storage import tournament as files
    from scorepad.tournament.model import seats

    paths = [files.table_path(folder, t.file) for t in round_.tables]
    empty: list[Path] = []
    for path in paths:
        if path.exists() or path.is_symlink():
            if path.is_file() and not path.is_symlink() and _holds_no_deal(path):
                empty.append(path)
                continue
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _("is there already; a draw never overwrites a file (move it away)"),
                    )
                ]
            )
    sessions = [
        core.new_session(
            tournament.variant,
            table.players,
            seats=seats(tournament.variant, len(table.players)),
            profile=tournament.profile,
            title=table.title,
            date=round_.date,
            dealer=table.players[0],
        )
        for table in round_.tables
    ]
    files.make_round_folder(folder, round_.number)
    for path in empty:
        files.remove_unplayed(path)
    if replaced is not None:
        replaced.extend(empty)
    written: list[Path] = []
    try:
        for path, session in zip(paths, sessions, strict=True):
            storage.save_new(path, session)
            written.append(path)
    except BaseException:
        for path in written:
            files.remove_unplayed(path)
        raise
    return written


def _holds_no_deal(path: Path) -> bool:
    from scorepad import storage

    try:
        return not storage.load(path).deals
    except ScorepadError:
        return False
