"""Piedmontese tarot's statistics (`PIEDMONT.stats`): deals and matches won, the biggest
margin; counted from each deal's outcome, and described as the sections the terminal, a
player's card and the sheet show. A match is decided as `deal` decides it
(`piedmont.match_decided`, given by the game: this module stays below it).

`stats --json` keys (`scorepad.stats`): Piedmont, each player: `"won"` (deals won),
`"matches"`: `{"played", "won"}` (matches of the sessions that set a target or a number of
deals, once over, decided as `deal` decides them), `"biggest_margin"`: the most the player
won a deal by (null: no deal won).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorepad.i18n import _
from scorepad.model import Outcome, Setting
from scorepad.variants.figures import (
    DASH,
    Counted,
    PlayerCounts,
    Rate,
    Section,
    Tally,
    average,
    rate,
    rate_of,
)


@dataclass(frozen=True)
class PlayerFigures:
    """One player's Piedmont figures (`PlayerStats.game`)."""

    won: int
    matches: Rate  # won of played
    biggest_margin: int | None


class _Counts:
    __slots__ = ("margin", "matches", "won")

    def __init__(self) -> None:
        self.won = 0
        self.matches = [0, 0]  # won, played
        self.margin: int | None = None


# the deal after which a match is over, its winner and their total (`piedmont.match_decided`)
Decider = Callable[[Mapping[str, Setting], Iterable[Outcome]], "tuple[int, str, int] | None"]


class Counter:
    """Piedmont's counts over the sessions of one `stats` call."""

    def __init__(self, decided: Decider) -> None:
        self.counts = PlayerCounts(_Counts)
        self.decided = decided

    def count(self, session: Counted) -> None:
        seats = self.counts.seats(session)
        outcomes = []  # a match's, for who won it (the deals go by once)
        for _entry, outcome in session.deals:
            outcomes.append(outcome)
            [winner] = outcome.winners
            [loser] = [p for p in outcome.scores if p != winner]
            a = seats[winner]
            a.won += 1
            margin = outcome.scores[winner] - outcome.scores[loser]
            a.margin = margin if a.margin is None else max(a.margin, margin)
        decided = self.decided(session.rules, outcomes)
        if decided is not None:
            for p in session.players:
                seats[p].matches[1] += 1
            seats[decided[1]].matches[0] += 1

    def player(self, key: str) -> PlayerFigures:
        a = self.counts.of(key)
        return PlayerFigures(a.won, Rate(*a.matches), a.margin)

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> None:
        return None  # no figures of everyone counted


class PiedmontStats:
    """Piedmont's statistics (`GameStats`): points, not gains and losses."""

    signed = False

    def __init__(self, decided: Decider) -> None:
        self.decided = decided

    def counter(self) -> Counter:
        return Counter(self.decided)

    def sections(self, st: Any) -> list[Section]:
        rows = [
            [
                p.name,
                p.played,
                p.game.won,
                rate(Rate(p.game.won, p.played)),
                rate_of(p.game.matches),
                average(Tally(p.played, p.total), sign=False),
                DASH if p.game.biggest_margin is None else p.game.biggest_margin,
                p.best.score if p.best else DASH,
                p.worst.score if p.worst else DASH,
            ]
            for p in st.players
        ]
        headers = [
            _("player"),
            _("deals"),
            _("won"),
            _("success"),
            _("matches won"),
            _("average points"),
            _("biggest margin"),
            _("best deal"),
            _("worst deal"),
        ]
        return [Section(_("Players"), headers, rows, [8, 7, 3])]

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        g: PlayerFigures = p.game
        margin = DASH if g.biggest_margin is None else str(g.biggest_margin)
        items = [
            (_("deals won"), rate_of(Rate(g.won, p.played))),
            (_("matches won"), rate_of(g.matches)),
            (_("biggest margin"), margin),
        ]
        return items, []

    def sheet(self, st: Any) -> list[Section]:
        rows = [
            [p.name, rate_of(Rate(p.game.won, p.played)), rate_of(p.game.matches)]
            for p in st.players
        ]
        return [Section(_("Players"), [_("player"), _("deals won"), _("matches won")], rows)]

    def player_json(self, g: PlayerFigures) -> dict[str, Any]:
        return {
            "won": g.won,
            "matches": {"played": g.matches.cases, "won": g.matches.count},
            "biggest_margin": g.biggest_margin,
        }

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        return {}
