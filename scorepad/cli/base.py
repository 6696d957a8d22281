"""The click classes of the command line: help and usage errors in the language, and the group
that builds a command only when it is looked up."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import typer

from scorepad.cli import typer_click
from scorepad.cli.commands import COMMANDS, load
from scorepad.cli.commands.summaries import HELP
from scorepad.cli.output import F, echo, handled
from scorepad.i18n import N_, _
from scorepad.text import either, shown

#: click's own headings, in the catalogue (the formatter translates them where they are written)
HEADINGS = (N_("Usage: "), N_("Arguments"), N_("Options"), N_("Commands"))
#: a value's kind as click has always written it, for the type names this click prints raw
#: (`<str>`, `<ascii_int>`): --help speaks of TEXT and INTEGER, never of a function's name
METAVARS = {
    "str": "TEXT",
    "text": "TEXT",
    "int": "INTEGER",
    "integer": "INTEGER",
    "ascii_int": "INTEGER",
    "path": "PATH",
    "float": "FLOAT",
}


class _Formatter(typer_click.HelpFormatter):
    """click's help formatter, its headings in the language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def section(self, name: str) -> Any:
        return super().section(_(name))


class _Context(typer.Context):
    formatter_class = _Formatter


class _HelpInTheLanguage:
    """--help in the language (click's own text is English): the help line, the headings, and
    each value's kind in click's usual words (`TEXT`, `INTEGER`, `DIR`), not a type's name."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    context_class: type[Any] = _Context

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if param.metavar is None and param.param_type_name == "option":
                kind = METAVARS.get(getattr(param.type, "name", ""))
                if kind is not None:
                    param.metavar = kind + ("..." if param.nargs != 1 else "")
        return params

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """`FILE N`, as click writes a required argument (this typer writes `{FILE} {N}`)."""
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [
            piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
            for piece in pieces
        ]


class _OnceEach:
    """An option that takes one value, given twice, is a usage error (click would keep the
    last in silence): `new --seats 4 --seats 3`. Options meant to be repeated (click's
    `multiple`: `--out`, `--set`, `--handful`, and the deal options, which say so themselves
    with their values) are not looked at; a flag repeated as itself (`--json --json`) loses
    nothing and is let be."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            for name, values in typer_click.given_values(self, ctx, list(args)).items():
                if len(values) < 2:
                    continue
                if all(isinstance(v, bool) for v in values) and len(set(values)) == 1:
                    continue  # --json --json
                raise typer_click.UsageError(
                    _("{name}: {message}").format(
                        name=name,
                        message=_("given {value} times ({value2}): give it once").format(
                            value=len(values), value2=", ".join(str(v) for v in values)
                        ),
                    ),
                    ctx,
                )
        return super().parse_args(ctx, args)  # type: ignore[misc, no-any-return]


class Command(_OnceEach, _HelpInTheLanguage, typer.core.TyperCommand):
    pass


def naming_games(games: Callable[[], Sequence[str]]) -> type[Command]:
    """A command class whose `--variant` help names the games it takes ("french, troggu or
    piedmont"), `games()` asked only when the help is shown: a game that registers is named,
    and the command's start-up imports no registry for it."""

    class NamingGames(Command):
        def format_options(self, ctx: Any, formatter: Any) -> None:
            for param in self.params:
                if param.name == "variant" and isinstance(param, typer.core.TyperOption):
                    param.help = either(games())
            super().format_options(ctx, formatter)

    return NamingGames


class Group(_OnceEach, _HelpInTheLanguage, typer.core.TyperGroup):
    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Click's own usage errors as one `error:` line in the language (exit 2)."""
        kwargs["standalone_mode"] = False
        if not standalone_mode:
            return super().main(*args, **kwargs)
        try:
            code = super().main(*args, **kwargs)
        except typer_click.UsageError as err:
            command = err.ctx.command_path if err.ctx is not None else "scorepad"
            echo(
                "error: "
                + _("{message} (see {command} --help)").format(
                    message=usage_message(err), command=command
                ),
                err=True,
            )
            sys.exit(err.exit_code)
        except typer.Abort:
            echo(_("\ninterrupted: nothing saved"), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def usage_message(err: Any) -> str:
    """A usage error of click's, in the language: what is missing or wrong, and where."""
    param = getattr(err, "param", None)
    name = (
        param.opts[0]
        if param is not None
        and getattr(param, "opts", None)
        and getattr(param, "param_type_name", "") == "option"
        else getattr(param, "human_readable_name", None) or ""
    )
    text = err.message if isinstance(err.message, str) else str(err)
    if isinstance(err, typer_click.MissingParameter):
        if param is not None and getattr(param, "envvar", None) == "SCOREPAD_FILE":
            return _("missing the session file FILE: name it, or set SCOREPAD_FILE")
        choices = getattr(getattr(param, "type", None), "choices", None)
        missing = (
            _("missing option {name}").format(name=name)
            if getattr(param, "param_type_name", "") == "option"
            else _("missing argument {name}").format(name=name)
        )
        if choices:
            missing += _(" (one of {choices})").format(choices=_(", ").join(map(str, choices)))
        return missing
    if isinstance(err, typer_click.NoSuchOption):
        found = _("no such option: {name}").format(name=err.option_name)
        if err.possibilities:
            found += _(" (did you mean {options}?)").format(
                options=_(" or ").join(sorted(err.possibilities))
            )
        return found
    if isinstance(err, typer.BadParameter):
        wrong = re.fullmatch(r"'(.*)' is not one of (.*)\.", text, re.S)
        if wrong:
            text = _("{value} is not one of {choices}").format(
                value=shown(wrong.group(1)),
                choices=_(", ").join(re.findall(r"'([^']*)'", wrong.group(2))),
            )
        return _("{name}: {message}").format(name=name or err.param_hint or "", message=text)
    for pattern, message in (
        (r"Option '(.*)' requires an argument\.", N_("option {x} needs a value")),
        (r"No such command '(.*)'\.", N_("no command {x}")),
        (r"Got unexpected extra argument(?:\(s\))? \((.*)\)", N_("one argument too many: {x}")),
    ):
        matched = re.fullmatch(pattern, text, re.S)
        if matched:
            return _(message).format(x=matched.group(1))
    return text


class LazyGroup(Group):
    """The app's group: its commands are imported and built when one is looked up."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = dict.fromkeys(COMMANDS)  # type: ignore[assignment]  # "did you mean"

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, name: str) -> Any:
        return load(name) if name in COMMANDS else None

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands and their first lines, as click lists them, from their help as
        written (`commands/summaries.py`): `scorepad --help` builds none of them."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [
            (name, typer_click.make_default_short_help(_(HELP[name]), limit).strip())
            for name in COMMANDS
        ]
        with formatter.section("Commands"):  # click's own word, as its Options beside it
            formatter.write_dl(rows)


def family() -> typer.Typer:
    """The Typer of one family of commands, with the app's settings (help as the app's)."""
    return typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


def command(
    commands: typer.Typer,
    name: str | None = None,
    *,
    cls: type[Command] = Command,
    help_text: str | None = None,
) -> Callable[[F], F]:
    """Register `fn` as the command `name` (default: its own name) of `commands`: its help as
    `scorepad --help` lists it (`HELP`) unless given, its errors `handled`."""

    def register(fn: F) -> F:
        called = name or fn.__name__
        commands.command(called, cls=cls, help=help_text or _(HELP[called]))(handled(fn))
        return fn

    return register
