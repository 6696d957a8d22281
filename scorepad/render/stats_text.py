"""The statistics as people read them in a terminal: tables that fit its width (a player's
card is `stats_card`), and the sheet's compact tables. Returns text and never prints. What
the tables hold, and in which words, is the game's (`Variant.stats`); the drawing both share
is `stats_parts`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorepad.i18n import _
from scorepad.render.deals import session_label
from scorepad.render.stats_card import player_card
from scorepad.render.stats_parts import game_of, section_lines, sentence_lines, stats_of
from scorepad.stats import Stats, stats, stats_object
from scorepad.text import plural


def heading(st: Stats, title: str, unit: str) -> str:
    """The statistics' first line: "French Tarot statistics: 13 deals in 1 session (points)"."""
    return _("{title} statistics: {deals} in {sessions} ({unit})").format(
        title=title,
        deals=plural(st.deals, "deal"),
        sessions=plural(len(st.sessions), "session"),
        unit=unit,
    )


def stats_text(st: Stats, fit: int | None = None) -> str:
    """Every table of the statistics; with `fit` (a terminal's width) the least needed
    columns step aside."""
    v = game_of(st)
    parts = sentence_lines(heading(st, _(v.title), _(v.unit)), fit)
    parts += section_lines(stats_of(st).sections(st), fit)
    return "\n".join(parts)


# --- the command ---------------------------------------------------------------------------------


def of_files(files: Sequence[Any], sessions: Sequence[Any]) -> Stats:
    """The statistics of the sessions read from `files` (one game, by date), each session
    named as the league names it: its date, else its title, else the file's name."""

    return stats(
        sessions, [session_label(s, Path(f).stem) for f, s in zip(files, sessions, strict=True)]
    )


def command_output(
    files: Sequence[Any],
    sessions: Sequence[Any],
    player: str | None,
    as_json: bool,
    fit: int | None,
) -> Any:
    """What `scorepad stats` prints: the JSON object (`as_json`), else the tables, or with
    `player` that player's card (a ScorepadError on --player naming nobody)."""

    st = of_files(files, sessions)
    if as_json:
        return stats_object(st, player)
    return stats_text(st, fit) if player is None else player_card(st, player, fit)


# --- the evening's sheet ------------------------------------------------------------------------


def sheet_tables(st: Stats) -> list[tuple[str, list[str], list[list[str]]]]:
    """The compact statistics of the evening's sheet (`scorepad report`), as (title, column
    heads, rows) with the cells the terminal's tables show (the same rounding, the same
    counts below 3 cases); every column but the first is a number. The game says which
    (`Variant.stats.sheet`)."""
    return [(t.title, list(t.headers), [list(r) for r in t.rows]) for t in stats_of(st).sheet(st)]
