"""The statistics' game-free figures: who played how many deals, their totals, their best and
worst deals, in frozen dataclasses; each game's own figures are the game's
(`Variant.stats`, see `scorepad.variants.figures`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Table

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
