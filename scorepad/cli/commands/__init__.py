"""The commands by name, each with the module of its family: a command's module is imported
only when it runs (or when --help lists them all), so start-up pays for one family, the way
pip's commands/__init__.py maps names to modules."""

from __future__ import annotations

from typing import Any

#: every command, in the order `scorepad --help` lists them: the module of its family
COMMANDS: dict[str, str] = {
    "new": "start",
    "deal": "record",
    "play": "record",
    "edit": "record",
    "undo": "record",
    "delete": "record",
    "join": "roster",
    "leave": "roster",
    "rename": "roster",
    "history": "tables",
    "standings": "tables",
    "stats": "tables",
    "settle": "publish",
    "report": "publish",
    "chart": "tables",
    "export": "publish",
    "show": "tables",
    "count": "start",
    "check": "tables",
    "variants": "start",
    "tournament": "tournament",
}


def load(name: str) -> Any:
    """The click command `name`, built from its family's Typer (imported now)."""
    return _family(COMMANDS[name]).commands[name]


_BUILT: dict[str, Any] = {}  # a family's click group, built once (--help asks for every command)


def _family(module: str) -> Any:
    if module not in _BUILT:
        import importlib

        import typer

        family = importlib.import_module(f"scorepad.cli.commands.{module}")
        _BUILT[module] = typer.main.get_group(family.commands)
    return _BUILT[module]
