"""French Tarot's words and numbers: the contracts and sides (with the other words players
use for them), the targets, handfuls, the rules' profiles, and a deal's entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from scorepad.cards import Card, french_deck
from scorepad.i18n import N_
from scorepad.model import Setting

TOTAL = 91
MULTIPLIERS = {"petite": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}
NO_SCORE = ("pass", "cancelled")
CONTRACTS = (*MULTIPLIERS, *NO_SCORE)
CONTRACT_NAMES = {
    "petite": N_("Petite"),
    "garde": N_("Garde"),
    "garde-sans": N_("Garde sans"),
    "garde-contre": N_("Garde contre"),
}
# the contracts as tables name them ("garde Bruno"), in the language
CONTRACT_WORDS = {
    "petite": N_("petite"),
    "garde": N_("garde"),
    "garde-sans": N_("garde-sans"),
    "garde-contre": N_("garde-contre"),
    "pass": N_("pass"),
    "cancelled": N_("cancelled"),
}
CONTRACT_ALIASES = {
    "prise": "petite",
    "small": "petite",
    "p": "petite",
    "スモール": "petite",
    "プチ": "petite",
    "プティット": "petite",
    "guard": "garde",
    "g": "garde",
    "ガード": "garde",
    "guard-without": "garde-sans",
    "gs": "garde-sans",
    "キティーなし": "garde-sans",
    "ガード・サン": "garde-sans",
    "ガードサン": "garde-sans",
    "ガード・サンス": "garde-sans",
    "guard-against": "garde-contre",
    "gc": "garde-contre",
    "キティー捨てる": "garde-contre",
    "ガード・コントル": "garde-contre",
    "ガードコントル": "garde-contre",
    "passed": "pass",
    "passe": "pass",
    "all-pass": "pass",
    "パス": "pass",
    "canceled": "cancelled",
    "annule": "cancelled",
    "annulé": "cancelled",
    "petit-sec": "cancelled",
    "redeal": "cancelled",
    "無効": "cancelled",
    "配り直し": "cancelled",
}
TARGETS = {3: 36, 2: 41, 1: 51, 0: 56}
SIDES = ("attack", "defence")
SIDE_ALIASES = {
    "defense": "defence",
    "taker": "attack",
    "attaque": "attack",
    "d": "defence",
    "a": "attack",
    "def": "defence",
    "att": "attack",
    "攻撃": "attack",
    "アタック": "attack",
    "テイカー側": "attack",
    "防御": "defence",
    "ディフェンス": "defence",
}
HANDFUL_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
HANDFUL_NAMES = ("simple", "double", "triple")
HANDFUL_WORDS = {"simple": N_("simple"), "double": N_("double"), "triple": N_("triple")}
MAX_TRUMPS = 22  # 21 trumps and the Excuse
REPLACES = {
    "points": ("cards", "pile", "side"),
    "bouts": ("cards", "pile", "side"),
    "cards": ("points", "bouts"),
    "partner": ("alone",),
    "alone": ("partner",),
}

#: the club variants (../shared/rules/french.md, "Club variants"), each at the standard
#: game's value (what a file that names none plays by): the contracts' multipliers, the
#: margin's rounding step (1: to the point), the trumps a handful needs at each table size,
#: a declared misère and its value
CLUB: dict[str, Setting] = {
    **{f"multiplier_{c.replace('-', '_')}": m for c, m in MULTIPLIERS.items()},
    "rounding": 1,
    **{
        f"handful_{name}_trumps_{n}": trumps
        for n, levels in HANDFUL_THRESHOLDS.items()
        for name, trumps in zip(HANDFUL_NAMES, levels, strict=True)
    },
    "misere": False,
    "misere_value": 10,
}
SEED: dict[str, Setting] = {
    "base": 25,
    "handful_simple": 20,
    "handful_double": 30,
    "handful_triple": 40,
    "petit_au_bout": 10,
    "petit_au_bout_multiplied": False,
    "slam": 200,
    "slam_announced": 400,
    "slam_announced_failed": 400,
    "slam_defence": 200,
    # an announced slam that fails while the defence takes every trick: both penalties
    # (true), or only the announced slam's failure (false)
    "slam_penalties_add": True,
    **CLUB,
}
FFT: dict[str, Setting] = {**SEED, "petit_au_bout_multiplied": True, "slam_announced_failed": 200}
#: the rounding steps a club may choose: to the point, to 5, to 10
ROUNDING = (1, 5, 10)


def multiplier(rules: Mapping[str, Setting], contract: str) -> int:
    """The contract's multiplier m under these rules."""
    return int(rules[f"multiplier_{contract.replace('-', '_')}"])


def handful_thresholds(rules: Mapping[str, Setting], n: int) -> tuple[int, int, int]:
    """The trumps a simple, double and triple handful need with `n` players."""
    simple, double, triple = (int(rules[f"handful_{name}_trumps_{n}"]) for name in HANDFUL_NAMES)
    return simple, double, triple


def rounded_margin(diff: int, step: int) -> int:
    """The margin rounded to the nearest multiple of `step`, a half step up (step 10: 14 → 10,
    15 → 20)."""
    return (2 * diff + step) // (2 * step) * step


@dataclass(frozen=True, slots=True)
class FrenchEntry:
    """One French Tarot deal as entered: the contract, who took it (and with whom), the
    declarer's card points or pile, and the announcements and the Fool's exchange."""

    contract: str
    taker: str | None = None
    partner: str | None = None
    alone: bool = False
    points: Decimal | None = None
    bouts: int | None = None
    cards: tuple[Card, ...] | None = None
    pile: int | None = None
    side: str = "attack"
    handfuls: tuple[tuple[str, int], ...] = ()
    petit_au_bout: str | None = None
    slam: str | None = None
    slam_announced: bool = False
    fool: str | None = None
    fool_winner: str | None = None
    fool_exchange: str | None = None
    misere: tuple[str, ...] = ()  # who declared a misère (where the rules play it)

    @property
    def redealt(self) -> bool:
        """Nobody played it: passed, or cancelled (the sitting-out dealer deals again)."""
        return self.contract in NO_SCORE

    def attackers(self) -> tuple[str, ...]:
        if self.taker is None:
            return ()
        return (self.taker, self.partner) if self.partner else (self.taker,)


DECK = french_deck()
OTHER = {"attack": "defence", "defence": "attack"}
PILE_NAMES = {"attack": N_("attack pile"), "defence": N_("defence pile")}
SIDE_NAMES = {"attack": N_("the taker's side"), "defence": N_("the defence")}
