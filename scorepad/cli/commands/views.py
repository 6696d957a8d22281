"""Looking at sessions: `history`, `standings`, `stats`, `chart`, `show`, `check`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import core, storage
from scorepad.app.season import season_in_order, sessions_between, tables_at
from scorepad.checks import length_problems
from scorepad.cli.base import command, family
from scorepad.cli.options import (
    FileArg,
    FilesArg,
    FormatOpt,
    JsonOpt,
    MinDealsOpt,
    RankBy,
    RankByOpt,
    SinceOpt,
    UntilOpt,
    ascii_int,
    complete_player,
    count_option,
    files_argument,
)
from scorepad.cli.output import (
    echo,
    echo_fit,
    echo_json,
    fitting,
    located,
    print_problems,
    run,
)
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.league import league as league_of
from scorepad.model import Table
from scorepad.ranking import standings as standings_of
from scorepad.rating import MIN_DEALS, explain, rate
from scorepad.render import rating as shown
from scorepad.render.chart import chart as chart_of
from scorepad.render.deals import (
    deal_object,
    explain_deal,
    history_grid,
    history_json,
    history_lines,
    session_label,
)
from scorepad.render.standings import (
    by_deal_grid,
    league_columns,
    league_labels,
    league_lines,
    league_object,
    standings_grid,
    standings_object,
)
from scorepad.scores import match_level, match_over, score
from scorepad.text import plural
from scorepad.variants import get_variant

commands = family()


@command(commands)
def history(file: FileArg, json_: JsonOpt = False, fmt: FormatOpt = "simple") -> None:
    session = storage.load(file)
    if json_:  # printed as it is made: a big season is never held as one text
        for chunk in history_json(session):
            typer.echo(chunk, nl=False)
    elif fmt == "simple":  # printed line by line: a big season is never held as one text
        for line in history_lines(session, fit=fitting()):
            echo(line)
        echo(_("next dealer: {x}").format(x=session.next_dealer()))
    else:
        echo(history_grid(session, fmt))


@command(commands)
def standings(
    files: FilesArg,
    json_: JsonOpt = False,
    fmt: FormatOpt = "simple",
    by_deal: Annotated[
        bool, typer.Option("--by-deal", help=_("add the running totals after every deal"))
    ] = False,
    league: Annotated[
        bool, typer.Option("--league", help=_("a season: one column per session, by date"))
    ] = False,
    rank_by: RankByOpt = RankBy.total,
    min_deals: MinDealsOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
) -> None:
    past: list[Problem] = []  # a tournament's tables holding deals past their length
    files, sessions = sessions_between(files, since, until, notes=run().notes, past=past)
    _standings(files, sessions, json_, fmt, by_deal, league, rank_by, min_deals)
    if past:
        raise ScorepadError(past)


def _standings(
    files: list[Path],
    sessions: list[Any],
    json_: bool,
    fmt: str,
    by_deal: bool,
    league: bool,
    rank_by: RankBy,
    min_deals: int | None,
) -> None:
    if min_deals is None:
        min_deals = 10 if league else 1
    if league:
        labels = [session_label(s, f.stem) for f, s in zip(files, sessions, strict=True)]
        rows_ = league_of(sessions, rank_by=rank_by.value, min_deals=min_deals)
        if json_:
            echo_json(league_object(sessions[0].variant, labels, rows_, rank_by.value, min_deals))
            return

        v = get_variant(sessions[0].variant)
        deals_ = sum(len(s.deals) for s in sessions)
        ranked = (
            _("by average (at least {deals})").format(deals=plural(min_deals, "deal"))
            if rank_by is RankBy.average
            else _("by total")
        )
        echo(
            _("{title} league: {sessions}, {deals} ({unit}), ranked {ranked}").format(
                title=_(v.title),
                sessions=plural(len(sessions), "session"),
                deals=plural(deals_, "deal"),
                unit=_(v.unit),
                ranked=ranked,
            )
        )
        rounds = [None if t is None else (t.folder, t.round, t.date) for t in tables_at(files)]
        columns = league_columns(league_labels(files, sessions), rounds)
        for line in league_lines(columns, rows_, fmt, fitting()):
            echo(line)
        return
    rows = standings_of(sessions, rank_by=rank_by.value, min_deals=min_deals)
    variant = sessions[0].variant
    deals = sum(len(s.deals) for s in sessions)
    if json_:
        echo_json(standings_object(variant, deals, rows))
        return

    v = get_variant(variant)
    heading = sessions[0].heading if len(sessions) == 1 else ""
    title = f"{heading} — {_(v.title)}" if heading else _(v.title)
    echo_fit(
        _("{title}: {deals} in {sessions} ({unit})").format(
            title=title,
            deals=plural(deals, "deal"),
            sessions=plural(len(sessions), "session"),
            unit=_(v.unit),
        )
    )
    if rank_by is RankBy.average:
        echo_fit(
            _("ranked by average per deal played (at least {deals})").format(
                deals=plural(min_deals, "deal")
            )
        )
    echo(standings_grid(variant, rows, fmt, fit=fitting(), by_average=rank_by is RankBy.average))
    if by_deal:
        echo("")
        echo(by_deal_grid(sessions, fmt))
    for session in sessions:
        over = match_over(session)
        said = over or match_level(session)  # a match level at its end goes on: said too
        if said:
            echo_fit(said)
    if len(sessions) == 1 and fmt == "simple" and not over:
        echo(_("next dealer: {x}").format(x=sessions[0].next_dealer()))


@command(commands, "stats")
def stats_command(
    files: FilesArg,
    since: SinceOpt = None,
    until: UntilOpt = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help=_("one player's card (a unique beginning will do)"),
            autocompletion=complete_player,
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    past: list[Problem] = []  # a tournament's tables holding deals past their length
    files, sessions = sessions_between(
        files,
        since,
        until,
        _("the files mix games ({which}): statistics add up one game at a time"),
        run().notes,
        past,
    )
    # here, not at the top: the statistics' modules would slow the family's other commands
    from scorepad.render import stats_text

    out = stats_text.command_output(files, sessions, player, json_, fitting())
    echo_json(out) if json_ else echo(out)
    if past:
        raise ScorepadError(past)


@command(commands)
def rating(
    files: Annotated[
        list[Path],
        files_argument(
            _("session files, or a folder of them; default: $SCOREPAD_FILE"), "FILE...|DIR"
        ),
    ],
    json_: JsonOpt = False,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help=_("one player's rating and what the last deals changed"),
            autocompletion=complete_player,
        ),
    ] = None,
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of", metavar="YYYY-MM-DD", help=_("the ratings as they stood on that date")
        ),
    ] = None,
    min_deals: Annotated[
        int,
        count_option("--min-deals", _("deals rated before a rating is shown")),
    ] = MIN_DEALS,
    fmt: FormatOpt = "simple",
) -> None:
    names, sessions = season_in_order(
        files, as_of, _("the files mix games ({which}): ratings rate one game at a time")
    )
    found = rate(sessions)
    title = _(get_variant(found.variant).title)
    if player is None:
        if json_:
            echo_json(shown.ratings_object(found, min_deals))
        else:
            echo(shown.ratings_text(found, title, len(sessions), min_deals, fmt, fitting()))
        return
    table = Table(found.variant, tuple(sorted(p.name for p in found.players)), {})
    try:
        name = table.resolve(player, _("player"))
    except ScorepadError as err:
        raise ScorepadError([Problem("--player", p.what) for p in err.problems]) from None
    rated = next(p for p in found.players if p.name == name)
    steps = explain(sessions, name)
    if json_:
        echo_json(shown.player_object(found, rated, min_deals, steps, sessions, names))
    else:
        echo(shown.player_text(rated, title, min_deals, steps, sessions, names, fitting()))


@command(commands)
def chart(file: FileArg) -> None:
    session = storage.load(file)
    if not session.deals:
        raise ScorepadError.at(str(file), _("no deals yet: nothing to draw"))
    echo(chart_of(session, fit=fitting() or 80))


@command(commands)
def show(
    file: FileArg,
    n: Annotated[
        int | None,
        typer.Argument(
            help=_("the deal's number (default: the last)"), parser=ascii_int, metavar="N"
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    session = storage.load(file)
    number = len(session.deals) if n is None else n
    with located(file):
        deal = core.deal_at(session, number)
    outcome = score(session, deal, number)
    if json_:
        obj = deal_object(session, number, deal, outcome)
        obj["explain"] = list(outcome.explain)
        echo_json(obj)
    else:
        echo(explain_deal(session, number, deal, outcome))


@command(commands)
def check(files: FilesArg) -> None:
    storage.check_distinct(files)
    bad = 0
    for f in files:
        try:
            session = core.check_session(storage.load(f))
        except ScorepadError as err:
            bad += 1
            print_problems(err.problems)
            continue
        past = length_problems(session)  # deals past the planned length, not marked
        if past:
            bad += 1
            print_problems(Problem(str(f), what) for what in past)
            continue
        echo(
            _("{f}: ok, {variant}, {players} players, {deals}, every deal adds up").format(
                f=f,
                variant=_(get_variant(session.variant).title),
                players=len(session.players),
                deals=plural(len(session.deals), "deal"),
            )
        )
    if bad:
        raise typer.Exit(1)
