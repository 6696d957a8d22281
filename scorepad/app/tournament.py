"""Tournament operations: start one, draw a round (its table files written), read the tables
back for the ranking and the checks. A question to the organiser is the caller's `ask`."""

from __future__ import annotations

import datetime
import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scorepad import checks, core, storage
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Outcome, Session
from scorepad.ranking import standings
from scorepad.scores import outcomes
from scorepad.storage import tournament as files
from scorepad.storage.files import read_text
from scorepad.text import plural, split_names
from scorepad.tournament.model import (
    RoundDraw,
    TableDraw,
    Tournament,
    draw_next,
    header_problems,
    length_problem,
    roster_changes,
    seats,
)
from scorepad.tournament.ranking import Ranking, TableResult, rank
from scorepad.variants import get_variant

Ask = Callable[[str], bool]


@dataclass(frozen=True)
class Players:
    """A new tournament's players as given, and where: `--players`, or the roster file,
    each name at its line ("roster.txt: line 3"), for its problems to say."""

    names: list[str]
    where: str = "--players"
    places: tuple[str, ...] = ()


def players_given(players: str | None, players_file: Path | None, where: Path) -> Players:
    """A new tournament's players: `--players` as typed (comma-separated), or the lines of
    `--players-file` (one name a line, blank lines skipped); exactly one of the two."""
    if (players is None) == (players_file is None):
        raise ScorepadError.at(where, _("give the players with --players or --players-file (one)"))
    if players is not None:
        return Players(split_names(players))
    assert players_file is not None
    text = read_text(players_file, f"{where}: --players-file")
    lines = [(n, line.strip()) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    return Players(
        [name for _n, name in lines],
        str(players_file),
        tuple(_("{file}: line {n}").format(file=players_file, n=n) for n, _name in lines),
    )


def create(folder: Path, make: Callable[[], Tournament]) -> Tournament:
    """The tournament `make()` builds (`tournament.model.new_tournament` with its options),
    saved new in `folder`; its problems are located at the folder."""
    try:
        tournament = make()
    except ScorepadError as err:
        raise err.located(str(folder)) from None
    files.save_new(folder, tournament)
    return tournament


@dataclass(frozen=True)
class Read:
    """One table file as read for the ranking and the checks."""

    table: TableDraw
    result: TableResult
    wrong: tuple[str, ...]  # why the file is not this table's (or cannot be read)
    missing: bool = False
    session: Session | None = None  # the deals that count (None: the file counts nothing)
    outcomes: tuple[Outcome, ...] = ()  # theirs, scored once for the ranking and the sheet
    # the deals past the table's length not marked as recorded with --continue, and the length
    unmarked: tuple[int, ...] = ()
    length: int = 0


def load_table(folder: Path, tournament: Tournament, round_: RoundDraw, table: TableDraw) -> Read:
    """A table file read: what it counts (the first deals the draw gave it), or why nothing."""
    path = files.table_path(folder, table.file)
    if not path.exists():
        return Read(table, TableResult(problem=_("no such file")), (_("no such file"),), True)
    try:
        session = storage.load(path)
    except ScorepadError as err:
        what = err.problems[0].what if err.problems else str(err)
        return Read(table, TableResult(problem=what), (what,))
    wrong = header_problems(tournament, round_, table, session)
    found = len(session.deals)
    if wrong:
        return Read(table, TableResult(problem=_("not this table's file")), tuple(wrong))
    # the deals up to the table's last one played (passed and cancelled ones are dealt again)
    end = checks.length_end(session.deals, table.deals) or found
    counted = replace(  # and the penalties recorded up to that deal
        session,
        deals=tuple(session.deals[:end]),
        penalties=tuple(p for p in session.penalties if p.after <= end),
    )
    length = checks.planned_length(session.rules, get_variant(session.variant)) or table.deals
    unmarked = tuple(checks.unmarked_past_length(session.deals, length))
    try:
        scored = tuple(outcomes(counted))
        rows = standings([counted], scored=[scored])
    except ScorepadError as err:
        what = err.problems[0].what if err.problems else str(err)
        return Read(table, TableResult(problem=what), (what,))
    dealt = [o for deal, o in zip(counted.deals, scored, strict=True) if not deal.redealt]
    result = TableResult(
        recorded=len(dealt),
        totals={r.name: r.total for r in rows},
        penalties={r.name: r.penalties for r in rows if r.penalties},
        played={r.name: r.played for r in rows},
        counted=dict(Counter(p for o in dealt for p in o.scores)),
    )
    return Read(
        table, result, (), session=counted, outcomes=scored, unmarked=unmarked, length=length
    )


def read_round(folder: Path, tournament: Tournament, round_: RoundDraw) -> list[Read]:
    return [load_table(folder, tournament, round_, t) for t in round_.tables]


def results(
    folder: Path,
    tie_break: Sequence[str] = (),
    rank_by: str = "total",
    best: int | None = None,
    past: list[Problem] | None = None,
) -> tuple[Tournament, Ranking, dict[str, Session | None], dict[str, tuple[Outcome, ...]]]:
    """The ranking, each table's session as it counts (None: it counts nothing) and its
    deals' outcomes (scored once: the sheet shows those the ranking added up); `past` gets a
    problem for each table holding deals past its length not marked as recorded with
    --continue."""
    tournament = files.load(folder)
    reads = [r for round_ in tournament.drawn for r in read_round(folder, tournament, round_)]
    if past is not None:
        past.extend(_past_length(folder, r) for r in reads if r.unmarked)
    ranking = rank(tournament, {r.table.file: r.result for r in reads}, tie_break, rank_by, best)
    return (
        tournament,
        ranking,
        {r.table.file: r.session for r in reads},
        {r.table.file: r.outcomes for r in reads},
    )


def _past_length(folder: Path, read: Read) -> Problem:
    return past_length_problem(
        str(files.table_path(folder, read.table.file)), read.unmarked, read.length, read.table.deals
    )


def past_length_problem(where: str, unmarked: Sequence[int], length: int, deals: int) -> Problem:
    """A table file holding deals past its length (`length`), not marked as recorded with
    --continue: what the tournament's commands and the standings of its files say."""
    return Problem(
        where,
        _("{why} (the tournament counts the first {deals})").format(
            why=checks.past_length_problem(unmarked, length), deals=plural(deals, "deal")
        ),
    )


def check(folder: Path) -> tuple[Tournament, list[Problem], int]:
    """Every table file the draws name, and any other file in a round's folder: the
    problems (each naming its file) and the number of tables that are as drawn and finished."""
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
                planned = length_problem(read.table, read.session)
                if planned:
                    problems.append(Problem(where, planned))
            if read.result.recorded < read.table.deals:  # deals played: passes are dealt again
                problems.append(
                    Problem(
                        where,
                        ngettext(
                            "unfinished: {found} of the table's {deals} deal",
                            "unfinished: {found} of the table's {deals} deals",
                            read.table.deals,
                        ).format(found=read.result.recorded, deals=read.table.deals),
                    )
                )
            elif read.unmarked:  # marked ones (recorded with --continue) are not counted
                problems.append(_past_length(folder, read))
            else:
                good += 1
    for n in range(1, tournament.rounds + 1):
        named = {t.file for round_ in tournament.drawn[n - 1 : n] for t in round_.tables}
        problems.extend(
            Problem(str(files.table_path(folder, file)), _("not a table of the draws: not counted"))
            for file in files.round_files(folder, n)
            if file not in named
        )
    return tournament, problems, good


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
    before = files.load(folder)
    base = _without_last(folder, before) if again else before
    if base.drawn and not again:
        _previous_round_finished(folder, base, ask)
    # the tournament file locked first, then every table file the draw writes or removes
    # (scorepad.storage.transaction); a first draw writes its new table files, then the
    # tournament file that lists them (no journal: until then they are no part of it), a
    # draw again replaces listed tables and keeps a journal
    with files.transaction(folder, journal=again) as (tx, current):
        if current != before:
            raise ScorepadError.at(
                files.tournament_path(folder),
                _("changed while scorepad was drawing; nothing was drawn: try again"),
            )
        old = current.drawn[-1] if again else None
        if old is not None:
            base = replace(current, drawn=current.drawn[:-1])
            date = date or old.date
        date = date or base.date or datetime.date.today().isoformat()
        try:
            drawn = draw_next(base, seed=seed, date=date, late=late, withdraw=withdraw)
        except ScorepadError as err:
            raise err.located(str(folder)) from None
        round_ = drawn.drawn[-1]
        files.make_round_folder(folder, round_.number)
        ours = {t.file for t in old.tables} if old else set()
        names = sorted(ours | {t.file for t in round_.tables})
        paths = [files.table_path(folder, file) for file in names]
        for path in paths:
            if path.is_symlink():
                raise _refused_in_the_way(path)
        for file, path, data in zip(names, paths, tx.lock(paths), strict=True):
            if file in ours:  # under each table's lock: still without a deal
                if data is not None:
                    read = functools.partial(storage.load_bytes, data, path)
                    _holds_no_deal(path, round_.number, read)
            else:
                _in_the_way(path, data, replaced)
        for table, session in zip(round_.tables, _table_sessions(drawn, round_), strict=True):
            tx.write(files.table_path(folder, table.file), storage.dumps(session).encode("utf-8"))
        for file in sorted(ours - {t.file for t in round_.tables}):
            tx.remove(files.table_path(folder, file))
        tx.write(files.tournament_path(folder), files.dumps(drawn).encode("utf-8"))
        tx.commit()
    return drawn


def _without_last(folder: Path, tournament: Tournament) -> Tournament:
    """The tournament as it was before its last round was drawn. Refused when none is
    drawn, or a table of it holds a deal."""
    if not tournament.drawn:
        raise ScorepadError.at("--again", _("no round is drawn yet (scorepad tournament draw)"))
    last = tournament.drawn[-1]
    paths = [files.table_path(folder, t.file) for t in last.tables]
    for path in paths:
        if path.exists():
            _holds_no_deal(path, last.number, functools.partial(storage.load, path))
    # the roster as the last round left it: its late players and withdrawals kept
    return replace(tournament, drawn=tournament.drawn[:-1])


def _previous_round_finished(folder: Path, tournament: Tournament, ask: Ask | None) -> None:
    last = tournament.drawn[-1]
    reads = read_round(folder, tournament, last)
    short = [r for r in reads if r.result.problem or r.result.recorded < r.table.deals]
    if not short:
        return
    names = _(", ").join(
        _("table {t} ({found} of {deals})").format(
            t=r.table.number, found=r.result.recorded, deals=r.table.deals
        )
        for r in short
    )
    if all(r.result.recorded == 0 for r in reads):
        said = _(
            "round {n} was drawn and has no deal recorded yet (to draw it again instead: --again)"
        ).format(n=last.number)
    else:
        said = _("round {n} is not finished: {tables}").format(n=last.number, tables=names)
    if ask is None:
        raise ScorepadError.at(
            folder,
            said
            + _("; nothing was drawn (record its deals first, or draw on a terminal to be asked)"),
        )
    if not ask(said + _(". Draw round {n} now?").format(n=last.number + 1)):
        raise ScorepadError.at(folder, _("nothing was drawn"))


def _refused_in_the_way(path: Path) -> ScorepadError:
    return ScorepadError.at(
        path, _("is there already; a draw never overwrites a file (move it away)")
    )


def _holds_no_deal(path: Path, n: int, read: Callable[[], Session]) -> None:
    """A table file of round `n`, about to be drawn again, holds no deal: else refused, and
    so is one that cannot be read."""
    try:
        played = len(read().deals)
    except ScorepadError as err:
        raise ScorepadError.at(
            path, _("cannot be read, so round {n} is not drawn again").format(n=n)
        ) from err
    if played:
        raise ScorepadError.at(
            path,
            ngettext(
                "holds {n} deal: round {round} is under way and is not drawn again",
                "holds {n} deals: round {round} is under way and is not drawn again",
                played,
            ).format(n=played, round=n),
        )


def _in_the_way(path: Path, data: bytes | None, replaced: list[Path] | None) -> None:
    """A file where a new table file goes (`data`, read under its lock): none, or one
    holding no deal (left by a draw that did not finish: replaced, and listed in
    `replaced`); any other refuses the draw."""
    if data is None:
        return
    try:
        empty = not storage.load_bytes(data, path).deals
    except ScorepadError:
        empty = False
    if not empty:
        raise _refused_in_the_way(path)
    if replaced is not None:
        replaced.append(path)


def _table_sessions(tournament: Tournament, round_: RoundDraw) -> list[Session]:
    """Each table's session as the draw writes it, the seats in dealing order."""
    return [
        core.new_session(
            tournament.variant,
            table.players,
            seats=seats(tournament.variant, len(table.players)),
            club=(tournament.variant, tournament.rules),
            title=table.title,
            date=round_.date,
            dealer=table.players[0],
            settings={"deals": str(table.deals)},  # the table's planned length
        )
        for table in round_.tables
    ]
