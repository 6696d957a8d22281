"""Recording and changing deals: `deal`, `play`, `edit`, `undo`, `delete`."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import core, storage
from scorepad.app import record
from scorepad.app.options import raw_from_options
from scorepad.app.remove import (
    PenaltyTakenBack,
    TakenBack,
    penalty_back_line,
    remove_deal,
    removed_line,
    taken_back_line,
    undo_last,
)
from scorepad.cli import typer_click
from scorepad.cli.base import command, family, usage_message
from scorepad.cli.commands import load
from scorepad.cli.fields import DealCommand, deal_fields, with_deal_options
from scorepad.cli.options import FileArg, InteractiveOpt, NumberArg, ask, asking
from scorepad.cli.output import echo, fitting, located, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.render.deals import edit_lines, explain_deal

commands = family()


@command(commands, cls=DealCommand)
@with_deal_options
def deal(
    file: FileArg,
    continue_: Annotated[
        bool,
        typer.Option(
            "--continue",
            help=_("add a deal past the planned length (marked in the file) or the match's end"),
        ),
    ] = False,
    interactive: InteractiveOpt = None,
    **options: Any,
) -> None:
    try:
        raw = raw_from_options(options)
    except ScorepadError as err:  # a bad option: said before the file's deals are read
        raise err.located(
            _("{file}: deal {x}").format(file=file, x=record.next_deal_number(file))
        ) from None
    confirm = None
    if asking(interactive):  # guided entry only on a terminal
        # here, not at the top: a deal typed in one line needs no guided entry (nor play's loop)
        from scorepad.app.guided_deal import GuidedDeal

        confirm = GuidedDeal(file, ask, echo, play_on=continue_)
    done = record.record_deal(file, raw, play_on=continue_, confirm=confirm, where=str(file))
    if done is None:
        echo(_("not saved; the file is as it was"))
        return
    run().notes.extend(done.notes)
    if done.same_as is not None:  # without a terminal: saved, and said
        run().notes.append(
            _("{file}: deal {n} is the same as deal {m}, saved again (undo removes it)").format(
                file=file, n=done.n, m=done.same_as
            )
        )
    run().saved.append(_("deal {n}").format(n=done.n))
    if not done.shown:
        echo(explain_deal(done.after, done.n, done.deal, done.outcome))
    echo(_("saved as deal {n}; next dealer: {x}").format(n=done.n, x=done.after.next_dealer()))
    if done.ended:
        echo(done.ended)


@command(commands)
def play(file: FileArg, interactive: InteractiveOpt = None) -> None:
    if asking(interactive):
        from scorepad.app.play_loop import PlayLoop

        PlayLoop(file, ask, echo, run().notes, run().saved, fit=fitting).run()
    else:
        from scorepad.app.play_lines import from_lines

        from_lines(
            file, sys.stdin, _deal_line_parser(file), echo, run().notes, run().saved, source="input"
        )


def _deal_line_parser(file: Path) -> Callable[[list[str]], dict[str, Any]]:
    """A line of `deal` options (as typed after `scorepad deal FILE`) to a deal's fields."""

    deal_command = load("deal")
    keys = {f.key for f in deal_fields()}

    def parse(tokens: list[str]) -> dict[str, Any]:
        if "--help" in tokens:  # click would print the help of deal
            raise ScorepadError.at("", _("--help is no deal"))
        try:
            ctx = deal_command.make_context("deal", [str(file), *tokens], resilient_parsing=False)
        except typer.Exit:
            raise ScorepadError.at("", _("--help is no deal")) from None
        except typer_click.ClickException as err:
            raise ScorepadError.at("", usage_message(err)) from None
        if ctx.params.get("continue_") or ctx.params.get("interactive") is not None:
            raise ScorepadError.at(
                "", _("--continue and --interactive are not deal fields: play takes every deal")
            )
        options = {
            k: list(v) if isinstance(v, tuple) else v for k, v in ctx.params.items() if k in keys
        }
        return raw_from_options(options)

    return parse


@command(commands, cls=DealCommand)
@with_deal_options
def edit(
    file: FileArg,
    n: NumberArg,
    clear: Annotated[
        list[str] | None,
        typer.Option("--clear", help=_("remove a field, e.g. --clear petit-au-bout (repeatable)")),
    ] = None,
    interactive: InteractiveOpt = None,
    **options: Any,
) -> None:
    try:
        changes = raw_from_options(options)
    except ScorepadError as err:
        storage.load(file)  # a file that cannot be read is said first
        raise err.located(str(file)) from None
    if changes or clear:  # the changes applied to the file as read under the lock
        echo(edit_lines(*record.save_changes(file, n, changes, clear or [], run().notes)))
    else:
        session = storage.load(file)
        with located(file):
            old = core.deal_at(session, n)
            if not asking(interactive):
                raise ScorepadError.at(
                    _("deal {n}").format(n=n),
                    _(
                        "nothing to change: give the deal options to change "
                        "(or run it on a terminal)"
                    ),
                )
        from scorepad.app.guided import DealEntry
        from scorepad.app.guided_deal import edit_deal

        echo(
            _(
                "{file}: deal {n}, old answers in brackets (Ctrl-C leaves the file as it was)"
            ).format(file=file, n=n)
        )
        entry = DealEntry(session, ask, echo, defaults=core.deal_fields(session, old), n=n)
        done = edit_deal(
            file,
            n,
            entry,
            session,
            run().notes,
            ask,
            echo,
            moved=lambda what: _("{file}: {what}").format(file=file, what=what),
        )
        if done is None:
            echo(_("not saved; the file is as it was"))
            return
    run().saved.append(_("the edit of deal {n}").format(n=n))


@command(commands)
def undo(file: FileArg) -> None:
    done = undo_last(file, run().notes)
    if isinstance(done, PenaltyTakenBack):
        run().saved.append(_("the penalty"))
        echo(penalty_back_line(done))
        return
    if isinstance(done, TakenBack):
        run().saved.append(_("the roster change"))
        echo(taken_back_line(done))
        echo(_("next dealer: {x}").format(x=done.after.next_dealer()))
        return
    _removed(file, done, None)


@command(commands)
def delete(
    file: FileArg,
    n: NumberArg,
) -> None:
    _removed(file, remove_deal(file, n, run().notes), n)


def _removed(file: Path, removed: Any, n: int | None) -> None:
    """Say what `removed` (an `app.remove.Removed`) removed, and which deals moved up."""
    session, updated, number = removed.before, removed.after, removed.n
    run().saved.append(_("the removal of deal {number}").format(number=number))
    echo(removed_line(removed))
    if n is not None and n <= len(updated.deals):
        moved = len(session.deals) - n
        echo(
            _("deal {x} is now {n}").format(x=n + 1, n=n)
            if moved == 1
            else _("deals {x}–{deals} are now {n}–{deals2}").format(
                x=n + 1, deals=len(session.deals), n=n, deals2=len(updated.deals)
            )
        )
    echo(_("next dealer: {x}").format(x=updated.next_dealer()))
