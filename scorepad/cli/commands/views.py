"""Looking at sessions: `history`, `standings`, `stats`, `chart`, `show`, `check`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from scorepad.cli.base import Command, family
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
)
from scorepad.cli.output import echo, echo_fit, echo_json, fitting, handled, print_problems
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.text import plural

commands = family()


@commands.command(
    cls=Command,
    help=_(
        "Every deal with its scores and running totals.\n\nExample: scorepad history "
        "club.toml --format github"
    ),
)
@handled
def history(file: FileArg, json_: JsonOpt = False, fmt: FormatOpt = "simple") -> None:
    from scorepad import storage
    from scorepad.render.deals import history_grid, history_json, history_lines

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


@commands.command(
    cls=Command,
    help=_(
        "Players ranked by total, over one or more session files of the same game.\n\n"
        "Example: scorepad standings club.toml; scorepad standings season/*.toml --league"
    ),
)
@handled
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
    from scorepad.app.season import sessions_between
    from scorepad.league import league as league_of
    from scorepad.ranking import standings as standings_of
    from scorepad.render.deals import session_label
    from scorepad.render.standings import (
        by_deal_grid,
        league_grid,
        league_labels,
        league_object,
        standings_grid,
        standings_object,
    )
    from scorepad.scores import match_over

    files, sessions = sessions_between(files, since, until)
    if min_deals is None:
        min_deals = 10 if league else 1
    if league:
        labels = [session_label(s, f.stem) for f, s in zip(files, sessions, strict=True)]
        rows_ = league_of(sessions, rank_by=rank_by.value, min_deals=min_deals)
        if json_:
            echo_json(league_object(sessions[0].variant, labels, rows_, rank_by.value, min_deals))
            return
        from scorepad.variants import get_variant

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
        echo(league_grid(league_labels(files, sessions), rows_, fmt))
        return
    rows = standings_of(sessions, rank_by=rank_by.value, min_deals=min_deals)
    variant = sessions[0].variant
    deals = sum(len(s.deals) for s in sessions)
    if json_:
        echo_json(standings_object(variant, deals, rows))
        return
    from scorepad.variants import get_variant

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
        if over:
            echo_fit(over)
    if len(sessions) == 1 and fmt == "simple" and not over:
        echo(_("next dealer: {x}").format(x=sessions[0].next_dealer()))


@commands.command(
    "stats",
    cls=Command,
    help=_(
        "Statistics over one or more session files of the same game: by player, by contract and "
        "by role.\n\nFrench Tarot: takes, contracts made, averages as taker, partner and defender, "
        "slams,\nhandfuls; Troggu: Tapp and Solo games, chips by kind; Piedmont: deals and matches "
        "won.\n\nExample: scorepad stats season/*.toml --since 2026-09-01 --player Anna"
    ),
)
@handled
def stats_command(
    files: FilesArg,
    since: SinceOpt = None,
    until: UntilOpt = None,
    player: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--player",
            metavar="NAME",
            help=_("one player's card (a unique beginning will do)"),
            autocompletion=complete_player,
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    from scorepad.app.season import sessions_between
    from scorepad.render import stats_text

    files, sessions = sessions_between(
        files,
        since,
        until,
        _("the files mix games ({which}): statistics add up one game at a time"),
    )
    out = stats_text.command_output(files, sessions, player, json_, fitting())
    echo_json(out) if json_ else echo(out)


@commands.command(
    cls=Command,
    help=_(
        "The running totals of every player, deal by deal, drawn in the terminal.\n\n"
        "Example: scorepad chart club.toml"
    ),
)
@handled
def chart(file: FileArg) -> None:
    from scorepad import storage
    from scorepad.render.chart import chart

    session = storage.load(file)
    if not session.deals:
        raise ScorepadError([Problem(str(file), _("no deals yet: nothing to draw"))])
    echo(chart(session, fit=fitting() or 80))


@commands.command(
    cls=Command,
    help=_("One deal with its arithmetic spelled out.\n\nExample: scorepad show club.toml 3"),
)
@handled
def show(
    file: FileArg,
    n: Annotated[
        Optional[int],  # noqa: UP045
        typer.Argument(
            help=_("the deal's number (default: the last)"), parser=ascii_int, metavar="N"
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    from scorepad import core, storage
    from scorepad.render.deals import deal_object, explain_deal
    from scorepad.scores import score

    session = storage.load(file)
    number = len(session.deals) if n is None else n
    try:
        deal = core.deal_at(session, number)
    except ScorepadError as err:
        raise err.located(str(file)) from None
    outcome = score(session, deal, number)
    if json_:
        obj = deal_object(session, number, deal, outcome)
        obj["explain"] = list(outcome.explain)
        echo_json(obj)
    else:
        echo(explain_deal(session, number, deal, outcome))


@commands.command(
    cls=Command,
    help=_(
        "Validate session files and report every problem; exit 1 if any.\n\nExample: "
        "scorepad check examples/*.toml"
    ),
)
@handled
def check(files: FilesArg) -> None:
    from scorepad import core, storage
    from scorepad.checks import length_problems
    from scorepad.variants import get_variant

    storage.distinct(files)
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
