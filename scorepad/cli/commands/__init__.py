"""The commands by name, each with the module of its family: a command's module is imported
only when it runs (or when --help lists them all), so start-up pays for one family, the way
pip's commands/__init__.py maps names to modules."""

from __future__ import annotations

import importlib
from typing import Any

import typer

#: every command, in the order `scorepad --help` lists them: the module of its family
COMMANDS: dict[str, str] = {
    "new": "start",
    "deal": "record",
    "play": "record",
    "edit": "record",
    "undo": "record",
    "delete": "record",
    "penalty": "penalty",
    "join": "roster",
    "leave": "roster",
    "rename": "roster",
    "history": "views",
    "standings": "views",
    "stats": "views",
    "rating": "views",
    "settle": "publish",
    "report": "publish",
    "chart": "views",
    "export": "publish",
    "show": "views",
    "count": "start",
    "check": "views",
    "variants": "start",
    "rules": "start",
    "recover": "start",
    "tournament": "tournament",
}


def load(name: str) -> Any:
    """The click command `name`, built from its family's Typer (imported now): that command
    alone, the family's others are not built (each costs start-up: half a millisecond to a
    few for the deal options); a family's group (`tournament`) is built whole."""
    if name not in _BUILT:
        family = importlib.import_module(f"scorepad.cli.commands.{COMMANDS[name]}").commands
        for info in family.registered_commands:
            if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
                _BUILT[name] = typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=family.pretty_exceptions_short,
                    rich_markup_mode=family.rich_markup_mode,
                )
                break
        else:
            _BUILT[name] = typer.main.get_group(family).commands[name]
    return _BUILT[name]


_BUILT: dict[str, Any] = {}  # each command built once (--help asks for every command)
