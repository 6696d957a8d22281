"""`penalty`: a penalty recorded between deals (`scorepad.penalties`)."""

from __future__ import annotations

from typing import Annotated

import typer

from scorepad import penalties, storage
from scorepad.cli.base import Command, family
from scorepad.cli.options import FileArg, complete_player
from scorepad.cli.output import echo, handled, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Session

commands = family()


@commands.command(
    cls=Command,
    context_settings={"ignore_unknown_options": True},  # POINTS -5: refused as a number
    help=_(
        "Record a penalty between deals: PLAYER pays POINTS to each other player seated at "
        "the last deal; with --alone, PLAYER alone loses POINTS (a ranking deduction that "
        "settling up ignores). Not a deal: no dealer moves.\n\nExample: scorepad penalty "
        "club.toml Bruno 10 --note 'revoke'"
    ),
)
@handled
def penalty(
    file: FileArg,
    player: Annotated[
        str,
        typer.Argument(help=_("who pays"), metavar="PLAYER", autocompletion=complete_player),
    ],
    points: Annotated[str, typer.Argument(help=_("the points, a whole number"), metavar="POINTS")],
    alone: Annotated[
        bool, typer.Option("--alone", help=_("the player alone loses the points"))
    ] = False,
    note: Annotated[str, typer.Option("--note", help=_("a free note"))] = "",
) -> None:
    def add(now: Session) -> Session:
        try:
            return penalties.record(now, player, points, alone, note)
        except ScorepadError as err:
            raise err.located(str(file)) from None

    _before, after = storage.update(file, add, run().notes)
    run().saved.append(_("the penalty"))
    echo(_("penalty: {what}").format(what=penalties.said(after, after.penalties[-1])))
    echo(_("next dealer: {x}").format(x=after.next_dealer()))
