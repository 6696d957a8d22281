"""The statistics as people read them in a terminal: tables that fit its width (a player's
card is `stats_card`), and the sheet's compact tables. Returns text and never prints. What
the tables hold, and in which words, is the game's (`Variant.stats`); the drawing both share
is `stats_parts`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorepad.i18n import _
from scorepad.rating import MIN_DEALS
from scorepad.render.deals import session_label
from scorepad.render.rating import rating_cell
from scorepad.render.stats_card import player_card
from scorepad.render.stats_parts import game_of, section_lines, sentence_lines, stats_of
from scorepad.stats import Stats, stats, stats_object
from scorepad.text import plural, signed
from scorepad.variants.figures import Section


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
    columns step aside. The players' table (every game's first) holds their ratings
    beside their deals when the statistics have them and someone has enough deals for one
    (no column of dashes)."""
    v = game_of(st)
    parts = sentence_lines(heading(st, _(v.title), _(v.unit)), fit)
    sections = stats_of(st).sections(st)
    if sections and any(r.deals >= MIN_DEALS for r in st.ratings.values()):
        sections[0] = with_ratings(sections[0], st)
    if sections and any(p.penalties for p in st.players):
        sections[0] = with_penalties(sections[0], st)
    parts += section_lines(sections, fit)
    return "\n".join(parts)


def with_ratings(players: Section, st: Stats) -> Section:
    """The players' table (a row per player, named first) with each one's rating after the
    second column (the deals played, in every game of scorepad's); it steps aside last
    where the width is short."""
    rows = [[*row[:2], rating_cell(st.ratings.get(row[0])), *row[2:]] for row in players.rows]
    drop = [*(d + (d >= 2) for d in players.drop), 2]
    headers = [*players.headers[:2], _("rating"), *players.headers[2:]]
    return replace(players, headers=headers, rows=rows, drop=drop)


def with_penalties(players: Section, st: Stats) -> Section:
    """The players' table with what penalties moved for each after the deals played (the
    second column); it steps aside last where the width is short."""
    moved = {p.name: p.penalties for p in st.players}
    rows = [[*row[:2], signed(moved.get(row[0], 0)), *row[2:]] for row in players.rows]
    drop = [*(d + (d >= 2) for d in players.drop), 2]
    headers = [*players.headers[:2], _("penalties"), *players.headers[2:]]
    return replace(players, headers=headers, rows=rows, drop=drop)


# --- the command ---------------------------------------------------------------------------------


def of_files(files: Sequence[Any], sessions: Sequence[Any], rated: bool = False) -> Stats:
    """The statistics of the sessions read from `files` (one game, by date), each session
    named as the league names it: its date, else its title, else the file's name; `rated`:
    with the players' ratings."""

    return stats(
        sessions,
        [session_label(s, Path(f).stem) for f, s in zip(files, sessions, strict=True)],
        rated=rated,
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

    st = of_files(files, sessions, rated=not as_json)  # `stats --json` holds no rating
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
