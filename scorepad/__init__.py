"""scorepad: a command-line score keeper for tarot card games played with real decks.

As a library: `load` a session file, `new_session` and `save_new` to start one, `record_deal`
to add a deal to a file (read under its lock, checked, saved), `score` a deal, `standings` over
sessions; every bad input raises `ScorepadError`, whose `.problems` say where and what. Each
name is imported when first used, so `import scorepad` costs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: Version of the session file format this program writes and understands.
FORMAT_VERSION = 6

__all__ = ["ScorepadError", "load", "new_session", "record_deal", "save_new", "score", "standings"]

#: where each name of the API lives (no name is a submodule's: `scorepad.storage` is the module)
_HOMES = {
    "ScorepadError": "scorepad.errors",
    "load": "scorepad.storage",
    "new_session": "scorepad.core",
    "record_deal": "scorepad.app.record",
    "save_new": "scorepad.storage",
    "score": "scorepad.scores",
    "standings": "scorepad.ranking",
}

if TYPE_CHECKING:  # for type checkers; at run time each name is imported when first used
    from scorepad.app.record import record_deal
    from scorepad.core import new_session
    from scorepad.errors import ScorepadError
    from scorepad.ranking import standings
    from scorepad.scores import score
    from scorepad.storage import load, save_new


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'scorepad' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
