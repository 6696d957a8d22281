"""Who is at the table: `join` and `leave`, from the next deal on."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import roster, storage
from scorepad.app.rename import rename_files
from scorepad.cli.base import Command, family
from scorepad.cli.options import (
    FileArg,
    FilesArg,
    NewNameArg,
    OldNameArg,
    ascii_int,
    complete_player,
)
from scorepad.cli.output import echo, handled, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.render.deals import sitting_out

commands = family()

SeatsOpt = Annotated[
    int | None,
    typer.Option(
        "--seats",
        help=_("the table's size from the next deal on (default: as it is)"),
        parser=ascii_int,
        metavar="N",
    ),
]


@commands.command(
    cls=Command,
    help=_(
        "Someone arrives: on the roster from the next deal on, in the dealing order after "
        "--after (default: last).\n\nWith more people than seats the dealer sits out (and "
        "more, in turn).\n\nExample: scorepad join club.toml Elsa --after Bruno"
    ),
)
@handled
def join(
    file: FileArg,
    name: Annotated[str, typer.Argument(help=_("who arrives"), metavar="NAME")],
    after: Annotated[
        str | None,
        typer.Option(
            "--after",
            help=_("their place in the dealing order: after this player (default: last)"),
            autocompletion=complete_player,
        ),
    ] = None,
    seats: SeatsOpt = None,
) -> None:
    _change(
        file, lambda now: roster.join(now, name, after=after, seats=seats), _("{name} joins"), name
    )


@commands.command(
    cls=Command,
    help=_(
        "Someone leaves: off the roster from the next deal on; past deals never change.\n\n"
        "Example: scorepad leave club.toml Daisuke"
    ),
)
@handled
def leave(
    file: FileArg,
    name: Annotated[
        str, typer.Argument(help=_("who leaves"), metavar="NAME", autocompletion=complete_player)
    ],
    seats: SeatsOpt = None,
) -> None:
    _change(file, lambda now: roster.leave(now, name, seats=seats), _("{name} leaves"), name)


def _change(file: Path, change: Any, said: str, name: str) -> None:
    made: list[Any] = []

    def apply(now: Any) -> Any:
        try:
            changed = change(now)
        except ScorepadError as err:
            raise err.located(str(file)) from None
        made.append(changed)
        return changed.session

    storage.update(file, apply, run().notes)
    [changed] = made
    run().saved.append(_("the roster change"))
    echo(said.format(name=changed.who) + " " + roster.describe(changed))
    p = changed.next
    if p.out:
        echo(_("deal {n}: {how}").format(n=p.n, how=sitting_out(p)))
    else:
        echo(_("next dealer: {x}").format(x=p.dealer))


@commands.command(
    cls=Command,
    help=_(
        "Rename a player in every deal, roster change and setting of one or more session "
        "files (a season's evenings: every file or none). The scores do not change.\n\n"
        "OLD is typed as anywhere (case and accents aside, a beginning); NEW is refused when "
        "it is already someone else's name.\n\nExample: scorepad rename club.toml francois "
        "François"
    ),
)
@handled
def rename(
    files: FilesArg,
    old: OldNameArg,
    new: NewNameArg,
) -> None:
    done = rename_files(files, old, new, run().notes)
    changed = [d for d in done if d.changed]
    if changed:
        run().saved.append(_("the rename"))
    for d in done:
        if d.changed:
            echo(_("{path}: {old} is now {new}").format(path=d.path, old=d.old, new=d.new))
        else:
            echo(_("{path}: {new} is already so named").format(path=d.path, new=d.new))
