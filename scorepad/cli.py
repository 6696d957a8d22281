"""The scorepad command line: parse options, call the core, render. Nothing else.

Deal options are built from the variants' own field descriptions, so a new game's
fields become options of `deal` and `edit` without touching this module.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Optional, TypeVar

import typer

from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.text import plural, printable, shown, typed


class _HelpInTheLanguage:
    """The --help line in the language too (click's own text is English)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class Command(_HelpInTheLanguage, typer.core.TyperCommand):
    pass


class Group(_HelpInTheLanguage, typer.core.TyperGroup):
    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Click's own usage errors as one `error:` line in the language (exit 2)."""
        kwargs["standalone_mode"] = False
        if not standalone_mode:
            return super().main(*args, **kwargs)
        from typer._click import exceptions as click_errors

        try:
            code = super().main(*args, **kwargs)
        except click_errors.UsageError as err:
            command = err.ctx.command_path if err.ctx is not None else "scorepad"
            echo("error: " + _("{message} (see {command} --help)").format(
                     message=usage_message(err), command=command), err=True)
            sys.exit(err.exit_code)
        except typer.Abort:
            echo(_("\ninterrupted: nothing saved"), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def usage_message(err: Any) -> str:
    """A usage error of click's, in the language: what is missing or wrong, and where."""
    import re

    from typer._click import exceptions as click_errors

    param = getattr(err, "param", None)
    name = (param.opts[0] if param is not None and getattr(param, "opts", None) and
            getattr(param, "param_type_name", "") == "option" else
            getattr(param, "human_readable_name", None) or "")
    text = err.message if isinstance(err.message, str) else str(err)
    if isinstance(err, click_errors.MissingParameter):
        if param is not None and getattr(param, "envvar", None) == "SCOREPAD_FILE":
            return _("missing the session file FILE: name it, or set SCOREPAD_FILE")
        choices = getattr(getattr(param, "type", None), "choices", None)
        missing = _("missing option {name}").format(name=name) \
            if getattr(param, "param_type_name", "") == "option" else \
            _("missing argument {name}").format(name=name)
        if choices:
            missing += _(" (one of {choices})").format(choices=_(", ").join(map(str, choices)))
        return missing
    if isinstance(err, click_errors.NoSuchOption):
        found = _("no such option: {name}").format(name=err.option_name)
        if err.possibilities:
            found += _(" (did you mean {options}?)").format(
                options=_(" or ").join(sorted(err.possibilities)))
        return found
    if isinstance(err, click_errors.BadParameter):
        wrong = re.fullmatch(r"'(.*)' is not one of (.*)\.", text, re.S)
        if wrong:
            text = _("{value} is not one of {choices}").format(
                value=shown(wrong.group(1)), choices=_(", ").join(
                    re.findall(r"'([^']*)'", wrong.group(2))))
        return _("{name}: {message}").format(name=name or err.param_hint or "", message=text)
    for pattern, message in ((r"Option '(.*)' requires an argument\.",
                              N_("option {x} needs a value")),
                             (r"No such command '(.*)'\.", N_("no command {x}")),
                             (r"Got unexpected extra argument(?:\(s\))? \((.*)\)",
                              N_("one argument too many: {x}"))):  # fmt: skip
        matched = re.fullmatch(pattern, text, re.S)
        if matched:
            return _(message).format(x=matched.group(1))
    return text


app = typer.Typer(
    cls=Group,
    help=_("Score keeper for tarot card games played with real decks: French Tarot, Troggu "
           "(Swiss tarot) and two-handed Piedmontese tarot.\n\nExample: scorepad new club.toml "
           "--variant french --players 'Anna,Bruno,Chloé,Daisuke'"),
    epilog=_("Shell completion: scorepad --install-completion (bash, zsh, fish)"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

F = TypeVar("F", bound=Callable[..., Any])


def _version(value: bool) -> None:
    if value:
        from scorepad import __version__

        typer.echo(f"scorepad {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", help=_("print scorepad's version and stop"),
                                          is_eager=True, callback=_version)] = False,
) -> None:
    """Score keeper for tarot card games played with real decks: French Tarot, Troggu (Swiss
    tarot) and two-handed Piedmontese tarot.

    Example: scorepad new club.toml --variant french --players 'Anna,Bruno,Chloé,Daisuke'
    """


SAVED: list[str] = []  # what this command saved, so a failure to print never hides it
NOTES: list[str] = []  # said on stderr once the command is done (a file format upgraded)


def echo(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print for people: control characters from a file never reach the terminal raw; on a
    terminal, gains and losses in colour (see scorepad.colour)."""
    text = printable(text)
    stream = sys.stderr if err else sys.stdout
    fit = _fit_for(stream) if nl else None
    if fit is not None:  # sentences at word boundaries; tables fit themselves
        from scorepad.text import wrap

        text = "\n".join(wrap(text, fit))
    if "+" in text or "−" in text or "error:" in text:
        from scorepad import colour

        if colour.wanted(stream):
            text = colour.errors(text) if err else colour.scores(text)
    typer.echo(text, err=err, nl=nl)


def print_problems(problems: Any) -> None:
    problems = list(problems)
    for problem in problems[:MAX_PROBLEMS]:
        echo(f"error: {problem}", err=True)  # "error:" stays English: scripts look for it
    if len(problems) > MAX_PROBLEMS:
        echo("error: " + _("… and {more}").format(
            more=plural(len(problems) - MAX_PROBLEMS, "more problem")), err=True)


def handled(fn: F) -> F:
    """Turn a ScorepadError into `error:` lines on stderr and exit status 1; once something
    was saved, a failure to print (a closed pipe, a full disk) never looks like a failure."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        SAVED.clear()
        NOTES.clear()
        try:
            result = fn(*args, **kwargs)
            for note in NOTES:
                echo(note, err=True)
            return result
        except ScorepadError as err:
            print_problems(err.problems)
            raise typer.Exit(1) from None
        except (KeyboardInterrupt, EOFError) as stop:
            if SAVED:
                raise typer.Exit(0) from None
            echo(_("\ninterrupted: nothing saved, the file is as it was"), err=True)
            raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 1) from None
        except BrokenPipeError:
            _quiet_stdout()  # the reader went away (| head): not an error
            raise typer.Exit(0 if SAVED else 1) from None
        except (OSError, UnicodeError) as err:
            _quiet_stdout()
            why = getattr(err, "strerror", None) or type(err).__name__
            with contextlib.suppress(OSError, UnicodeError):
                if SAVED:
                    echo(_("note: {saved} was saved; printing the result failed ({why})").format(
                             saved=SAVED[-1], why=why),
                         err=True)  # fmt: skip
                else:
                    echo("error: " + _("printing the result failed ({why})").format(why=why),
                         err=True)  # fmt: skip
            raise typer.Exit(0 if SAVED else 1) from None

    return wrapper  # type: ignore[return-value]



def _quiet_stdout() -> None:
    """Send what is left of stdout nowhere, so the exit flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def ascii_int(text: str, param: Any = None, value: Any = None) -> int:
    """A whole number typed in ASCII digits (int() would take "٣" and "²"-like digits)."""
    if isinstance(text, int):  # an option's default
        return text
    word = typed(value if isinstance(value, str) else text)  # ３ from a Japanese keyboard: 3
    if not (word.isascii() and word.isdigit() and len(word) <= 9):
        raise typer.BadParameter(_("'{word}' is not a whole number (digits 0–9)").format(
                                     word=word))
    return int(word)


def terminal_width() -> int:
    """Columns of the terminal (COLUMNS when set; 80 when there is none)."""
    import shutil

    return max(20, shutil.get_terminal_size().columns)


def echo_fit(text: str) -> None:
    """A sentence, wrapped at the terminal's width when printing to one."""
    fit = fitting()
    if fit is None:
        echo(text)
        return
    import textwrap

    for line in textwrap.wrap(text, fit, break_on_hyphens=False) or [""]:
        echo(line)


def _fit_for(stream: Any) -> int | None:
    """The width to wrap what goes to `stream` at: stdout's fitting(), or stderr's
    terminal."""
    if stream is sys.stdout:
        return fitting()
    if "COLUMNS" in os.environ or stream.isatty():
        return terminal_width()
    return None


def fitting() -> int | None:
    """The width output must fit: the terminal's, or COLUMNS when set; None when printing
    to a file or a pipe (a script gets every column)."""
    if "COLUMNS" in os.environ or sys.stdout.isatty():
        return terminal_width()
    return None


def echo_json(data: Any) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))  # json escapes controls


FileArg = Annotated[Path,
    typer.Argument(help=_("the session file (TOML); default: $SCOREPAD_FILE"), metavar="FILE",
                                          envvar="SCOREPAD_FILE", show_default=False,
                                          show_envvar=False)]  # fmt: skip
FilesArg = Annotated[list[Path], typer.Argument(help=_("one or more session files; default: "
                                                       "$SCOREPAD_FILE"),
                                                 metavar="FILE...", envvar="SCOREPAD_FILE",
                                                 show_default=False, show_envvar=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help=_("machine-readable output"))]
def _table_format(value: str) -> str:
    """--format is checked before anything is printed (tabulate only when not "simple")."""
    if value != "simple":
        import tabulate

        if value not in tabulate.tabulate_formats:
            raise typer.BadParameter(_("unknown table format {value} (formats: "
                                       "{tabulate_formats})").format(
                                         value=shown(value),
                                         tabulate_formats=', '.join(tabulate.tabulate_formats)))
    return value


FormatOpt = Annotated[str, typer.Option("--format", help=_("table format: plain, simple, github, "
                                                           "grid, html, latex, …"),
                                        callback=_table_format)]  # fmt: skip


# --- deal options, from the variants' fields ------------------------------------------------

# the common fields, short: -c is Troggu's bid too and -t its Tappist (core.add_deal reads them
# in the game's words), so one habit serves every game
SHORT_OPTIONS = {"contract": ("-c", N_("; Troggu: the bid")), "taker": ("-t", N_("; Troggu: the "
                                                                                 "Tappist")),
                 "points": ("-p", ""), "bouts": ("-b", "")}  # fmt: skip


def _complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion: the players of the session file on the command line."""
    from scorepad import storage

    # while completing, click leaves the file among the unparsed arguments
    file = (ctx.params.get("file") or next(iter(ctx.params.get("files") or ()), None)
            or next(iter(ctx.args), None) or os.environ.get("SCOREPAD_FILE"))
    try:
        players = storage.load(Path(file)).players if file else ()
    except (ScorepadError, OSError, ValueError):
        return []
    return [p for p in players if p.casefold().startswith(incomplete.casefold())]


def _completer(choices: tuple[str, ...]) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete.lower())]

    return complete


def _deal_parameters() -> list[inspect.Parameter]:
    from scorepad.deal_options import DEAL_OPTIONS, REPEATABLE

    params = []
    for f in DEAL_OPTIONS:
        help_text = _(f.help)
        if f.kind == "flag":
            name = f.option.removeprefix("--")
            annotation: Any = Annotated[Optional[bool], typer.Option(  # noqa: UP045
                f"{f.option}/--no-{name}", help=help_text, show_default=False)]
        elif f.key in REPEATABLE:
            metavar = "X|NAME=X" if f.key == "points" else _("PLAYER:TRUMPS")
            short, also = SHORT_OPTIONS.get(f.key, ("", ""))
            also = _(also) if also else ""
            annotation = Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
                f.option, *([short] if short else []), help=help_text + _(" (repeatable)") + also,
                metavar=metavar, show_default=False)]
        else:  # a list, so that a repeated option is an error rather than "the last wins"
            metavar = {"player": "NAME", "integer": "N", "cards": "CARDS", "card": "CARD",
                       "number": "X"}.get(f.kind, "TEXT")
            if f.choices:
                metavar = "|".join(f.choices)
            short, also = SHORT_OPTIONS.get(f.key, ("", ""))
            also = _(also) if also else ""
            complete = {"autocompletion": _complete_player} if f.kind == "player" else \
                {"autocompletion": _completer(f.choices)} if f.choices else {}
            annotation = Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
                f.option, *([short] if short else []), help=help_text + also, metavar=metavar,
                show_default=False, **complete)]
        params.append(inspect.Parameter(f.key, inspect.Parameter.KEYWORD_ONLY, default=None,
                                        annotation=annotation))  # fmt: skip
    return params


GAME_TITLES = {"french": N_("French Tarot"), "troggu": N_("Troggu"),
               "piedmont": N_("Piedmontese tarot")}  # fmt: skip
ANY_GAME = N_("Any game")


class DealCommand(Command):
    """`deal` and `edit`: their help lists the deal options per game, not in one long list."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        import re

        from scorepad.deal_options import DEAL_OPTIONS

        keys = {f.key for f in DEAL_OPTIONS}
        tag = re.compile(r" ?\[([a-z, ]+)\]")
        own: list[tuple[str, str]] = []
        sections: dict[str, list[tuple[str, str]]] = {ANY_GAME: []}
        sections.update((title, []) for title in GAME_TITLES.values())
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None or param.param_type_name == "argument":
                continue
            if param.name not in keys:
                own.append(record)
                continue
            names, text = record
            games = tag.search(text)
            plain = (names, tag.sub("", text))
            for game in games.group(1).split(", ") if games else ():
                sections[GAME_TITLES[game]].append(plain)
            if games is None:
                sections[ANY_GAME].append(plain)
        # the short options of every game: -c and -t stand for Troggu's bid and Tappist too
        sections["Troggu"][:0] = [("-c BID", _("the bid, as --bid")),
                                  ("-t NAME", _("the Tappist, as --tappist"))]
        args = [r for p in self.get_params(ctx) if p.param_type_name == "argument"
                for r in [p.get_help_record(ctx)] if r is not None]  # fmt: skip
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        with formatter.section("Options"):
            formatter.write_dl(own)
        for title, rows in sections.items():
            if rows:
                with formatter.section(_("Deal options: {title}").format(title=_(title))):
                    formatter.write_dl(rows)


def with_deal_options(fn: F) -> F:
    """Give `fn` (which takes **options) one keyword option per deal field."""
    sig = inspect.signature(fn, eval_str=True)
    own = [p for p in sig.parameters.values() if p.kind != inspect.Parameter.VAR_KEYWORD]
    params = own + _deal_parameters()
    params.sort(key=lambda p: p.kind)
    fn.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    fn.__annotations__ = {p.name: p.annotation for p in params}
    return fn


def raw_from_options(options: dict[str, Any]) -> dict[str, Any]:
    """Deal fields as given on the command line, in the shape the session file stores."""
    from scorepad.checks import MAX_TEXT, control_problem
    from scorepad.deal_options import REPEATABLE

    raw: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in options.items():
        if value is None or value == []:
            continue
        if key != "note":  # as a Japanese keyboard types them: ５０ is 50, Ａｎｎａ：１０ Anna:10
            value = [typed(v) for v in value] if isinstance(value, list) else \
                typed(value) if isinstance(value, str) else value
        option = "--" + key.replace("_", "-")
        if isinstance(value, list) and key not in REPEATABLE:
            if len(value) > 1:
                problems.append(Problem(option,
                    _("given {value} times ({value2}): give it once").format(
                                                    value=len(value), value2=', '.join(value))))
                continue
            value = value[0]
        if key == "points":
            value = _points_value(value)
        if key == "note" and isinstance(value, str):
            problem = control_problem(value, "--note")
            if problem:
                problems.append(problem)
            elif len(value) > MAX_TEXT:
                problems.append(Problem("--note", _("is longer than {max_text} characters").format(
                                                      max_text=MAX_TEXT)))
        raw[key] = value
    if problems:
        raise ScorepadError(problems)
    return raw


def _points_value(items: list[str]) -> Any:
    named = [i for i in items if "=" in i]
    if not named:
        if len(items) > 1:
            raise ScorepadError([Problem("--points", _("give one number, or NAME=X for each "
                                                       "player"))])
        return items[0]
    if len(named) != len(items):
        raise ScorepadError([Problem("--points", _("mix of X and NAME=X: use NAME=X for each"))])
    result: dict[str, str] = {}
    for item in items:
        name, _sep, value = item.partition("=")
        if name.strip() in result:
            raise ScorepadError([Problem("--points", _("{x} is given twice").format(
                                                         x=name.strip()))])
        result[name.strip()] = value
    return result


# --- commands ---------------------------------------------------------------------------------

@app.command(cls=Command, help=_(
    "Start a session file. It is never overwritten.\n\nExample: scorepad new club.toml "
             "--variant french --players \"Anna,Bruno,Chloé,Daisuke\""))
@handled
def new(
    file: FileArg,
    variant: Annotated[str, typer.Option("--variant", "-v", help=_("french, troggu or piedmont"))],
    players: Annotated[str, typer.Option("--players", "-p",
                                         help=_("players in seating order, comma-separated"))],
    rules: Annotated[str | None, typer.Option("--rules", help=_("rule profile, e.g. seed or "
                                                                   "fft"))] = None,
    title: Annotated[str, typer.Option("--title", help=_("a title for the session"))] = "",
    date: Annotated[str | None, typer.Option("--date", help=_("the evening's date, YYYY-MM-DD "
                                                                 "(default: today)"))] = None,
    dealer: Annotated[str | None, typer.Option("--dealer", help=_("who deals first (default: "
                                                                     "the first player)"))] = None,
    settings: Annotated[list[str] | None, typer.Option("--set", help=_("KEY=VALUE: change one "
                                                                          "rule setting "
                                                                          "(repeatable; see "
                                                                          "'scorepad variants')"))] = None,  # noqa: E501
) -> None:
    from scorepad import core, storage

    pairs: dict[str, str] = {}
    for item in settings or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ScorepadError([Problem(_("{file}: --set").format(file=file),
                _("'{item}' should be KEY=VALUE").format(
                                                               item=item))])
        pairs[key.strip().replace("-", "_")] = value
    from scorepad.checks import MAX_TEXT, control_problem, read_date

    if date is None:
        import datetime

        date = datetime.date.today().isoformat()
    elif read_date(date.strip()) is None:
        raise ScorepadError([Problem(_("{file}: --date").format(file=file),
            _("{date} is not a date as YYYY-MM-DD "
                                                          "(e.g. 2026-11-26)").format(
                                                            date=shown(date)))])
    date = read_date(date.strip()) or ""
    import re

    # commas as typed on any keyboard: ASCII, full-width (，) and the Japanese 、
    names = [p for p in (n.strip() for n in re.split(r"[,，、]", players)) if p]
    typed = [control_problem(text, option) for text, option in
             [*((name, "--players") for name in names), (title, "--title")]]
    if len(title) > MAX_TEXT:
        typed.append(Problem("--title", _("is longer than {max_text} characters").format(
                                            max_text=MAX_TEXT)))
    if any(typed):
        raise ScorepadError([p for p in typed if p]).located(str(file))
    try:
        session = core.new_session(variant, names, profile=rules, title=title, date=date,
                                   dealer=dealer, settings=pairs)  # fmt: skip
    except ScorepadError as err:
        raise err.located(str(file)) from None
    storage.save_new(file, session)
    SAVED.append(str(file))
    from scorepad.variants import get_variant

    v = get_variant(session.variant)
    echo(_("created {file}: {title} ({profile} rules), {date}, {names} players: {players}; "
           "{dealer} deals first").format(
             file=file, title=_(v.title), profile=session.profile, date=session.date,
             names=len(names), players=_(", ").join(session.players), dealer=session.dealer))
    if os.environ.get("SCOREPAD_FILE") != str(file):
        import shlex

        echo(_("to leave the file name out of every command: export SCOREPAD_FILE={file}").format(
                 file=shlex.quote(str(file))))


InteractiveOpt = Annotated[Optional[bool], typer.Option(  # noqa: UP045
    "--interactive/--no-interactive", "-i",
    help=_("ask for what is missing (default: only on a terminal)"), show_default=False)]


def _interactive(flag: bool | None) -> bool:
    if flag is not None:
        return flag
    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask(prompt: str) -> str:
    """A question on the terminal, wrapped at word boundaries: the answer is typed after its
    last line."""
    fit = fitting()
    if fit is None:
        return input(prompt)
    from scorepad.text import wrap

    *before, last = wrap(prompt, fit - 1)  # room for the cursor
    for line in before:
        typer.echo(printable(line))
    return input(last + (" " if prompt.endswith(" ") and not last.endswith(" ") else ""))


@app.command(cls=DealCommand,
    help=_("Record one deal; print its scores and who deals next.\n\nOn a terminal, whatever "
             "is missing is asked for (defaults in brackets, Enter accepts),\nand the deal is "
             "shown for confirmation before it is saved.\n\nExample: scorepad deal club.toml "
             "--contract garde --taker Bruno --points 47 --bouts 2"))
@handled
@with_deal_options
def deal(
    file: FileArg,
    continue_: Annotated[bool, typer.Option("--continue", help=_("add a deal after the match "
                                                                 "target was reached"))] = False,
    interactive: InteractiveOpt = None,
    **options: Any,
) -> None:
    from scorepad import core, report, storage
    from scorepad.variants import match_over

    try:
        raw = raw_from_options(options)
    except ScorepadError as err:
        raise err.located(_("{file}: deal {x}").format(
                              file=file, x=len(storage.load(file).deals) + 1)) from None

    ask_same = _interactive(interactive)

    def record(now: Any) -> Any:
        try:
            updated = core.add_deal(now, raw, play_on=continue_)
        except ScorepadError as err:
            raise _Refused(now, err) from None
        from scorepad.play import same_as_last

        same = same_as_last(now, updated.deals[-1])
        if same is not None and ask_same:  # a deal typed twice: asked about, out of the lock
            raise _Same(same)
        if same is not None:  # without a terminal: saved, and said
            NOTES.append(_("{file}: deal {n} is the same as deal {m}, saved again (undo "
                           "removes it)").format(file=file, n=same + 1, m=same))
        return updated

    shown_n = 0  # the deal number already shown in guided entry
    try:  # one read of the file, under the lock: a deal typed in full is saved at once
        before, updated = storage.update(file, record, NOTES)
    except _Refused as refused:
        session = refused.session
        done = match_over(session)
        if not _interactive(interactive) or (done and not continue_):
            raise refused.error.located(str(file)) from None
        from scorepad.guided import DealEntry
        from scorepad.play import confirm_deal

        where = _("{file}: deal {x}").format(file=file, x=len(session.deals) + 1)
        entry = DealEntry(session, _ask, echo)
        try:
            raw = entry.run(raw, announce=where)
        except ScorepadError as foreign:
            raise foreign.located(where) from None
        confirmed = confirm_deal(session, entry, raw, _ask, echo, play_on=continue_)
        if confirmed is None:
            echo(_("not saved; the file is as it was"))
            return
        raw = confirmed
        shown_n = len(session.deals) + 1
        # read again under the lock: another scorepad may have recorded a deal meanwhile
        before, updated = storage.update(
            file, located(file, lambda now: core.add_deal(now, raw, play_on=continue_)), NOTES)
    except _Same as same:
        from scorepad.guided import yes_no

        if not yes_no(_ask, echo, _("{file}: the same as deal {n} — record it again?").format(
                                      file=file, n=same.n),
                      default=True):  # fmt: skip
            echo(_("not saved; the file is as it was"))
            return
        before, updated = storage.update(
            file, located(file, lambda now: core.add_deal(now, raw, play_on=continue_)), NOTES)
    n = len(updated.deals)
    SAVED.append(_("deal {n}").format(n=n))
    deal = updated.deals[-1]
    if n != shown_n:
        echo(report.explain_deal(updated, n, deal, core.score(updated, deal)))
    echo(_("saved as deal {n}; next dealer: {x}").format(n=n, x=updated.next_dealer()))
    after = match_over(updated)
    if after and not match_over(before):
        echo(after)


@app.command(cls=Command, help=_(
    "An evening in one command: deal after deal, each saved at once, the standings and "
             "the\nnext dealer after each. Between deals: u undo, e N edit, s standings, h "
             "history, c chart,\nq quit, ? help. Without a terminal, reads one deal per line in "
             "deal's options.\n\nExample: scorepad play club.toml; scorepad play club.toml < "
             "evening.txt"))
@handled
def play(file: FileArg, interactive: InteractiveOpt = None) -> None:
    from scorepad import play as evening

    if _interactive(interactive):
        evening.Evening(file, _ask, echo, NOTES, SAVED, fit=fitting).run()
    else:
        evening.from_lines(file, sys.stdin, _deal_line_parser(file), echo, NOTES, SAVED,
                           source="input")  # fmt: skip


def _deal_line_parser(file: Path) -> Callable[[list[str]], dict[str, Any]]:
    """A line of `deal` options (as typed after `scorepad deal FILE`) to a deal's fields."""
    import importlib

    try:  # typer carries its own click (typer._click) in recent versions
        click_errors: Any = importlib.import_module("typer._click.exceptions")
    except ImportError:  # pragma: no cover - older typer, with click itself
        click_errors = importlib.import_module("click.exceptions")

    from scorepad.deal_options import DEAL_OPTIONS

    group: Any = typer.main.get_command(_only("deal"))
    deal_command = group.commands["deal"]
    keys = {f.key for f in DEAL_OPTIONS}

    def parse(tokens: list[str]) -> dict[str, Any]:
        if "--help" in tokens:  # click would print the help of deal
            raise ScorepadError([Problem("", _("--help is no deal"))])
        try:
            ctx = deal_command.make_context("deal", [str(file), *tokens],
                                            resilient_parsing=False)  # fmt: skip
        except typer.Exit:
            raise ScorepadError([Problem("", _("--help is no deal"))]) from None
        except click_errors.ClickException as err:
            raise ScorepadError([Problem("", usage_message(err))]) from None
        if ctx.params.get("continue_") or ctx.params.get("interactive") is not None:
            raise ScorepadError([Problem("", _("--continue and --interactive are not deal "
                                               "fields: play takes every deal"))])
        options = {k: list(v) if isinstance(v, tuple) else v for k, v in ctx.params.items()
                   if k in keys}  # fmt: skip
        return raw_from_options(options)

    return parse


@app.command(cls=DealCommand,
    help=_("Change fields of deal N; the others stay as entered. Prints the scores before and "
             "after.\n\nWith no options on a terminal, every question is asked again with the "
             "old answer as\ndefault (Enter keeps it).\n\nExample: scorepad edit club.toml 3 "
             "--points 42"))
@handled
@with_deal_options
def edit(
    file: FileArg,
    n: Annotated[int, typer.Argument(help=_("the deal's number (see history)"),
                                     parser=ascii_int, metavar="N")],
    clear: Annotated[list[str] | None, typer.Option("--clear", help=_("remove a field, e.g. "
                                                                         "--clear petit-au-bout "
                                                                         "(repeatable)"))] = None,
    interactive: InteractiveOpt = None,
    **options: Any,
) -> None:
    from scorepad import core, report, storage

    session = storage.load(file)
    try:
        changes = raw_from_options(options)
        old = core.deal_at(session, n)
        guided = not changes and not clear and _interactive(interactive)
        if guided:
            from scorepad.guided import guided_fields

            echo(_("{file}: deal {n}, old answers in brackets (Ctrl-C leaves the file as it "
                   "was)").format(file=file, n=n))
            fields = guided_fields(session, {}, _ask, echo,
                                   defaults=core.deal_fields(session, old))  # fmt: skip
            updated = core.replace_deal(session, n, fields)
        elif not changes and not clear:
            raise ScorepadError([Problem(_("deal {n}").format(n=n),
                _("nothing to change: give the deal "
                                                        "options to change (or run it on a "
                                                        "terminal)"))])
        else:
            updated = core.edit_deal(session, n, changes, clear or [])
    except ScorepadError as err:
        raise err.located(str(file)) from None
    echo(report.edit_lines(session, updated, n))
    if guided:
        from scorepad.guided import yes_no

        if not yes_no(_ask, echo, _("Save the new deal {n}?").format(n=n), default=True):
            echo(_("not saved; the file is as it was"))
            return
        old_deal, new_deal = session.deals[n - 1], updated.deals[n - 1]
        storage.update(file, located(file, lambda now: core.put_deal(now, n, old_deal,
                                                                      new_deal)), NOTES)
    else:  # the changes applied to the file as it is now, read again under the lock
        storage.update(file, located(file, lambda now: core.edit_deal(now, n, changes,
                                                                       clear or [])), NOTES)
    SAVED.append(_("the edit of deal {n}").format(n=n))


class _Same(Exception):
    """A deal the same as the last one, typed in full on a terminal: ask before saving."""

    def __init__(self, n: int) -> None:
        super().__init__(_("same as deal {n}").format(n=n))
        self.n = n


class _Refused(Exception):
    """A deal the file as read under the lock does not take (yet): guided entry may mend it."""

    def __init__(self, session: Any, error: ScorepadError) -> None:
        super().__init__(str(error))
        self.session = session
        self.error = error


def located(file: Path, change: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`change`, with its errors located in the file."""

    def run(session: Any) -> Any:
        try:
            return change(session)
        except ScorepadError as err:
            raise err.located(str(file)) from None

    return run


@app.command(cls=Command, help=
    _("Remove the last deal, saying which.\n\nExample: scorepad undo club.toml"))
@handled
def undo(file: FileArg) -> None:
    _remove(file, None)


@app.command(cls=Command, help=_(
    "Remove deal N; the deals after it move up one number.\n\nExample: scorepad delete "
             "club.toml 4"))
@handled
def delete(
    file: FileArg, n: Annotated[int, typer.Argument(help=_("the deal's number (see history)"),
                                                    parser=ascii_int, metavar="N")]
) -> None:
    _remove(file, n)


def _remove(file: Path, n: int | None) -> None:
    from scorepad import core, storage

    removed: list[Any] = []

    def remove(now: Any) -> Any:
        number = len(now.deals) if n is None else n
        try:
            updated, deal = core.remove_deal(now, number)
            core.check_session(updated)
        except ScorepadError as err:
            raise err.located(str(file)) from None
        removed.append((number, deal))
        return updated

    session, updated = storage.update(file, remove, NOTES)
    [(number, removed_deal)] = removed
    SAVED.append(_("the removal of deal {number}").format(number=number))
    outcome = core.score(session, removed_deal)
    from scorepad.text import scores_line

    scores = scores_line(outcome.scores)
    from scorepad.variants import get_variant

    what = get_variant(session.variant).describe(removed_deal.entry)
    echo(_("removed deal {number} (dealt by {dealer}): {what}, {result}; {scores}").format(
             number=number, dealer=removed_deal.dealer, what=what, result=outcome.result,
             scores=scores))
    if n is not None and n <= len(updated.deals):
        moved = len(session.deals) - n
        echo(_("deal {x} is now {n}").format(x=n + 1, n=n) if moved == 1 else
                   _("deals {x}–{deals} are now {n}–{deals2}").format(
                       x=n + 1, deals=len(session.deals), n=n, deals2=len(updated.deals)))
    echo(_("next dealer: {x}").format(x=updated.next_dealer()))


@app.command(cls=Command, help=
    _("Every deal with its scores and running totals.\n\nExample: scorepad history "
             "club.toml --format github"))
@handled
def history(file: FileArg, json_: JsonOpt = False, fmt: FormatOpt = "simple") -> None:
    from scorepad import report, storage

    session = storage.load(file)
    if json_:
        echo_json(report.history_objects(session))
    elif fmt == "simple":  # printed line by line: a big season is never held as one text
        for line in report.history_lines(session, fit=fitting()):
            echo(line)
        echo(_("next dealer: {x}").format(x=session.next_dealer()))
    else:
        echo(report.history_table(session, fmt))


class RankBy(StrEnum):
    total = "total"
    average = "average"


# the season's options, the same in standings --league and report
RankByOpt = Annotated[RankBy, typer.Option("--rank-by", help=_("the season table (--league): "
                                                               "total or average"))]
MinDealsOpt = Annotated[int, typer.Option("--min-deals", parser=ascii_int, metavar="N",
                                          help=_("with --rank-by average: deals needed to be "
                                                 "ranked"))]  # fmt: skip
SinceOpt = Annotated[Optional[str], typer.Option(  # noqa: UP045
    "--since", metavar="YYYY-MM-DD", help=_("only sessions on or after this date"))]
UntilOpt = Annotated[Optional[str], typer.Option(  # noqa: UP045
    "--until", metavar="YYYY-MM-DD", help=_("only sessions on or before this date"))]


@app.command(cls=Command, help=
    _("Players ranked by total, over one or more session files of the same game.\n\n"
             "Example: scorepad standings club.toml; scorepad standings season/*.toml --league"))
@handled
def standings(
    files: FilesArg,
    json_: JsonOpt = False,
    fmt: FormatOpt = "simple",
    by_deal: Annotated[bool, typer.Option("--by-deal", help=_("add the running totals after "
                                                              "every deal"))] = False,
    league: Annotated[bool, typer.Option("--league", help=_("a season: one column per session, "
                                                            "by date"))] = False,
    rank_by: RankByOpt = RankBy.total,
    min_deals: MinDealsOpt = 10,
    since: SinceOpt = None,
    until: UntilOpt = None,
) -> None:
    from scorepad import core, report
    from scorepad.variants import match_over

    files, sessions = _sessions_between(files, since, until)
    if league:
        labels = [report.session_label(s, f.stem) for f, s in zip(files, sessions, strict=True)]
        rows_ = core.league(sessions, rank_by=rank_by.value, min_deals=min_deals)
        if json_:
            echo_json(report.league_object(sessions[0].variant, labels, rows_, rank_by.value,
                                           min_deals))  # fmt: skip
            return
        from scorepad.variants import get_variant

        v = get_variant(sessions[0].variant)
        deals_ = sum(len(s.deals) for s in sessions)
        ranked = _("by average (at least {deals})").format(deals=plural(min_deals, "deal")) \
            if rank_by is RankBy.average else _("by total")
        echo(_("{title} league: {sessions}, {deals} ({unit}), ranked {ranked}").format(
                 title=_(v.title), sessions=plural(len(sessions), 'session'),
                 deals=plural(deals_, 'deal'), unit=_(v.unit), ranked=ranked))
        echo(report.league_table(labels, rows_, fmt))
        return
    rows = core.standings(sessions)
    variant = sessions[0].variant
    deals = sum(len(s.deals) for s in sessions)
    if json_:
        echo_json(report.standings_object(variant, deals, rows))
        return
    from scorepad.variants import get_variant

    v = get_variant(variant)
    heading = sessions[0].heading if len(sessions) == 1 else ""
    title = f"{heading} — {_(v.title)}" if heading else _(v.title)
    echo_fit(_("{title}: {deals} in {sessions} ({unit})").format(
                 title=title, deals=plural(deals, 'deal'),
                 sessions=plural(len(sessions), 'session'), unit=_(v.unit)))
    echo(report.standings_table(variant, rows, fmt, fit=fitting()))
    if by_deal:
        echo("")
        echo(report.by_deal_table(sessions, fmt))
    for session in sessions:
        over = match_over(session)
        if over:
            echo_fit(over)
    if len(sessions) == 1 and fmt == "simple" and not over:
        echo(_("next dealer: {x}").format(x=sessions[0].next_dealer()))


def _sessions_between(files: list[Path], since: str | None, until: str | None,
                      mixed: str | None = None) -> tuple[list[Path], list[Any]]:  # fmt: skip
    """The sessions of the files (one game), by date (undated ones as given, last), those
    between `since` and `until` when given. `mixed`: the command's error for files of
    different games (with {which}; default: the standings')."""
    from scorepad.checks import read_date

    bounds = []
    for option, value in (("--since", since), ("--until", until)):
        if value is not None and read_date(value.strip()) is None:
            raise ScorepadError([Problem(option, _("{value} is not a date as YYYY-MM-DD").format(
                                                     value=shown(value)))])
        bounds.append(read_date(value.strip()) if value is not None else None)
    sessions = _load_all(files)
    games = {s.variant for s in sessions}
    if len(games) > 1:
        which = ", ".join(_("{f} is {variant}").format(f=f, variant=s.variant) for f,
            s in zip(files, sessions, strict=True))
        raise ScorepadError([Problem("", (mixed or _("the files mix games ({which}): standings add "
                                                     "up one game at a time")).format(
                                             which=which))])
    pairs = sorted(zip(files, sessions, strict=True), key=lambda fs: (not fs[1].date,
                                                                       fs[1].date))  # fmt: skip
    if since is not None or until is not None:
        low, high = bounds
        pairs = [(f, s) for f, s in pairs if s.date and (low is None or s.date >= low)
                 and (high is None or s.date <= high)]  # fmt: skip
        if not pairs:
            raise ScorepadError([Problem("", _("no dated session falls between {x} and {x2}")
                .format(
                                                 x=low or _('the start'), x2=high or _('today')))])
    return [f for f, _s in pairs], [s for _f, s in pairs]


@app.command("stats", cls=Command, help=_(
    "Statistics over one or more session files of the same game: by player, by contract and "
    "by role.\n\nFrench Tarot: takes, contracts made, averages as taker, partner and defender, "
    "slams,\nhandfuls; Troggu: Tapp and Solo games, chips by kind; Piedmont: deals and matches "
    "won.\n\nExample: scorepad stats season/*.toml --since 2026-09-01 --player Anna"))
@handled
def stats_command(
    files: FilesArg,
    since: SinceOpt = None,
    until: UntilOpt = None,
    player: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--player", metavar="NAME", help=_("one player's card (a unique beginning will do)"),
        autocompletion=_complete_player)] = None,
    json_: JsonOpt = False,
) -> None:
    from scorepad import stats_text

    files, sessions = _sessions_between(files, since, until, _(
        "the files mix games ({which}): statistics add up one game at a time"))
    out = stats_text.command_output(files, sessions, player, json_, fitting())
    echo_json(out) if json_ else echo(out)


def _load_all(files: list[Path]) -> list[Any]:
    from scorepad import storage

    sessions: list[Any] = []
    problems: list[Problem] = []
    for f in files:
        try:
            sessions.append(storage.load(f))
        except ScorepadError as err:
            problems.extend(err.problems)
    if problems:
        raise ScorepadError(problems)
    return sessions


RateOpt = Annotated[Optional[str], typer.Option(  # noqa: UP045
    "--rate", help=_("money per point (per chip in Troggu), e.g. 0.05"), show_default=False)]
CurrencyOpt = Annotated[str, typer.Option("--currency", help=_("shown after amounts, e.g. €"))]
PerGameOpt = Annotated[bool, typer.Option(
    "--per-game", help=_("Piedmont: settle the deals won, not the points"))]


@app.command(cls=Command, help=_(
    "The fewest payments that settle the evening (or the season): who pays whom.\n\n"
             "Without --rate, in the game's own unit (points or chips). Amounts are exact; with "
             "a rate\nthey are rounded to cents, and any cent that rounding moves is named.\n\n"
             "Example: scorepad settle club.toml --rate 0.05 --currency €"))
@handled
def settle(
    files: FilesArg,
    rate: RateOpt = None,
    currency: CurrencyOpt = "",
    per_game: PerGameOpt = False,
    json_: JsonOpt = False,
) -> None:
    from scorepad import report

    sessions = _sessions_between(files, None, None)[1]
    settlement, unit = _settlement(sessions, rate, currency, per_game)
    if json_:
        difference = unit == "deals won" or get_variant_of(sessions).deal_total != 0
        echo_json(report.settle_object(settlement, unit, currency,
                                       "difference" if difference else "totals"))
        return
    echo(_("settling {x} ({label}):").format(
             x=plural(sum(len(s.deals) for s in sessions), 'deal'),
             label=_settle_label(settlement, unit, currency, rate is not None,
                                 get_variant_of(sessions).deal_total != 0)))
    for line in report.settle_lines(settlement, currency, None if rate else unit):
        echo(f"  {line}")


def get_variant_of(sessions: list[Any]) -> Any:
    from scorepad.variants import get_variant

    return get_variant(sessions[0].variant)


def _settle_label(settlement: Any, unit: str, currency: str, rated: bool,
                  difference: bool) -> str:  # fmt: skip
    """What the amounts count, in words: "0.05 € per point", "the player behind pays the
    difference of the totals", "one per deal won more"."""
    from scorepad import report

    rate = report.money(settlement.rate, currency)
    if unit == "deals won":
        return _("{rate} per deal won more").format(rate=rate) if rated else \
            _("the player behind pays for each deal won more")
    if difference:
        return _("{rate} per point of difference").format(rate=rate) if rated else \
            _("points: the player behind pays the difference of the totals")
    if unit == "chips":
        return _("{rate} per chip").format(rate=rate) if rated else _("chips")
    return _("{rate} per point").format(rate=rate) if rated else _("points")


def _settlement(sessions: list[Any], rate: str | None, currency: str,
                per_game: bool) -> tuple[Any, str]:  # fmt: skip
    """The settlement of the sessions' totals (or deals won, Piedmont --per-game)."""
    import re
    from decimal import Decimal

    from scorepad import core
    from scorepad.checks import control_problem
    from scorepad.settle import CENT, against_the_others, settle
    from scorepad.variants import get_variant

    problems = []
    if rate is not None and not re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,4})?", rate.strip()):
        problems.append(Problem("--rate", _("{rate} is not an amount like 0.05").format(
                                              rate=shown(rate))))
    elif rate is not None and Decimal(rate.strip()) == 0:
        problems.append(Problem("--rate", _("must be more than 0")))
    problem = control_problem(currency, "--currency")
    if problem or len(currency) > 5:
        problems.append(problem or Problem("--currency", _("at most 5 characters, e.g. € or CHF")))
    variant = get_variant(sessions[0].variant)
    if per_game and variant.name != "piedmont":
        problems.append(Problem("--per-game", _("is for Piedmont, not {name}").format(
                                                  name=_(variant.title))))
    if problems:
        raise ScorepadError(problems)
    unit = variant.unit
    rows = core.standings(sessions)
    if per_game:
        totals = against_the_others({r.name: r.won for r in rows})
        unit = "deals won"
    else:
        totals = {r.name: r.total for r in rows}
        if variant.deal_total:  # not zero-sum: the player behind pays the difference
            totals = against_the_others(totals)
    if rate is None:
        return settle(totals, Decimal(1), Decimal(1)), unit
    return settle(totals, Decimal(rate.strip()), CENT), unit


@app.command(cls=Command, help=_(
    "The evening's sheet: one self-contained HTML page to print, pin up or send.\n\n"
             "Standings, a chart of the running totals, every deal, and who pays whom (Troggu "
             "in chips;\nFrench and Piedmont with --rate). Several files of one game make a "
             "season page.\n\nExample: scorepad report club.toml -o evening.html --rate 0.05 "
             "--currency €"))
@handled
def report(
    files: FilesArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help=_("the HTML file to "
                                                                            "write; - or none: "
                                                                            "print"))] = None,
    rate: RateOpt = None,
    currency: CurrencyOpt = "",
    rank_by: RankByOpt = RankBy.total,
    min_deals: MinDealsOpt = 10,
    since: SinceOpt = None,
    until: UntilOpt = None,
) -> None:
    from scorepad import core, sheet, storage

    files, sessions = _sessions_between(files, since, until)
    from scorepad import report as tables

    labels = [tables.session_label(s, f.stem) for f, s in zip(files, sessions, strict=True)]
    settlement = None
    if rate is not None or sessions[0].variant == "troggu":
        settlement = _settlement(sessions, rate, currency, False)[0]
    league_rows = core.league(sessions, rank_by=rank_by.value, min_deals=min_deals) \
        if len(sessions) > 1 else None
    html = sheet.page(sessions, labels, settlement=settlement,
                      currency=currency if rate is not None else "", league_rows=league_rows,
                      in_money=rate is not None)
    if output is None or str(output) == "-":
        typer.echo(html, nl=False)  # HTML escapes what it shows: no raw control characters
        return
    stream = storage.write_export(output, html)
    echo(_("wrote {output}: the sheet of {x}").format(
             output=output, x=plural(sum(len(s.deals) for s in sessions), 'deal')),
         err=stream)


@app.command(cls=Command, help=
    _("The running totals of every player, deal by deal, drawn in the terminal.\n\n"
             "Example: scorepad chart club.toml"))
@handled
def chart(file: FileArg) -> None:
    from scorepad import report, storage

    session = storage.load(file)
    if not session.deals:
        raise ScorepadError([Problem(str(file), _("no deals yet: nothing to draw"))])
    echo(report.chart(session, fit=fitting() or 80))


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"
    markdown = "markdown"


@app.command(cls=Command, help=_(
    "One row per deal, one column per player: for spreadsheets and club web pages.\n\n"
             "Example: scorepad export club.toml --to csv -o club.csv"))
@handled
def export(
    file: FileArg,
    to: Annotated[Optional[ExportFormat], typer.Option(  # noqa: UP045
        "--to", help=_("csv, json or markdown (--excel alone: csv)"), show_default=False)] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help=_("write to this file; "
                                                                            "- or none: print"))] = None,  # noqa: E501
    excel: Annotated[bool, typer.Option("--excel", help=_("CSV as Excel reads UTF-8: with a "
                                                          "byte-order mark"))] = False,
) -> None:
    from scorepad import report, storage

    if to is None and not excel:
        raise ScorepadError([Problem("--to", _("say which export: --to csv, --to json or --to "
                                               "markdown"))])
    to = to or ExportFormat("csv")  # --excel alone: a CSV for Excel
    if excel and to.value != "csv":
        raise ScorepadError([Problem("--excel", _("goes with --to csv"))])
    session = storage.load(file)
    if output is None or str(output) == "-":
        if excel:
            typer.echo("\ufeff", nl=False)  # the one format character that is meant
        for chunk in report.export_chunks(session, to.value, excel=excel, bom=False):
            typer.echo(printable(chunk), nl=False)
        return
    stream = storage.write_export(output, report.export_chunks(session, to.value, excel=excel))
    # to a pipe or a device the note goes to stderr, so it never mixes with the export
    echo(_("wrote {output}: {deals} as {value}").format(
             output=output, deals=plural(len(session.deals), 'deal'), value=to.value), err=stream)


@app.command(cls=Command, help=_(
    "One deal with its arithmetic spelled out.\n\nExample: scorepad show club.toml 3"))
@handled
def show(
    file: FileArg,
    n: Annotated[Optional[int], typer.Argument(help=_("the deal's number (default: the last)"), parser=ascii_int, metavar="N")] = None,  # noqa: UP045, E501
    json_: JsonOpt = False,
) -> None:
    from scorepad import core, report, storage

    session = storage.load(file, lazy=True)  # one deal is read, not all
    number = len(session.deals) if n is None else n
    try:
        deal = core.deal_at(session, number)
    except ScorepadError as err:
        raise err.located(str(file)) from None
    outcome = core.score(session, deal)
    if json_:
        obj = report.deal_object(session, number, deal, outcome)
        obj["explain"] = list(outcome.explain)
        echo_json(obj)
    else:
        echo(report.explain_deal(session, number, deal, outcome))


@app.command(cls=Command, help=
    _("Card points of a pile: listed cards plus unlisted low cards up to --pile.\n\n"
             "Example: scorepad count --variant french 21 1 EX KH KS QD CC JH --pile 30"))
@handled
def count(
    cards: Annotated[list[str], typer.Argument(help=_("the cards, e.g. 21 1 EX KH QS"),
                                               show_default=False)],
    variant: Annotated[str, typer.Option("--variant", "-v", help=_("french, troggu or piedmont"))],
    pile: Annotated[int | None, typer.Option("--pile", help=_("how many cards the pile holds "
                                                                 "(default: those listed)"), parser=ascii_int, metavar="N")] = None,  # noqa: E501
    json_: JsonOpt = False,
) -> None:
    from scorepad.cards import count_pile
    from scorepad.variants import default_rules, get_variant

    v = get_variant(variant)
    deck = v.deck(default_rules(v))
    listed = deck.parse_many(" ".join(typed(c) for c in cards))  # ２１ is 21
    counted = count_pile(deck, listed, pile)
    extra = v.count_extra(counted)
    if json_:
        from scorepad.core import json_number

        obj: dict[str, Any] = {"points": json_number(counted.points)}
        obj.update(extra.get("json", {}))
        obj["cards"] = counted.cards
        echo_json(obj)
        return
    from scorepad.cards import pile_sum
    from scorepad.text import points_of

    echo(pile_sum(deck, listed, counted))
    echo(_("{points} in {cards}").format(points=points_of(counted.points),
                                         cards=plural(counted.cards, "card")))
    for line in extra.get("lines", []):
        echo(line)


@app.command(cls=Command, help=
    _("Validate session files and report every problem; exit 1 if any.\n\nExample: "
             "scorepad check examples/*.toml"))
@handled
def check(files: FilesArg) -> None:
    from scorepad import core, storage
    from scorepad.variants import get_variant

    bad = 0
    for f in files:
        try:
            session = core.check_session(storage.load(f, recheck=True))
        except ScorepadError as err:
            bad += 1
            print_problems(err.problems)
            continue
        echo(_("{f}: ok, {variant}, {players} players, {deals}, every deal adds up").format(
                 f=f, variant=_(get_variant(session.variant).title), players=len(session.players),
                 deals=plural(len(session.deals), 'deal')))
    if bad:
        raise typer.Exit(1)


@app.command(cls=Command, help=_(
    "The games, their player counts, rule profiles and settings.\n\nExample: scorepad "
             "variants --json"))
@handled
def variants(json_: JsonOpt = False) -> None:
    from scorepad.variants import registry

    games: list[dict[str, Any]] = []
    for v in registry().values():
        games.append({
            "name": v.name, "title": v.title, "aliases": list(v.aliases),
            "players": {"min": v.min_players, "max": v.max_players}, "unit": v.unit,
            "profiles": {name: dict(settings) for name, settings in v.profiles.items()},
            "fields": [f.option for f in v.fields],
        })  # fmt: skip
    if json_:
        echo_json(games)
        return
    from scorepad.report import table

    rows = []
    for v in registry().values():
        count = f"{v.min_players}–{v.max_players}" if v.min_players != v.max_players \
            else str(v.min_players)
        rows.append([v.name, _(v.title), count, _(v.unit), ", ".join(v.profiles)])
    echo(table(rows, ["variant", "game", "players", "scores", "profiles"]))
    for v in registry().values():
        for name, settings in v.profiles.items():
            values = ", ".join(f"{k}={str(x).lower() if isinstance(x, bool) else x}"
                               for k, x in settings.items())
            echo(f"{v.name} {name}: {values}")


def _only(name: str) -> typer.Typer:
    """The app with the one command that runs (building all of them costs start-up time at
    every deal); the whole app when the name is no command (`--help`, a typo)."""
    chosen = [c for c in app.registered_commands
              if c.callback is not None and (c.name or c.callback.__name__) == name]
    if not chosen:
        return app
    one = typer.Typer(cls=Group, help=app.info.help, epilog=app.info.epilog,
                      no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, rich_markup_mode=None)  # fmt: skip
    one.callback()(_root)
    one.registered_commands = chosen
    return one


def _with_completion() -> typer.Typer:
    """The whole app with shell completion (--install-completion, --show-completion, and
    the completions themselves): commands, options, the file's players, contracts."""
    full = typer.Typer(cls=Group, help=app.info.help, no_args_is_help=True, add_completion=True,
                       pretty_exceptions_enable=False, rich_markup_mode=None)  # fmt: skip
    full.callback()(_root)
    full.registered_commands = app.registered_commands
    return full


NUMBERED = ("show", "edit", "delete")  # FILE, then a deal's number


def main() -> None:
    if sys.argv[1:] == ["--version"]:  # before any command is built: it asks for nothing else
        from scorepad import __version__

        typer.echo(f"scorepad {__version__}")
        return
    from scorepad import i18n

    lang = i18n.from_command_line(sys.argv[1:])
    if lang is not None:  # chosen when scorepad.i18n was imported; here it is checked
        if i18n.code_of(lang) is None:
            echo("error: --lang: " + _("{lang} is not a language of scorepad (en, ja)").format(
                lang=shown(lang)), err=True)
            sys.exit(2)
        sys.argv[1:] = i18n.without_lang(sys.argv[1:])
    argv = sys.argv
    if len(argv) > 2 and argv[1] in NUMBERED and os.environ.get("SCOREPAD_FILE") \
            and argv[2].isascii() and argv[2].isdigit():
        argv.insert(2, os.environ["SCOREPAD_FILE"])  # `show 3`: the deal of $SCOREPAD_FILE
    if "_SCOREPAD_COMPLETE" in os.environ or sys.argv[1:2] in (["--install-completion"],
                                                               ["--show-completion"]):
        _with_completion()(prog_name="scorepad")  # only then: it costs every start-up
        return
    try:
        _only(sys.argv[1] if len(sys.argv) > 1 else "")(prog_name="scorepad")
    except KeyboardInterrupt:
        echo(_("\ninterrupted: nothing saved"), err=True)
        sys.exit(130)
