"""The statistics' figures, exact: counts and sums in frozen dataclasses (a rate is a count
and its cases, an average a sum and a count), rounded only when shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Table

JSON_SCHEMA = 1  # raised when a key of the stats object changes meaning
CONTRACTS = ("petite", "garde", "garde-sans", "garde-contre")  # as the game names them
ROLES = ("taker", "partner", "defender")
BIDS = ("tapp", "solo")
KINDS = ("tapp", "solo", "partner", "opponent", "misere")
RATE_CASES = 3  # below this many cases a rate is shown as its counts ("2 of 2")


# --- exact figures ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """`count` of `cases`: a rate kept as its numerator and denominator."""

    count: int
    cases: int

    @property
    def shown_as_counts(self) -> bool:
        """Below 3 cases a rate is read as its counts, never as a percentage."""
        return self.cases < RATE_CASES

    def percent(self) -> int | None:
        """The rate in whole percent, rounded half up (None without a case)."""
        return rounded_int(100 * self.count, self.cases)


@dataclass(frozen=True)
class Tally:
    """A figure summed over some deals: its average is `total` / `deals`, kept exact."""

    deals: int = 0
    total: int = 0

    def average(self, places: int = 2) -> Decimal | None:
        return rounded(self.total, self.deals, places)


def rounded_int(numerator: int, denominator: int) -> int | None:
    """numerator / denominator to the nearest integer, halves to even (exact), as Decimal's
    quantize rounds the standings' average (`ranking.Standing.average`)."""
    if not denominator:
        return None
    q, r = divmod(abs(numerator), abs(denominator))
    q += 2 * r > abs(denominator) or (2 * r == abs(denominator) and q % 2 == 1)
    return q if (numerator >= 0) == (denominator > 0) else -q


def rounded(numerator: int, denominator: int, places: int = 2) -> Decimal | None:
    """numerator / denominator to `places` decimals, halves to even, in integers (no float,
    no binary rounding): for display only."""
    scale = 10**places
    q = rounded_int(numerator * scale, denominator)
    return None if q is None else Decimal(q).scaleb(-places)


@dataclass(frozen=True)
class DealRef:
    """A player's score at one deal: `n` of session `session` (both 1-based)."""

    score: int
    session: int
    n: int


@dataclass(frozen=True)
class WonLost:
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Escapes:
    """Bättlers kept back to the last trick: escaped (the exchange given), or lost."""

    given: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Contract:
    """Deals taken with one contract (by a player, or by every taker), and their sums."""

    bid: int = 0
    made: int = 0
    total: int = 0  # the taker's scores
    bouts: int = 0  # the taker side's bouts
    margin: int = 0  # card points above the target, below it negative
    called: int = 0  # 5 players: with a called partner
    alone: int = 0  # 5 players: the taker alone

    @property
    def failed(self) -> int:
        return self.bid - self.made

    @property
    def success(self) -> Rate:
        return Rate(self.made, self.bid)

    @property
    def score(self) -> Tally:
        return Tally(self.bid, self.total)


@dataclass(frozen=True)
class Role:
    """A player's deals in one role: how many, the scores summed, how many their side won."""

    deals: int = 0
    total: int = 0
    won: int = 0

    @property
    def score(self) -> Tally:
        return Tally(self.deals, self.total)


@dataclass(frozen=True)
class Pair:
    """A taker and the partner he called (5 players), over their deals together."""

    taker: str
    partner: str
    deals: int
    made: int
    total: int  # the taker's scores

    @property
    def score(self) -> Tally:
        return Tally(self.deals, self.total)


@dataclass(frozen=True)
class Games:
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
class French:
    by_contract: Mapping[str, Contract]
    roles: Mapping[str, Role]
    slams: WonLost
    petit_au_bout: WonLost
    handfuls: int
    excuses_lost: int
    longest_run: int

    @property
    def took(self) -> int:
        return sum(c.bid for c in self.by_contract.values())

    @property
    def made(self) -> int:
        return sum(c.made for c in self.by_contract.values())

    @property
    def margin(self) -> Tally:
        """Card points above the target when taking, over the takes."""
        return Tally(self.took, sum(c.margin for c in self.by_contract.values()))


@dataclass(frozen=True)
class Troggu:
    by_bid: Mapping[str, Games]
    chips: Mapping[str, Chips]
    miseres: Rate  # lost of played
    baettler: Escapes


@dataclass(frozen=True)
class Piedmont:
    won: int
    matches: Rate  # won of played
    biggest_margin: int | None


@dataclass(frozen=True)
class PlayerStats:
    name: str
    played: int
    total: int
    best: DealRef | None
    worst: DealRef | None
    game: French | Troggu | Piedmont


@dataclass(frozen=True)
class Stats:
    variant: str
    deals: int
    sessions: tuple[str, ...]  # each session's label, in the order given
    players: tuple[PlayerStats, ...]  # as the standings rank them
    contracts: Mapping[str, Contract] = field(default_factory=dict)  # French
    partners: tuple[Pair, ...] = ()  # French, 5 players
    passed: int = 0  # French
    cancelled: int = 0  # French
    five: bool = False  # French: some deal was played by five (a partner, or alone)
    seated: tuple[str, ...] = ()  # the players in order of first appearance

    def player(self, name: str) -> PlayerStats:
        """The player meant by `name` (exact or unique prefix, regardless of case), or a
        ScorepadError for --player naming the players."""
        table = Table(self.variant, self.seated or tuple(p.name for p in self.players), {})
        try:
            found = table.resolve(name, _("player"))
        except ScorepadError as err:
            raise ScorepadError([Problem("--player", p.what) for p in err.problems]) from None
        return next(p for p in self.players if p.name == found)

    def partners_of(self, name: str) -> tuple[Pair, ...]:
        return tuple(p for p in self.partners if name in (p.taker, p.partner))
