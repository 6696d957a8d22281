"""What leaves the table: `settle`, `report` (the HTML sheet), `export`."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import storage
from scorepad.app.season import sessions_between
from scorepad.app.settle import settlement as settled
from scorepad.cli.base import command, family
from scorepad.cli.options import (
    CurrencyOpt,
    ExportFormat,
    FileArg,
    FilesArg,
    HtmlOutputOpt,
    JsonOpt,
    MinDealsOpt,
    PerGameOpt,
    RankBy,
    RankByOpt,
    RateOpt,
    SinceOpt,
    UntilOpt,
    write_or_print,
)
from scorepad.cli.output import echo, echo_json, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.league import league
from scorepad.rating import rate as rated
from scorepad.render.deals import session_label
from scorepad.render.export import export_chunks
from scorepad.render.standings import money, settle_lines, settle_object
from scorepad.scores import outcomes
from scorepad.season import in_order
from scorepad.text import plural, printable
from scorepad.variants import get_variant

commands = family()


@command(commands)
def settle(
    files: FilesArg,
    rate: RateOpt = None,
    currency: CurrencyOpt = "",
    per_game: PerGameOpt = False,
    json_: JsonOpt = False,
) -> None:
    sessions = sessions_between(files, None, None, notes=run().notes)[1]
    settlement, unit = settled(sessions, rate, currency, per_game)
    difference = get_variant(sessions[0].variant).deal_total != 0  # not zero-sum
    if json_:
        basis = "difference" if difference or unit == "deals won" else "totals"
        echo_json(settle_object(settlement, unit, currency, basis))
        return
    seated = not all(s.fixed for s in sessions)
    echo(
        _("settling {x} ({label}):").format(
            x=plural(sum(len(s.deals) for s in sessions), "deal"),
            label=_settle_label(settlement, unit, currency, rate is not None, difference, seated),
        )
    )
    for line in settle_lines(settlement, currency, None if rate else unit):
        echo(f"  {line}")


def _settle_label(
    settlement: Any, unit: str, currency: str, rated: bool, difference: bool, seated: bool
) -> str:
    """What the amounts count, in words: "0.05 € per point", "the player behind pays the
    difference of the totals", "one per deal won more"; `seated`: not everyone played every
    deal, so a game that is not zero-sum is settled deal by deal among those seated at each."""
    rate = money(settlement.rate, currency)
    if unit == "deals won":
        if rated:
            label = _("{rate} per deal won more").format(rate=rate)
        else:
            label = _("the player behind pays for each deal won more")
    elif difference and seated and not rated:
        return _(
            "points: deal by deal, the player behind pays the difference; who sat out pays nothing"
        )
    elif difference:
        if rated:
            label = _("{rate} per point of difference").format(rate=rate)
        else:
            label = _("points: the player behind pays the difference of the totals")
    elif unit == "chips":
        return _("{rate} per chip").format(rate=rate) if rated else _("chips")
    else:
        return _("{rate} per point").format(rate=rate) if rated else _("points")
    if seated:
        return _("{label}, deal by deal among those seated").format(label=label)
    return label


@command(commands)
def report(
    files: FilesArg,
    output: HtmlOutputOpt = None,
    rate: RateOpt = None,
    currency: CurrencyOpt = "",
    rank_by: RankByOpt = RankBy.total,
    min_deals: MinDealsOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rating: Annotated[
        bool,
        typer.Option(
            "--rating", help=_("add the players' ratings and a chart of them over the dates")
        ),
    ] = False,
) -> None:
    files, sessions = sessions_between(files, since, until, notes=run().notes)
    # the sessions read hold no reference cycle and live to the end: out of the cyclic
    # collector's way, which would walk their deals again at each of its full passes over
    # the outcomes the sheet keeps (a season's report: see docs/speed.md)
    gc.freeze()
    if min_deals is None:
        min_deals = 10 if len(sessions) > 1 else 1

    labels = [session_label(s, f.stem) for f, s in zip(files, sessions, strict=True)]
    scored = [outcomes(s) for s in sessions]  # each deal scored once: the payments, the sheet
    settlement = settled(sessions, rate, currency, False, scored)[0]  # no --rate: points, chips
    league_rows = (
        league(sessions, rank_by=rank_by.value, min_deals=min_deals) if len(sessions) > 1 else None
    )
    ratings = None
    if rating:
        ratings = rated([s for _f, s in in_order(files, sessions)], timeline=True)
    # here, not at the top: the sheet (HTML, SVG, the statistics) would slow `settle`, `export`
    from scorepad.render import sheet

    html = sheet.page(
        sessions,
        labels,
        settlement=settlement,
        currency=currency if rate is not None else "",
        league_rows=league_rows,
        in_money=rate is not None,
        ratings=ratings,
        scored=scored,
    )
    write_or_print(
        output,
        html,  # HTML escapes what it shows: no raw control characters
        _("wrote {output}: the sheet of {x}").format(
            output=output, x=plural(sum(len(s.deals) for s in sessions), "deal")
        ),
        inputs=files,
    )


@command(commands)
def export(
    file: FileArg,
    to: Annotated[
        ExportFormat | None,
        typer.Option(
            "--to", help=_("csv, json or markdown (--excel alone: csv)"), show_default=False
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help=_("write to this file; - or none: print"))
    ] = None,
    excel: Annotated[
        bool, typer.Option("--excel", help=_("CSV as Excel reads UTF-8: with a byte-order mark"))
    ] = False,
) -> None:
    if to is None and not excel:
        raise ScorepadError.at("--to", _("say which export: --to csv, --to json or --to markdown"))
    to = to or ExportFormat("csv")  # --excel alone: a CSV for Excel
    if excel and to.value != "csv":
        raise ScorepadError.at("--excel", _("goes with --to csv"))
    session = storage.load(file)

    def printed() -> Iterator[str]:
        if excel:
            yield "\ufeff"  # the one format character that is meant
        for chunk in export_chunks(session, to.value, excel=excel, bom=False):
            yield printable(chunk)

    # to a pipe or a device the note goes to stderr, so it never mixes with the export
    write_or_print(
        output,
        export_chunks(session, to.value, excel=excel),
        _("wrote {output}: {deals} as {value}").format(
            output=output, deals=plural(len(session.deals), "deal"), value=to.value
        ),
        inputs=[file],
        printed=printed(),
    )
