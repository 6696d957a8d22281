"""What a club reads over a season: figures by player, by contract and by role, for each game.

Pure: `stats(sessions)` computes every figure from the deals and their outcomes, scored once
each without explanations, on the very path the standings take (`scores.iter_outcomes`), so
that the figures and the standings agree. Everything kept is a count or a sum (integers):
an average is a sum and a count (`Tally`), a rate a count and its cases (`Rate`); rounding
is for display only (`scorepad.variants.figures`): averages to two decimals and
rates to whole percent, halves away from zero, as the standings' average is rounded, so
that a player's average per deal reads here as in the standings. Players
are merged across sessions regardless of case, as the standings merge them, and listed as the
standings rank them (total, best first; ties in order of first appearance).

`stats_object` is what `stats --json` prints: no floats at all, keys stable:

    {"schema": 1, "variant": the game's name, as the sessions name it,
     "deals": N (every deal of the sessions), "sessions": [label of each session, in order],
     "players": [player, ...], ...the game's own top-level keys (below)}

Every player: `"name"`, `"played"` (deals at the table: passed and cancelled ones too, as
`deals` in the standings), `"counted"` (those neither passed nor cancelled: the deals a
table's planned length counts), `"total"` (as in the standings), `"best_deal"` and
`"worst_deal"`: `{"score": X, "session": S, "n": N}` (S 1-based in `"sessions"`, N the deal's
number in it; the first such deal; null when the player played no deal).

Each game adds its own keys, to every player's object and at the top level: its `stats`
module under `scorepad.variants` describes them (`Variant.stats.player_json`, `table_json`).

With `--player NAME` (`stats_object(st, player=NAME)`): the same object, `"players"` holding
that player only, and of the game's top-level keys only what concerns that player. An
average is never printed: it is `"total"` / `"deals"`, a rate its count over its cases, so
that a script can round them as it likes.
"""

from scorepad.stats.as_json import stats_object
from scorepad.stats.counting import stats
from scorepad.stats.figures import JSON_SCHEMA, DealRef, PlayerStats, Stats

__all__ = ["JSON_SCHEMA", "DealRef", "PlayerStats", "Stats", "stats", "stats_object"]
