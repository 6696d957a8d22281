"""The parts of click that typer does not export, from the one place that takes them.

Typer carries its own copy of click (`typer._click`, from 0.26; scorepad allows 0.27 and
newer) and exports only some of its names (`typer.Context`, `typer.BadParameter`,
`typer.Exit`, `typer.Abort`, `typer.core.TyperGroup`, …). Click's other exceptions, its help
formatter, its short help, the current context and its option parser have no public path:
they are taken here and nowhere else (tests/test_cli.py holds that; CI runs the tests at
the lowest and the newest typer allowed).
"""

from __future__ import annotations

from typing import Any

from typer._click import exceptions, formatting, utils
from typer._click.globals import get_current_context

ClickException = exceptions.ClickException
UsageError = exceptions.UsageError
MissingParameter = exceptions.MissingParameter
NoSuchOption = exceptions.NoSuchOption
make_default_short_help = utils.make_default_short_help
HelpFormatter = formatting.HelpFormatter
__all__ = ["get_current_context"]  # the running command's context (its parameters' names)


def given_values(command: Any, ctx: Any, args: list[str]) -> dict[str, list[Any]]:
    """Every single-valued option of `command` given in `args`, by its first name, with each
    value given (click keeps only the last): `args` parsed a first time by click's own parser,
    each such option collecting its values; {} when that parse fails (the real parse reports
    it). Options meant to be repeated (`multiple`, counts) are left out. Click has no public
    way to tell how often an option was given: this reads its parser's tables."""
    parser = command.make_parser(ctx)
    names: dict[str, str] = {}  # the parser's destination → the option's first name
    for option in {
        id(o): o for o in (*parser._long_opt.values(), *parser._short_opt.values())
    }.values():
        obj = option.obj
        if getattr(obj, "multiple", False) or getattr(obj, "count", False):
            continue
        if option.action in ("store", "store_const"):
            option.action = "append" if option.action == "store" else "append_const"
            names[option.dest] = obj.opts[0]
    try:
        opts, _args, _order = parser.parse_args(args=args)
    except UsageError:
        return {}
    return {
        first: values
        for dest, first in names.items()
        if isinstance(values := opts.get(dest), list) and values
    }
