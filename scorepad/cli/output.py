"""Printing: echo (colours, the terminal's width), problems as one `error:` line each, JSON, and
`handled`, the wrapper of every command (errors, what was saved, the notes at the end)."""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

import typer

from scorepad.cli import typer_click
from scorepad.errors import MAX_PROBLEMS, ScorepadError
from scorepad.i18n import _
from scorepad.text import plural, printable, wrap

F = TypeVar("F", bound=Callable[..., Any])

GREEN, RED, BOLD_RED, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1;31m", "\x1b[0m"
# a signed score: "+186", "−62" (scorepad writes losses with the minus sign U+2212), not
# "0–91" (an en dash) nor "−(25 + 6)" (arithmetic)
SCORE = r"(?<![\w.])([+−])(\d+(?:\.\d+)?)(?![\w.])"


class Run:
    """What one command did, kept by `handled` while it runs."""

    def __init__(self) -> None:
        self.saved: list[str] = []  # so a failure to print never hides it
        self.notes: list[str] = []  # said on stderr once the command is done


_RUN: ContextVar[Run] = ContextVar("scorepad_run")


_collector_paused = False


def pause_collector() -> None:
    """The collector off until the command begins (`handled`): start-up makes objects that live
    as long as the process. The program's entry only: tests and library users keep theirs."""
    global _collector_paused
    gc.disable()
    _collector_paused = True


def _resume_collector() -> None:
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.freeze()  # the start-up's objects out of the command's collections
        gc.enable()


def run() -> Run:
    """The command's own record of what it saved and what to say at the end."""
    return _RUN.get()


def echo(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print for people: control characters from a file never reach the terminal raw; on a
    terminal (not with NO_COLOR set, https://no-color.org, nor TERM=dumb) gains in green,
    losses in red and `error:` in bold red, added to text already laid out (escape codes
    take no columns)."""
    text = printable(text)
    stream = sys.stderr if err else sys.stdout
    fit = fitting(stream) if nl else None
    if fit is not None:  # sentences at word boundaries; tables fit themselves
        text = "\n".join(wrap(text, fit))
    if ("+" in text or "−" in text or "error:" in text) and _coloured(stream):
        if err:
            text = re.sub(r"(?m)^error:", f"{BOLD_RED}error:{RESET}", text)
        else:
            text = re.sub(SCORE, lambda m: f"{GREEN if m[1] == '+' else RED}{m[0]}{RESET}", text)
    typer.echo(text, err=err, nl=nl)


def _coloured(stream: Any) -> bool:
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def print_problems(problems: Any) -> None:
    problems = list(problems)
    for problem in problems[:MAX_PROBLEMS]:
        echo(f"error: {problem}", err=True)  # "error:" stays English: scripts look for it
    if len(problems) > MAX_PROBLEMS:
        echo(
            "error: "
            + _("… and {more}").format(more=plural(len(problems) - MAX_PROBLEMS, "more problem")),
            err=True,
        )


def handled(fn: F) -> F:
    """Turn a ScorepadError into `error:` lines on stderr and exit status 1; once something
    was saved, a failure to print (a closed pipe, a full disk) never looks like a failure."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _resume_collector()
        now = Run()
        token = _RUN.set(now)
        try:
            _undecodable(kwargs)
            result = fn(*args, **kwargs)
            for note in now.notes:
                echo(note, err=True)
            return result
        except ScorepadError as err:
            print_problems(err.problems)
            raise typer.Exit(1) from None
        except AssertionError as err:  # an invariant of scorepad's own: a bug, said plainly
            said = str(err) or type(err).__name__
            if now.saved:
                bug = _("a bug in scorepad: {what} ({saved} was saved before it)")
            else:
                bug = _("a bug in scorepad: {what}; nothing was changed")
            echo("error: " + bug.format(what=said, saved=(now.saved or [""])[-1]), err=True)
            raise typer.Exit(1) from None
        except (KeyboardInterrupt, EOFError) as stop:
            if now.saved:
                raise typer.Exit(0) from None
            echo(_("\ninterrupted: nothing saved, the file is as it was"), err=True)
            raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 1) from None
        except BrokenPipeError:
            _quiet_stdout()  # the reader went away (| head): not an error
            raise typer.Exit(0 if now.saved else 1) from None
        except (OSError, UnicodeError) as err:
            _quiet_stdout()
            why = getattr(err, "strerror", None) or type(err).__name__
            with contextlib.suppress(OSError, UnicodeError):
                if now.saved:
                    failed = _("note: {saved} was saved; printing the result failed ({why})")
                else:
                    failed = "error: " + _("printing the result failed ({why})")
                echo(failed.format(saved=(now.saved or [""])[-1], why=why), err=True)
            raise typer.Exit(0 if now.saved else 1) from None
        finally:
            _RUN.reset(token)

    return wrapper  # type: ignore[return-value]


@contextlib.contextmanager
def located(where: object) -> Iterator[None]:
    """The problems raised inside said at `where` (a file, a folder)."""
    try:
        yield
    except ScorepadError as err:
        raise err.located(str(where)) from None


def _undecodable(params: dict[str, Any]) -> None:
    """Text given on the command line holding bytes that are not UTF-8 (a Latin-1 terminal's
    "café": Python's argv carries such a byte as a lone surrogate), or a lone surrogate, is
    refused naming its option or argument: saved, it would not read back. A file's name is
    a path, not text: any bytes will do."""
    for key, value in params.items():
        for text in value if isinstance(value, list | tuple) else (value,):
            if isinstance(text, str) and not text.isascii():
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    raise ScorepadError.at(
                        _param_name(key),
                        _("{text} is not UTF-8 text: type it on a terminal set to UTF-8").format(
                            text=printable(text)
                        ),
                    ) from None


def _param_name(key: str) -> str:
    """A command's parameter as typed: its long option (`--note`) or its argument (`NAME`)."""
    ctx = typer_click.get_current_context(silent=True)
    for param in [] if ctx is None else ctx.command.params:
        if param.name == key:
            if param.param_type_name == "option":
                return str(max(param.opts, key=len))
            return str(param.human_readable_name)
    return key


def _quiet_stdout() -> None:
    """Send what is left of stdout nowhere, so the exit flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def echo_fit(text: str) -> None:
    """A sentence, wrapped at the terminal's width when printing to one."""
    fit = fitting()
    if fit is None:
        echo(text)
        return
    for line in textwrap.wrap(text, fit, break_on_hyphens=False) or [""]:
        echo(line)


def fitting(stream: Any = None) -> int | None:
    """The width output to `stream` (default: stdout) must fit: the terminal's, or COLUMNS
    when set (at least 20); None when printing to a file or a pipe (a script gets every
    column)."""
    if "COLUMNS" in os.environ or (stream or sys.stdout).isatty():
        return max(20, shutil.get_terminal_size().columns)
    return None


def echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))  # json escapes controls
