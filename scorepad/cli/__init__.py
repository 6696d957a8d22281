"""The scorepad command line: parse options, call the core, render. Nothing else.

The commands live in `scorepad.cli.commands`, in a few modules by family; `scorepad DEAL`
imports only the family of the command it runs (`commands.COMMANDS` maps names to modules).
Deal options are built from the variants' own field descriptions, so a new game's
fields become options of `deal` and `edit` without touching the command line.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from typing import Annotated

import typer

from scorepad import __version__, i18n
from scorepad.cli.base import LazyGroup
from scorepad.cli.output import echo, pause_collector
from scorepad.i18n import _
from scorepad.text import shown

__all__ = ["NUMBERED", "app", "main", "make_app"]


def make_app(completion: bool = False) -> typer.Typer:
    """The app, its commands imported when one is looked up; with `completion`, the shell
    completion options and completions too (they cost start-up: only when asked)."""
    app = typer.Typer(
        cls=LazyGroup,
        help=_(
            "Score keeper for tarot card games played with real decks: French Tarot, Troggu "
            "(Swiss tarot) and two-handed Piedmontese tarot.\n\nExample: scorepad new club.toml "
            "--variant french --players 'Anna,Bruno,Chloé,Daisuke'"
        ),
        epilog=None
        if completion
        else _("Shell completion: scorepad --install-completion (bash, zsh, fish)"),
        no_args_is_help=True,
        add_completion=completion,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    app.callback()(_root)
    return app


def _version(value: bool) -> None:
    if value:
        typer.echo(f"scorepad {__version__}")
        raise typer.Exit(0)


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help=_("print scorepad's version and stop"),
            is_eager=True,
            callback=_version,
        ),
    ] = False,
) -> None:
    """The options of scorepad itself (its help is the app's)."""


app = make_app()  # tests: CliRunner().invoke(app, …)

NUMBERED = ("show", "edit", "delete")  # FILE, then a deal's number


def main() -> None:
    # the last collections at exit skip what the process imported (docs/speed.md)
    atexit.register(gc.freeze)
    pause_collector()
    if sys.argv[1:] == ["--version"]:  # before any command is built: it asks for nothing else
        typer.echo(f"scorepad {__version__}")
        return
    lang = i18n.from_command_line(sys.argv[1:])
    if lang is not None:  # chosen when scorepad.i18n was imported; here it is checked
        if i18n.code_of(lang) is None:
            echo(
                "error: --lang: "
                + _("{lang} is not a language of scorepad (en, ja)").format(lang=shown(lang)),
                err=True,
            )
            sys.exit(2)
        sys.argv[1:] = i18n.without_lang(sys.argv[1:])
    argv = sys.argv
    if (
        len(argv) > 2
        and argv[1] in NUMBERED
        and os.environ.get("SCOREPAD_FILE")
        and argv[2].isascii()
        and argv[2].isdigit()
    ):
        argv.insert(2, os.environ["SCOREPAD_FILE"])  # `show 3`: the deal of $SCOREPAD_FILE
    if "_SCOREPAD_COMPLETE" in os.environ or sys.argv[1:2] in (
        ["--install-completion"],
        ["--show-completion"],
    ):
        make_app(completion=True)(prog_name="scorepad")  # only then: it costs every start-up
        return
    try:
        app(prog_name="scorepad")  # imports the module of the one command that runs
    except KeyboardInterrupt:
        echo(_("\ninterrupted: nothing saved"), err=True)
        sys.exit(130)
