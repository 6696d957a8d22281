"""What the statistics' terminal tables and a player's card share (`stats_text`,
`stats_card`): a game's sections drawn as tables, deal references and scores as the game
reads them, sentences wrapped to the terminal. Returns text and never prints.

Every figure and every word of a game's sections comes from the game (`Variant.stats`,
`scorepad.variants.figures`): nothing here knows one game from another.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from scorepad.i18n import _
from scorepad.render.grid import fitted_grid
from scorepad.stats import DealRef, Stats
from scorepad.text import num, signed, width
from scorepad.variants import get_variant
from scorepad.variants.figures import DASH, GameStats, Section


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
    return signed(value) if game_of(st).stats.signed else num(value)


def sentence_lines(sentence: str, fit: int | None) -> list[str]:
    """A sentence on lines of `fit` columns at most (one line without)."""
    if fit is None or width(sentence) <= fit:
        return [sentence]

    return textwrap.wrap(sentence, fit, break_on_hyphens=False)


def game_of(st: Stats) -> Any:
    """The game (its variant) the statistics are of."""

    return get_variant(st.variant)


def stats_of(st: Stats) -> GameStats:
    """The game's statistics: its counts and sections."""
    stats: GameStats = game_of(st).stats
    return stats


def section_lines(sections: Sequence[Section], fit: int | None) -> list[str]:
    """The sections as the terminal shows them: a blank line, the title, the table (whose
    first `left` columns are text and the others numbers; the `drop` columns step aside
    first where `fit` is short)."""
    parts: list[str] = []
    for s in sections:
        table = fitted_grid(s.rows, s.headers, range(s.left, len(s.headers)), fit, s.drop)
        parts += ["", s.title, table]
    return parts
