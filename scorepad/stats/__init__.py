"""What a club reads over a season: figures by player, by contract and by role, for each game.

Pure: `stats(sessions)` computes every figure from the deals and their outcomes, scored once
each without explanations, on the very path the standings take (`scores.iter_outcomes`), so
that the figures and the standings agree. Everything kept is a count or a sum (integers):
an average is a sum and a count (`Tally`), a rate a count and its cases (`Rate`); rounding
is for display only (`rounded`, and `scorepad.render.stats_text`): averages to two decimals and
rates to whole percent, halves to even, as the standings' average and the settlement's cents
are rounded, so that a player's average per deal reads here as in the standings. Players
are merged across sessions regardless of case, as the standings merge them, and listed as the
standings rank them (total, best first; ties in order of first appearance).

`stats_object` is what `stats --json` prints: no floats at all, keys stable:

    {"schema": 1, "variant": "french" | "troggu" | "piedmont",
     "deals": N (every deal of the sessions), "sessions": [label of each session, in order],
     "players": [player, ...], ...the game's own top-level keys (below)}

Every player: `"name"`, `"played"` (deals at the table: passed and cancelled ones too, as
`deals` in the standings), `"total"` (as in the standings), `"best_deal"` and
`"worst_deal"`: `{"score": X, "session": S, "n": N}` (S 1-based in `"sessions"`, N the deal's
number in it; the first such deal; null when the player played no deal).

French Tarot, each player:
- `"took"`: deals taken; `"by_contract"`: `{contract: {"took", "made", "failed", "total",
  "bouts", "margin"}}` for petite, garde, garde-sans, garde-contre, where `"total"` sums the
  player's scores as taker, `"bouts"` the bouts of the taker's side, `"margin"` the card
  points above the target (below: negative) as counted (after rounding);
- `"roles"`: `{"taker" | "partner" | "defender": {"deals", "total", "won"}}`: deals in that
  role, the player's scores summed, deals the player's side won (the taker's side: the
  contract made; the defence: failed). A passed or cancelled deal enters no role; "partner"
  is the called king's holder (5 players);
- `"slams"`, `"petit_au_bout"`: `{"won", "lost"}`, by the player's side; `"handfuls"`:
  handfuls shown; `"excuses_lost"`: Excuses the player played and lost at the last trick;
  `"longest_run"`: the most contracts the player made in a row (their own takes, in order).
Top level: `"passed"`, `"cancelled"` (deals), `"contracts"`: `{contract: {"bid", "made",
"failed", "total", "bouts", "margin", "called", "alone"}}` (the same sums over every taker;
`"called"` and `"alone"`: 5 players, a partner called or the taker alone), and `"partners"`:
`[{"taker", "partner", "deals", "made", "total"}]`, one per pair that played together
(5 players; `"total"`: the taker's scores), by the taker then the partner, both in the
order of `"players"`.

Troggu, each player: `"by_bid"`: `{"tapp" | "solo": {"won", "draw", "lost"}}` (games as
the Tappist); `"chips"`: `{"tapp" | "solo" | "partner" | "opponent" | "misere": {"deals",
"won", "lost"}}`: chips won and lost (both counted up from zero) as the Tappist of a Tapp
game, of a Solo, as the called partner, as an opponent, in misères (their differences add
up to the total); `"misere"`: `{"played", "lost"}` (lost: took the most points and paid);
`"baettler"`: `{"given", "lost"}`: the Bättler kept back to the last trick by the player,
and whether it escaped (the exchange given) or was lost.

Piedmont, each player: `"won"` (deals won), `"matches"`: `{"played", "won"}` (matches of
the sessions that set a target or a number of deals, once over, decided as `deal` decides
them), `"biggest_margin"`: the most the player won a deal by (null: no deal won).

With `--player NAME` (`stats_object(st, player=NAME)`): the same object, `"players"` holding
that player only, `"partners"` only the pairs they played in, and no `"contracts"` (those are
the whole table's). An average is never printed: it is `"total"` / `"deals"` (the taker's
margin: the `"margin"`s over `"took"`), a rate its count over its cases (success: `"made"` /
`"took"`), so that a script can round them as it likes.
"""

from scorepad.stats.as_json import player_object, stats_object
from scorepad.stats.counting import stats
from scorepad.stats.figures import (
    BIDS,
    CONTRACTS,
    JSON_SCHEMA,
    KINDS,
    RATE_CASES,
    ROLES,
    Chips,
    Contract,
    DealRef,
    Escapes,
    French,
    Games,
    Pair,
    Piedmont,
    PlayerStats,
    Rate,
    Role,
    Stats,
    Tally,
    Troggu,
    WonLost,
    rounded,
    rounded_int,
)

__all__ = [
    "BIDS",
    "CONTRACTS",
    "JSON_SCHEMA",
    "KINDS",
    "RATE_CASES",
    "ROLES",
    "Chips",
    "Contract",
    "DealRef",
    "Escapes",
    "French",
    "Games",
    "Pair",
    "Piedmont",
    "PlayerStats",
    "Rate",
    "Role",
    "Stats",
    "Tally",
    "Troggu",
    "WonLost",
    "player_object",
    "rounded",
    "rounded_int",
    "stats",
    "stats_object",
]
