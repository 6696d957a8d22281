"""One player's card of the statistics (`stats --player NAME`): the figures of every table
of the season that concern them, and the game's tables of theirs. Returns text and never
prints."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.i18n import _
from scorepad.render.rating import rating_cell
from scorepad.render.stats_parts import (
    deal_ref,
    game_of,
    score_text,
    section_lines,
    sentence_lines,
    stats_of,
)
from scorepad.stats import Stats
from scorepad.text import plural, width
from scorepad.variants.figures import Tally, average


def _pairs(items: Sequence[tuple[str, str]]) -> list[str]:
    """Labels and values, the values lined up."""
    widest = max(width(label) for label, _value in items)
    return [f"  {label}{' ' * (widest - width(label))}  {value}" for label, value in items]


def player_card(st: Stats, name: str, fit: int | None = None) -> str:
    """Everything about one player (`name` as --player takes it: a unique beginning will
    do): the game-free figures, the game's own lines and tables."""
    p = st.player(name)
    v = game_of(st)
    game = stats_of(st)
    head = _("{name} — {title}: {deals} in {sessions} ({unit})").format(
        name=p.name,
        title=_(v.title),
        deals=plural(p.played, "deal"),
        sessions=plural(len(st.sessions), "session"),
        unit=_(v.unit),
    )
    lines, sections = game.card(st, p)
    items = [
        (_("total"), score_text(st, p.total)),
        (_("average per deal"), average(Tally(p.played, p.total), sign=game.signed)),
        *lines,
        *([(_("rating"), rating_cell(st.ratings.get(p.name)))] if st.ratings else []),
        (_("best deal"), deal_ref(st, p.best)),
        (_("worst deal"), deal_ref(st, p.worst)),
    ]
    parts = [*sentence_lines(head, fit), *_pairs(items), *section_lines(sections, fit)]
    return "\n".join(parts)
