"""Who is at the table: `join` and `leave`, from the next deal on."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import roster, storage
from scorepad.app.rename import rename_files
from scorepad.cli.base import command, family
from scorepad.cli.options import (
    FileArg,
    FilesArg,
    NewNameArg,
    OldNameArg,
    complete_player,
    count_option,
)
from scorepad.cli.output import echo, located, run
from scorepad.i18n import _
from scorepad.render.deals import sitting_out

commands = family()

SeatsOpt = Annotated[
    int | None,
    count_option("--seats", _("the table's size from the next deal on (default: as it is)")),
]


@command(commands)
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


@command(commands)
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
        with located(file):
            changed = change(now)
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


@command(commands)
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
