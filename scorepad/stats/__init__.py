"""What a club reads over a season: figures by player, by contract and by role, for each game.

`stats(sessions)` counts every figure from the deals, scored once each on the standings' path
(`scores.iter_outcomes`), so that the figures and the standings agree; everything kept is a
count or a sum (integers), rounded for display only (`scorepad.variants.figures`). Players
are merged across sessions regardless of case and listed as the standings rank them.
`stats_object` is what `stats --json` prints (docs/exports.md gives its keys).
"""

from scorepad.stats.counting import stats
from scorepad.stats.figures import JSON_SCHEMA, DealRef, PlayerStats, Stats, stats_object

__all__ = ["JSON_SCHEMA", "DealRef", "PlayerStats", "Stats", "stats", "stats_object"]
