"""The old home of the statistics' text, kept for scripts and tests that import it: it lives in
`scorepad.render.stats_text`."""

from scorepad.render.stats_card import player_card
from scorepad.render.stats_parts import DASH, KIND_NAMES, average, deal_ref, rate, rate_of
from scorepad.render.stats_text import heading, stats_text

__all__ = [
    "DASH",
    "KIND_NAMES",
    "average",
    "deal_ref",
    "heading",
    "player_card",
    "rate",
    "rate_of",
    "stats_text",
]
