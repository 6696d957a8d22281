"""Troggu's statistics (`TROGGU.stats`): the Tappist's Tapp and Solo games, chips won and
lost by kind of deal, misères and the Bättler; counted from each deal's entry and outcome,
and described as the sections the terminal, a player's card and the sheet show. Its
`stats --json` keys are listed in docs/exports.md; chips won and lost are both counted up
from zero, and their differences add up to the total."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from scorepad.i18n import N_, _
from scorepad.text import num, signed
from scorepad.variants.figures import DASH, Counted, GameStats, PlayerCounts, Rate, Section, rate_of

BIDS = ("tapp", "solo")
KINDS = ("tapp", "solo", "partner", "opponent", "misere")
# the kinds of chips, as the tables name them
KIND_NAMES = {
    "tapp": N_("Tapp"),
    "solo": N_("Solo"),
    "partner": N_("as partner"),
    "opponent": N_("as opponent"),
    "misere": N_("misère"),
}


@dataclass(frozen=True)
class Games:
    """A Tappist's games of one bid: won, drawn, lost."""

    won: int = 0
    draw: int = 0
    lost: int = 0

    @property
    def played(self) -> int:
        return self.won + self.draw + self.lost


@dataclass(frozen=True)
class Chips:
    """Chips won and lost in one kind of deal (both counted up from zero)."""

    deals: int = 0
    won: int = 0
    lost: int = 0

    @property
    def net(self) -> int:
        return self.won - self.lost


@dataclass(frozen=True)
class Escapes:
    """Bättlers kept back to the last trick: escaped (the exchange given), or lost."""

    given: int = 0
    lost: int = 0


@dataclass(frozen=True)
class PlayerFigures:
    """One player's Troggu figures (`PlayerStats.game`)."""

    by_bid: Mapping[str, Games]
    chips: Mapping[str, Chips]
    miseres: Rate  # lost of played
    baettler: Escapes


class _Counts:
    __slots__ = ("baettler", "by_bid", "chips", "miseres")

    def __init__(self) -> None:
        self.by_bid = {b: {"won": 0, "draw": 0, "lost": 0} for b in BIDS}
        self.chips = {k: [0, 0, 0] for k in KINDS}  # deals, won, lost
        self.miseres = [0, 0]  # lost, played
        self.baettler = {"given": 0, "lost": 0}


class Counter:
    """Troggu's counts over the sessions of one `stats` call."""

    def __init__(self) -> None:
        self.counts = PlayerCounts(_Counts)

    def count(self, session: Counted) -> None:
        seats = self.counts.seats(session)
        for e, outcome in session.deals:
            misere = e.bid == "misere"
            for player, score in outcome.scores.items():
                a = seats[player]
                kind = (
                    "misere"
                    if misere
                    else e.bid
                    if player == e.tappist
                    else "partner"
                    if player == e.partner
                    else "opponent"
                )
                chips = a.chips[kind]
                chips[0] += 1
                chips[1 if score > 0 else 2] += abs(score)
                if misere:
                    a.miseres[1] += 1
                    a.miseres[0] += score < 0
            if not misere:
                seats[e.tappist].by_bid[e.bid][outcome.result] += 1
            if e.fool is not None and e.fool_exchange is not None:
                seats[e.fool].baettler[e.fool_exchange] += 1

    def player(self, key: str) -> PlayerFigures:
        a = self.counts.of(key)
        return PlayerFigures(
            by_bid={b: Games(**v) for b, v in a.by_bid.items()},
            chips={k: Chips(*v) for k, v in a.chips.items()},
            miseres=Rate(*a.miseres),
            baettler=Escapes(**a.baettler),
        )

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> None:
        return None  # no figures of everyone counted


def won_draw_lost(g: PlayerFigures, bid: str) -> str:
    """A player's games of one bid as a Tappist: "3–1–2" (won–draw–lost), "–" with none."""
    games = g.by_bid[bid]
    return f"{games.won}–{games.draw}–{games.lost}" if games.played else DASH


def _chips(g: PlayerFigures, kind: str) -> str:
    chips = g.chips[kind]
    if not chips.deals:
        return DASH
    return f"{signed(chips.won)} {num(-chips.lost)}" if chips.lost else signed(chips.won)


class TrogguStats:
    """Troggu's statistics (`GameStats`)."""

    signed = True

    def counter(self) -> Counter:
        return Counter()

    def sections(self, st: Any) -> list[Section]:
        players = [(p, p.game) for p in st.players]
        rows = [
            [
                p.name,
                p.played,
                won_draw_lost(g, "tapp"),
                won_draw_lost(g, "solo"),
                rate_of(g.miseres),
                rate_of(Rate(g.baettler.given, g.baettler.given + g.baettler.lost)),
                signed(p.best.score) if p.best else DASH,
                signed(p.worst.score) if p.worst else DASH,
            ]
            for p, g in players
        ]
        headers = [
            _("player"),
            _("deals"),
            _("Tapp won–draw–lost"),
            _("Solo won–draw–lost"),
            _("misères lost"),
            _("Bättler escaped"),
            _("best deal"),
            _("worst deal"),
        ]
        sections = [Section(_("Players"), headers, rows, [7, 6, 5])]
        rows = [[p.name, *(_chips(g, kind) for kind in KINDS), signed(p.total)] for p, g in players]
        heads = [_("player"), *(_(KIND_NAMES[k]) for k in KINDS), _("total")]
        sections.append(Section(_("Chips won and lost"), heads, rows))
        return sections

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        g: PlayerFigures = p.game
        items = [
            (_("Tapp won–draw–lost"), won_draw_lost(g, "tapp")),
            (_("Solo won–draw–lost"), won_draw_lost(g, "solo")),
            (_("misères lost"), rate_of(g.miseres)),
            (
                _("Bättler kept back"),
                _("escaped {given}, lost {lost}").format(
                    given=g.baettler.given, lost=g.baettler.lost
                ),
            ),
        ]
        rows = [
            [_(KIND_NAMES[k]), c.deals, signed(c.won), num(-c.lost), signed(c.net)]
            for k, c in g.chips.items()
            if c.deals
        ]
        heads = [_("kind"), _("deals"), _("won"), _("lost"), _("net")]
        return items, [Section(_("Chips won and lost"), heads, rows)]

    def sheet(self, st: Any) -> list[Section]:
        players = [(p, p.game) for p in st.players]
        return [
            Section(
                _("Players"),
                [_("player"), _("Tapp won–draw–lost"), _("Solo won–draw–lost")],
                [[p.name, won_draw_lost(g, "tapp"), won_draw_lost(g, "solo")] for p, g in players],
            ),
            Section(
                _("Chips won and lost"),
                [_("player"), *(_(KIND_NAMES[k]) for k in KINDS)],
                [[p.name, *(_chips(g, k) for k in KINDS)] for p, g in players],
            ),
        ]

    def player_json(self, g: PlayerFigures) -> dict[str, Any]:
        return {
            "by_bid": {b: asdict(v) for b, v in g.by_bid.items()},
            "chips": {k: asdict(v) for k, v in g.chips.items()},
            "misere": {"played": g.miseres.cases, "lost": g.miseres.count},
            "baettler": asdict(g.baettler),
        }

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        return {}


STATS: GameStats = TrogguStats()
