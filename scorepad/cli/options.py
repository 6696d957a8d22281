"""The options and arguments commands share: files, formats, the season's dates and rates,
--interactive, and the completion of players from the file."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import storage
from scorepad.cli.output import echo, fitting, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.storage.files import write_export
from scorepad.text import fold, printable, shown, typed, wrap

#: the largest whole number an option takes as typed (each option bounds its own further)
MAX_TYPED = 999_999_999


def ascii_int(text: str, param: Any = None, value: Any = None) -> int:
    """A whole number typed in ASCII digits (int() would take "٣" and "²"-like digits)."""
    if isinstance(text, int):  # an option's default
        return text
    word = typed(value if isinstance(value, str) else text)  # ３ from a Japanese keyboard: 3
    if not (word.isascii() and word.isdigit()):
        raise typer.BadParameter(_("'{word}' is not a whole number (digits 0–9)").format(word=word))
    if len(word.lstrip("0")) > len(str(MAX_TYPED)):  # no count scorepad takes is that large
        raise typer.BadParameter(
            _("{word} is too large: at most {most}").format(word=shown(word), most=MAX_TYPED)
        )
    return int(word)


def count_option(name: str, help_text: str, metavar: str | None = "N") -> Any:
    """An option whose value is a count typed in ASCII digits (`ascii_int`)."""
    return typer.Option(name, help=help_text, parser=ascii_int, metavar=metavar)


def new_file(text: str | Path) -> Path:
    """`new`'s FILE as typed: an empty name is refused (it would be the current folder)."""
    if text == "":
        raise typer.BadParameter(_("the name is empty: name the session file to make"))
    return Path(text)


def files_argument(help_text: str, metavar: str, **more: Any) -> Any:
    """A command's session file or files, $SCOREPAD_FILE when none is named."""
    return typer.Argument(
        help=help_text,
        metavar=metavar,
        envvar="SCOREPAD_FILE",
        show_default=False,
        show_envvar=False,
        **more,
    )


FILE_HELP = _("the session file (TOML); default: $SCOREPAD_FILE")
FileArg = Annotated[Path, files_argument(FILE_HELP, "FILE")]
FilesArg = Annotated[
    list[Path], files_argument(_("one or more session files; default: $SCOREPAD_FILE"), "FILE...")
]


#: `edit`'s and `delete`'s N
NumberArg = Annotated[
    int, typer.Argument(help=_("the deal's number (see history)"), parser=ascii_int, metavar="N")
]


#: `new`'s FILE: a file to make
NewFileArg = Annotated[Path, files_argument(FILE_HELP, "FILE", parser=new_file)]


JsonOpt = Annotated[bool, typer.Option("--json", help=_("machine-readable output"))]

#: where an HTML page goes (`write_or_print`)
HtmlOutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help=_("the HTML file to write; - or none: print")),
]


#: `new`'s and `tournament new`'s rules: a profile, or a club's rules file
RulesOpt = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="PROFILE|RULES.toml",
        help=_("a rule profile (e.g. seed or fft) or a club's rules file (see 'scorepad rules')"),
    ),
]


#: `rename`'s and `tournament rename`'s two names
OldNameArg = Annotated[str, typer.Argument(help=_("who is renamed, as typed"), metavar="OLD")]
NewNameArg = Annotated[str, typer.Argument(help=_("their name from now on"), metavar="NEW")]


def _grid_format(value: str) -> str:
    """--format is checked before anything is printed."""
    if value != "simple":
        # here, not at the top: every command imports these options, few draw a table
        import tabulate

        if value not in tabulate.tabulate_formats:
            raise typer.BadParameter(
                _("unknown table format {value} (formats: {tabulate_formats})").format(
                    value=shown(value), tabulate_formats=", ".join(tabulate.tabulate_formats)
                )
            )
    return value


FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        help=_("table format: plain, simple, github, grid, html, latex, …"),
        callback=_grid_format,
    ),
]


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion: the players of the session file on the command line."""

    # while completing, click leaves the file among the unparsed arguments
    file = (
        ctx.params.get("file")
        or next(iter(ctx.params.get("files") or ()), None)
        or next(iter(ctx.args), None)
        or os.environ.get("SCOREPAD_FILE")
    )
    try:
        players = storage.load(Path(file)).players if file else ()
    except (ScorepadError, OSError, ValueError):
        return []

    return [p for p in players if fold(p).startswith(fold(incomplete))]


def completer(choices: tuple[str, ...]) -> Callable[[str], list[str]]:
    """Shell completion of an option's choices (`--contract g` → garde, garde-sans, …)."""

    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete.lower())]

    return complete


InteractiveOpt = Annotated[
    bool | None,
    typer.Option(
        "--interactive/--no-interactive",
        "-i",
        help=_("ask for what is missing (default: only on a terminal)"),
        show_default=False,
    ),
]


def asking(flag: bool | None) -> bool:
    """Whether the command asks for what is missing: as --interactive/--no-interactive say,
    else only when both stdin and stdout are a terminal."""
    if flag is not None:
        return flag
    return sys.stdin.isatty() and sys.stdout.isatty()


def ask(prompt: str) -> str:
    """A question on the terminal, wrapped at word boundaries: the answer is typed after its
    last line."""
    fit = fitting()
    if fit is None:
        return input(prompt)

    *before, last = wrap(prompt, fit - 1)  # room for the cursor
    for line in before:
        typer.echo(printable(line))
    return input(last + (" " if prompt.endswith(" ") and not last.endswith(" ") else ""))


class RankBy(StrEnum):
    total = "total"
    average = "average"


# the season's options, the same in standings --league and report
RankByOpt = Annotated[
    RankBy, typer.Option("--rank-by", help=_("rank by total, or by average per deal played"))
]


MinDealsOpt = Annotated[
    int | None,
    count_option(
        "--min-deals",
        _(
            "with --rank-by average: deals played needed to be ranked (default: 10 for "
            "--league, else 1)"
        ),
    ),
]


SinceOpt = Annotated[
    str | None,
    typer.Option("--since", metavar="YYYY-MM-DD", help=_("only sessions on or after this date")),
]


UntilOpt = Annotated[
    str | None,
    typer.Option("--until", metavar="YYYY-MM-DD", help=_("only sessions on or before this date")),
]


RateOpt = Annotated[
    str | None,
    typer.Option(
        "--rate", help=_("money per point (per chip in Troggu), e.g. 0.05"), show_default=False
    ),
]


CurrencyOpt = Annotated[str, typer.Option("--currency", help=_("shown after amounts, e.g. €"))]


PerGameOpt = Annotated[
    bool, typer.Option("--per-game", help=_("Piedmont: settle the deals won, not the points"))
]


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"
    markdown = "markdown"


def write_or_print(
    output: Path | None,
    text: str | Iterable[str],
    said: str,
    *,
    inputs: Iterable[Path] = (),
    printed: str | Iterable[str] | None = None,
) -> None:
    """What every `-o PATH` does: none or `-` prints `text` (or `printed`, when what goes to
    the terminal differs); a path is written by `storage.files.write_export` — never over a file
    the command reads (`inputs`), a session or tournament file, or a folder — and `said`
    is printed (on stderr when the path was a stream: a pipe, a FIFO, a device)."""
    if output is None or str(output) == "-":
        shown = text if printed is None else printed
        for chunk in [shown] if isinstance(shown, str) else shown:
            typer.echo(chunk, nl=False)
        return
    stream = write_export(output, text, inputs)
    run().saved.append(str(output))
    echo(said, err=stream)
