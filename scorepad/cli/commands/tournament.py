"""Club tournaments: `tournament new`, `draw`, `tables`, `standings`, `check`, `report`."""

from __future__ import annotations

import datetime
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad.app import tournament as app
from scorepad.app.asking import yes_no
from scorepad.app.options import profile_or_club, text_problem
from scorepad.app.rename import rename_in_tournament
from scorepad.checks import typed_date
from scorepad.cli.base import Group, command, family, naming_games
from scorepad.cli.options import (
    HtmlOutputOpt,
    JsonOpt,
    NewNameArg,
    OldNameArg,
    RulesOpt,
    ask,
    asking,
    count_option,
    write_or_print,
)
from scorepad.cli.output import echo, echo_json, located, run
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.render import tournament as render
from scorepad.render.rules import rules_label
from scorepad.render.tournament import draw_lines, draw_quality, quality_line, tables_text
from scorepad.storage import tournament as files
from scorepad.text import plural
from scorepad.tournament.model import new_tournament, tournament_games
from scorepad.tournament.ranking import check_ranking, tie_break_keys
from scorepad.variants import get_variant

commands = family()
group = family()
commands.add_typer(
    group,
    name="tournament",
    cls=Group,
    invoke_without_command=True,
    help=_(
        "Club tournaments: rounds over several tables, a fair seat draw, one ranking.\n\n"
        "Each table of a round is an ordinary session file (DIR/round-N/table-T.toml),\n"
        "recorded with deal or play.\n\nExample: scorepad tournament new cup --variant "
        "french --players-file roster.txt --rounds 5 --deals 4"
    ),
)


@group.callback()
def _group(ctx: typer.Context) -> None:
    """`scorepad tournament` alone: its help, as --help would print it."""
    if ctx.invoked_subcommand is None:
        echo(ctx.get_help())


def _folder(text: str | Path) -> Path:
    """DIR as typed: an empty name is refused, not taken for the current folder."""
    if text == "":
        raise typer.BadParameter(
            _("the name is empty: name the tournament's folder (. for this one)")
        )
    return Path(text)


DirArg = Annotated[
    Path,
    typer.Argument(
        help=_("the tournament's folder"), metavar="DIR", show_default=False, parser=_folder
    ),
]


def _date(value: str | None, option: str, where: Path) -> str | None:
    """A date option as YYYY-MM-DD (None: not given), its problem located in the folder."""

    if value is None:
        return None
    with located(where):
        return typed_date(value, option)


@command(
    group,
    cls=naming_games(tournament_games),
    help_text=_(
        "Start a tournament: a folder with its tournament file (roster, rounds, deals per "
        "round).\nIt never overwrites one. The roster file holds one name a line.\n\n"
        "Example: scorepad tournament new cup --variant french --players-file roster.txt "
        "--rounds 5 --deals 4"
    ),
)
def new(
    folder: DirArg,
    variant: Annotated[str, typer.Option("--variant", "-v")],
    rounds: Annotated[int, count_option("--rounds", _("how many rounds"), "R")],
    deals: Annotated[
        int,
        count_option("--deals", _("deals each player plays per round"), "M"),
    ],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help=_("the players, comma-separated")),
    ] = None,
    players_file: Annotated[
        Path | None,
        typer.Option("--players-file", help=_("a file with one name a line")),
    ] = None,
    rules: RulesOpt = None,
    date: Annotated[
        str | None,
        typer.Option("--date", help=_("the tournament's date, YYYY-MM-DD (default: today)")),
    ] = None,
    title: Annotated[str, typer.Option("--title", help=_("a title for the tournament"))] = "",
) -> None:
    given = app.players_given(players, players_file, folder)
    bad = text_problem(title, "--title")
    if bad:
        raise ScorepadError([bad]).located(str(folder))
    day = _date(date, "--date", folder)
    if day is None:
        day = datetime.date.today().isoformat()

    profile, club = profile_or_club(rules)
    made = app.create(
        folder,
        partial(
            new_tournament,
            variant,
            given.names,
            rounds=rounds,
            deals=deals,
            profile=profile,
            title=title.strip(),
            date=day,
            where=given.where,
            places=given.places,
            club=club,
        ),
    )
    run().saved.append(str(folder))

    echo(
        ngettext(
            "created {file}: {game} ({profile} rules), {date}, {n} players, {rounds} round "
            "of {deals} a player; draw the first round with: scorepad tournament draw {folder}",
            "created {file}: {game} ({profile} rules), {date}, {n} players, {rounds} rounds "
            "of {deals} a player; draw the first round with: scorepad tournament draw {folder}",
            made.rounds,
        ).format(
            file=folder / "tournament.toml",
            game=_(get_variant(made.variant).title),
            profile=rules_label(made.rules),
            date=made.date,
            n=len(made.players),
            rounds=made.rounds,
            deals=plural(made.deals, "deal"),
            folder=folder,
        )
    )


def _ask_yes(question: str) -> bool:
    return yes_no(ask, echo, question, default=False)


@command(
    group,
    help_text=_(
        "Draw the next round and write its table files (seats in dealing order).\n\n"
        "Nobody meets the same opponent twice while that is possible; seats at tables of 5\n"
        "(or 3) are shared out; the same --seed draws the same tables. While the previous\n"
        "round is unfinished it asks on a terminal and refuses otherwise.\n\n"
        "Example: scorepad tournament draw cup --late Zoé --withdraw Bruno"
    ),
)
def draw(
    folder: DirArg,
    seed: Annotated[str, typer.Option("--seed", help=_("seeds the draw (any text)"))] = "0",
    late: Annotated[
        list[str] | None,
        typer.Option("--late", help=_("a player joining from this round (repeatable)")),
    ] = None,
    withdraw: Annotated[
        list[str] | None,
        typer.Option("--withdraw", help=_("a player leaving from this round (repeatable)")),
    ] = None,
    date: Annotated[
        str | None,
        typer.Option("--date", help=_("the round's date (default: the tournament's)")),
    ] = None,
    again: Annotated[
        bool,
        typer.Option(
            "--again", help=_("draw the last round again (none of its tables has a deal)")
        ),
    ] = False,
) -> None:
    day = _date(date, "--date", folder)
    replaced: list[Path] = []
    drawn = app.draw(
        folder,
        seed=seed,
        date=day,
        late=late or (),
        withdraw=withdraw or (),
        again=again,
        ask=_ask_yes if asking(None) else None,
        replaced=replaced,
    )
    run().notes.extend(
        _("note: {file} held no deal and was replaced (left by a draw that was cut short?)").format(
            file=path
        )
        for path in replaced
    )
    round_ = drawn.drawn[-1]
    run().saved.append(str(folder / f"round-{round_.number}"))
    echo(tables_text(drawn, round_))
    echo()
    echo(
        ngettext(
            "wrote {n} table file in {folder}; record it with scorepad deal or play",
            "wrote {n} table files in {folder}; record each with scorepad deal or play",
            len(round_.tables),
        ).format(n=len(round_.tables), folder=folder / f"round-{round_.number}")
    )
    echo(quality_line(draw_quality(drawn)))


@command(
    group,
    help_text=_(
        "Who goes where in a round (default: the last drawn): by table, then by name.\n\n"
        "Example: scorepad tournament tables cup --round 2 --html -o round-2.html"
    ),
)
def tables(
    folder: DirArg,
    round_number: Annotated[
        int | None,
        count_option("--round", _("the round (default: the last drawn)"), None),
    ] = None,
    as_json: JsonOpt = False,
    as_html: Annotated[bool, typer.Option("--html", help=_("one A4 page to pin up"))] = False,
    output: HtmlOutputOpt = None,
) -> None:
    tournament = files.load(folder)
    with located(folder):
        round_ = tournament.round(len(tournament.drawn) if round_number is None else round_number)
    if as_json:
        echo_json(render.tables_object(round_, tournament))
    elif as_html:
        _write_html(
            render.tables_html(tournament, round_),
            output,
            _("the tables of round {n}").format(n=round_.number),
            folder,
            tournament,
        )
    else:
        echo(render.tables_text(tournament, round_))


def _write_html(html: str, output: Path | None, what: str, folder: Path, tournament: Any) -> None:
    """`-o`: never over the tournament file, a table file or any file the command reads."""

    inputs = [files.tournament_path(folder)] + [
        files.table_path(folder, t.file) for r in tournament.drawn for t in r.tables
    ]
    write_or_print(
        output,
        html,
        _("wrote {output}: {what}").format(output=output, what=what),
        inputs=inputs,
    )


TieBreakOpt = Annotated[
    str | None,
    typer.Option(
        "--tie-break",
        help=_("break ties of total by best-round, average, or both in order: best-round,average"),
    ),
]


RankByOpt = Annotated[
    str,
    typer.Option("--rank-by", help=_("total (the FFT's plain sum) or average (per deal played)")),
]
BestOpt = Annotated[
    int | None,
    count_option("--best", _("rank by each player's best N rounds")),
]


def _ranking(
    folder: Path, tie_break: str | None, rank_by: str, best: int | None
) -> tuple[tuple[str, ...], str]:
    """The tie-break keys and the ranking asked for (`standings` and `report` alike), or the
    one-line refusal located at the tournament's folder."""

    how = rank_by.strip().lower()
    with located(folder):
        keys = tie_break_keys(tie_break)
        check_ranking(how, best)
    return keys, how


@command(
    group,
    help_text=_(
        "The ranking: every table's scores added up across rounds, a column per round.\n\n"
        "Ties share a place unless --tie-break picks keys. A * marks the figures of tables\n"
        "still short of deals (named below the table).\n\nExample: scorepad tournament "
        "standings cup --tie-break best-round,average"
    ),
)
def standings(
    folder: DirArg,
    as_json: JsonOpt = False,
    tie_break: TieBreakOpt = None,
    rank_by: RankByOpt = "total",
    best: BestOpt = None,
) -> None:
    keys, rank_by = _ranking(folder, tie_break, rank_by, best)
    past: list[Problem] = []  # tables holding deals past their length, not marked
    tournament, ranking, _sessions, _outcomes = app.results(folder, keys, rank_by, best, past)
    if as_json:
        echo_json(render.standings_object(ranking))
    else:
        echo(render.standings_text(tournament, ranking))
    if past:
        raise ScorepadError(past)


@command(
    group,
    help_text=_(
        "Check every table file: there, this tournament's (players in the drawn seats, the\n"
        "round's title and date, the rules) and with its deals. Exit 1 naming each wrong "
        "file.\n\nExample: scorepad tournament check cup"
    ),
)
def check(folder: DirArg) -> None:
    tournament, problems, good = app.check(folder)
    tables = sum(len(r.tables) for r in tournament.drawn)
    if problems:
        raise ScorepadError(problems)
    echo(
        _("{folder}: {drawn} of {rounds} drawn, {good} of {tables} as drawn and finished").format(
            folder=folder,
            drawn=len(tournament.drawn),
            rounds=plural(tournament.rounds, "round"),
            good=good,
            tables=plural(tables, "table"),
        )
    )

    for line in draw_lines(tournament):
        echo(line)


@command(
    group,
    help_text=_(
        "The results sheet: the ranking, a column per round, and every table's deals, as one\n"
        "self-contained HTML page for A4 and a phone.\n\n"
        "Example: scorepad tournament report cup -o results.html"
    ),
)
def report(
    folder: DirArg,
    output: HtmlOutputOpt = None,
    tie_break: TieBreakOpt = None,
    rank_by: RankByOpt = "total",
    best: BestOpt = None,
) -> None:
    keys, rank_by = _ranking(folder, tie_break, rank_by, best)
    tournament, ranking, sessions, outcomes = app.results(folder, keys, rank_by, best)
    _write_html(
        render.report_html(tournament, ranking, sessions, outcomes),
        output,
        _("the results sheet"),
        folder,
        tournament,
    )


@command(
    group,
    help_text=_(
        "Rename a player across the tournament: its roster, every round's draw and every "
        "table file, all or none.\n\nExample: scorepad tournament rename cup francois François"
    ),
)
def rename(
    folder: DirArg,
    old: OldNameArg,
    new: NewNameArg,
) -> None:
    who, name, tables = rename_in_tournament(folder, old, new)
    if who == name:
        echo(_("{folder}: {new} is already so named").format(folder=folder, new=name))
        return
    run().saved.append(_("the rename"))
    echo(
        ngettext(
            "{folder}: {old} is now {new}, in the roster, the draws and {n} table file",
            "{folder}: {old} is now {new}, in the roster, the draws and {n} table files",
            len(tables),
        ).format(folder=folder, old=who, new=name, n=len(tables))
    )
