"""The statistics as people read them in a terminal: tables that fit its width, a player's
card, and the sheet's compact tables. Returns text and never prints. What the tables hold,
and in which words, is the game's (`Variant.stats`, `scorepad.variants.figures`): nothing
here knows one game from another."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorepad.i18n import _
from scorepad.rating import MIN_DEALS
from scorepad.render.deals import session_label
from scorepad.render.grid import grid
from scorepad.render.rating import rating_cell
from scorepad.stats import DealRef, Stats, stats, stats_object
from scorepad.text import num, plural, signed, width
from scorepad.variants import get_variant
from scorepad.variants.figures import DASH, Section, Tally, average


def deal_ref(st: Stats, ref: DealRef | None) -> str:
    """ "+846 (deal 8)", "+846 (2026-11-26, deal 8)" over several sessions."""
    if ref is None:
        return DASH
    score = score_text(st, ref.score)
    if len(st.sessions) == 1:
        return _("{score} (deal {n})").format(score=score, n=ref.n)
    return _("{score} ({session}, deal {n})").format(
        score=score, session=st.sessions[ref.session - 1], n=ref.n
    )


def score_text(st: Stats, value: int) -> str:
    """A score as the game reads it: gains and losses signed, points not."""
    return signed(value) if get_variant(st.variant).stats.signed else num(value)


def sentence_lines(sentence: str, fit: int | None) -> list[str]:
    """A sentence on lines of `fit` columns at most (one line without)."""
    if fit is None or width(sentence) <= fit:
        return [sentence]
    return textwrap.wrap(sentence, fit, break_on_hyphens=False)


def section_lines(sections: Sequence[Section], fit: int | None) -> list[str]:
    """The sections as the terminal shows them: a blank line, the title, the table (whose
    first `left` columns are text and the others numbers; the `drop` columns step aside
    first where `fit` is short)."""
    parts: list[str] = []
    for s in sections:
        right = range(s.left, len(s.headers))
        parts += ["", s.title, grid(s.rows, s.headers, "simple", right, fit, s.drop)]
    return parts


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
    v = get_variant(st.variant)
    parts = sentence_lines(heading(st, _(v.title), _(v.unit)), fit)
    sections = v.stats.sections(st)
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


def _pairs(items: Sequence[tuple[str, str]]) -> list[str]:
    """Labels and values, the values lined up."""
    widest = max(width(label) for label, _value in items)
    return [f"  {label}{' ' * (widest - width(label))}  {value}" for label, value in items]


def player_card(st: Stats, name: str, fit: int | None = None) -> str:
    """Everything about one player (`name` as --player takes it: a unique beginning will
    do): the game-free figures, the game's own lines and tables."""
    p = st.player(name)
    v = get_variant(st.variant)
    head = _("{name} — {title}: {deals} in {sessions} ({unit})").format(
        name=p.name,
        title=_(v.title),
        deals=plural(p.played, "deal"),
        sessions=plural(len(st.sessions), "session"),
        unit=_(v.unit),
    )
    lines, sections = v.stats.card(st, p)
    items = [
        (_("total"), score_text(st, p.total)),
        (_("average per deal"), average(Tally(p.played, p.total), sign=v.stats.signed)),
        *lines,
        *([(_("rating"), rating_cell(st.ratings.get(p.name)))] if st.ratings else []),
        (_("best deal"), deal_ref(st, p.best)),
        (_("worst deal"), deal_ref(st, p.worst)),
    ]
    parts = [*sentence_lines(head, fit), *_pairs(items), *section_lines(sections, fit)]
    return "\n".join(parts)


def command_output(
    files: Sequence[Any],
    sessions: Sequence[Any],
    player: str | None,
    as_json: bool,
    fit: int | None,
) -> Any:
    """What `scorepad stats` prints: the JSON object (`as_json`), else the tables, or with
    `player` that player's card (a ScorepadError on --player naming nobody). Each session is
    named as the league names it: its date, else its title, else the file's name."""
    labels = [session_label(s, Path(f).stem) for f, s in zip(files, sessions, strict=True)]
    st = stats(sessions, labels, rated=not as_json)  # `stats --json` holds no rating
    if as_json:
        return stats_object(st, player)
    return stats_text(st, fit) if player is None else player_card(st, player, fit)
