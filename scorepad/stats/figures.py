"""The statistics' game-free figures: who played how many deals, their totals, their best and
worst deals, in frozen dataclasses; each game's own figures are the game's
(`Variant.stats`, see `scorepad.variants.figures`). `stats_object`: them as `stats --json`
prints them, integers only, keys stable."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Table
from scorepad.variants import get_variant

if TYPE_CHECKING:
    from scorepad.rating import Rated

JSON_SCHEMA = 1  # raised when a key of the stats object changes meaning


@dataclass(frozen=True)
class DealRef:
    """A player's score at one deal: `n` of session `session` (both 1-based)."""

    score: int
    session: int
    n: int


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures: the game-free ones, and the game's own (`game`)."""

    name: str
    played: int
    total: int
    best: DealRef | None
    worst: DealRef | None
    game: Any  # the game's frozen figures of the player (`StatsCounter.player`)
    counted: int = 0  # deals played, neither passed nor cancelled (what a planned length counts)
    penalties: int = 0  # what penalties moved for the player (in `total` too)


@dataclass(frozen=True)
class Stats:
    """Every figure of some sessions of one game (`variant`, as the sessions name it)."""

    variant: str
    deals: int
    sessions: tuple[str, ...]  # each session's label, in the order given
    players: tuple[PlayerStats, ...]  # as the standings rank them
    game: Any = None  # the game's frozen figures of everyone counted (`StatsCounter.overall`)
    seated: tuple[str, ...] = ()  # the players in order of first appearance
    # each player's rating, by name, when asked for (`stats(..., rated=True)`)
    ratings: Mapping[str, Rated] = field(default_factory=dict)

    def player(self, name: str) -> PlayerStats:
        """The player meant by `name` (exact or unique prefix, regardless of case), or a
        ScorepadError for --player naming the players."""
        table = Table(self.variant, self.seated or tuple(p.name for p in self.players), {})
        try:
            found = table.resolve(name, _("player"))
        except ScorepadError as err:
            raise ScorepadError([Problem("--player", p.what) for p in err.problems]) from None
        return next(p for p in self.players if p.name == found)


def _ref(ref: DealRef | None) -> dict[str, int] | None:
    return None if ref is None else {"score": ref.score, "session": ref.session, "n": ref.n}


def stats_object(st: Stats, player: str | None = None) -> dict[str, Any]:
    """`stats --json`; with `player` (a name as --player takes it), that player only, and of
    the game's top-level keys what concerns them. Each player: the game-free keys, then the
    game's own."""
    game = get_variant(st.variant).stats
    chosen = (st.player(player),) if player is not None else st.players
    obj: dict[str, Any] = {
        "schema": JSON_SCHEMA,
        "variant": st.variant,
        "deals": st.deals,
        "sessions": list(st.sessions),
        "players": [
            {
                "name": p.name,
                "played": p.played,
                "counted": p.counted,
                "total": p.total,
                "penalties": p.penalties,
                "best_deal": _ref(p.best),
                "worst_deal": _ref(p.worst),
                **game.player_json(p.game),
            }
            for p in chosen
        ],
    }
    obj.update(game.table_json(st, None if player is None else chosen[0].name))
    return obj
