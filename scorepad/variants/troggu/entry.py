"""Troggu's words and numbers: the bids and sides (with the other words players use for
them), the Tapp's size, the seed's chip settings, and a deal's entry.

Every number of the chip settlement comes from the seed alone, so each is a setting."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scorepad.cards import Card, troggu_deck
from scorepad.i18n import N_
from scorepad.model import Setting

TOTAL = 114
TAPP = {3: 8, 4: 10, 5: 7, 6: 8, 7: 6, 8: 6}
BIDS = ("tapp", "solo", "misere")
BID_ALIASES = {
    "タップ": "tapp",
    "ソロ": "solo",
    "ミゼール": "misere",
    "ミゼル": "misere",
    "take": "tapp",
    "nehm": "tapp",
    "ich-nehms": "tapp",
    "ich-nehm's": "tapp",
    "tappä": "tapp",
    "tappu": "tapp",
    "misère": "misere",
    "all-pass": "misere",
    "pass": "misere",
    "パス": "misere",
}
# all passed: a misère, but with 7 or 8 players the forced game of the Bättler's (or trump
# 1's) holder, a Tapp game; a misère there is said as such (both cards in the Tapp)
PASS_WORDS = ("pass", "all-pass", "passe", "パス")
SIDES = ("tappist", "opponents")
BID_WORDS = {"tapp": N_("tapp"), "solo": N_("solo"), "misere": N_("misère")}
SIDE_ALIASES = {
    "attack": "tappist",
    "defence": "opponents",
    "defense": "opponents",
    "tapp": "tappist",
}
TIES = ("tied-pay-untied", "nobody-pays")
ONE = Decimal(1)

SEED: dict[str, Setting] = {
    "win_points": 58,
    "draw_points": 57,
    "low_points": 30,
    "chips": 1,
    "chips_low": 2,
    "chips_no_trick": 3,
    "solo_factor": 2,
    "partner_share": 2,
    "misere_chips": 1,
    "misere_ties": "tied-pay-untied",
}
REPLACES = {
    "points": ("cards", "pile", "side"),
    "cards": ("points",),
    "partner": ("alone",),
    "alone": ("partner",),
}

PILE_NAMES = {"tappist": N_("tappist pile"), "opponents": N_("opponents pile")}


@dataclass(frozen=True, slots=True)
class TrogguEntry:
    bid: str
    tappist: str | None = None
    partner: str | None = None
    alone: bool = False
    called: Card | None = None
    forced: bool = False
    tricks: int | None = None
    points: Decimal | None = None
    cards: tuple[Card, ...] | None = None
    pile: int | None = None
    side: str = "tappist"
    misere: tuple[tuple[str, Decimal], ...] = ()
    fool: str | None = None
    fool_winner: str | None = None
    fool_exchange: str | None = None

    #: a Troggu deal is always played (when nobody bids, a misère): never dealt again
    redealt = False

    def team(self) -> tuple[str, ...]:
        if self.tappist is None:
            return ()
        return (self.tappist, self.partner) if self.partner else (self.tappist,)


DECK = troggu_deck()
