"""What every game's statistics share (`Variant.stats`): exact figures (a rate is a count and
its cases, an average a sum and a count), rounded only when shown (halves away from zero, as
the standings round), and the protocol through which the game-free statistics
(`scorepad.stats`) and their rendering ask a game for its counts and its sections (`Section`:
a title, column heads and rows in the game's words; the render only draws them)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Generic, Protocol, TypeVar

from scorepad.i18n import _
from scorepad.model import Outcome, Setting
from scorepad.text import average as two_decimals

DASH = "–"  # no case: nothing to show
C = TypeVar("C")


# --- exact figures ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """`count` of `cases`: a rate kept as its numerator and denominator."""

    count: int
    cases: int


@dataclass(frozen=True)
class Tally:
    """A figure summed over some deals: its average is `total` / `deals`, kept exact."""

    deals: int = 0
    total: int = 0

    def average(self, places: int = 2) -> Decimal | None:
        """The average to `places` decimals (None over no deal)."""
        return rounded(self.total, self.deals, places)


@dataclass(frozen=True)
class WonLost:
    """Deals (a slam, a petit au bout) won and lost by a player's side."""

    won: int = 0
    lost: int = 0


def rounded_int(numerator: int, denominator: int) -> int | None:
    """numerator / denominator to the nearest integer, halves away from zero (exact): every
    average and rate scorepad shows is rounded so (the standings' too)."""
    if not denominator:
        return None
    q, r = divmod(abs(numerator), abs(denominator))
    q += 2 * r >= abs(denominator)
    return q if (numerator >= 0) == (denominator > 0) else -q


def rounded(numerator: int, denominator: int, places: int = 2) -> Decimal | None:
    """numerator / denominator to `places` decimals, halves away from zero, in integers (no
    float, no binary rounding): for display only."""
    scale = 10**places
    q = rounded_int(numerator * scale, denominator)
    return None if q is None else Decimal(q).scaleb(-places)


# --- as people read them ---------------------------------------------------------------------


def rate(r: Rate) -> str:
    """ "67%", or the counts below 3 cases ("2 of 2"), "–" with none."""
    if not r.cases:
        return DASH
    if r.cases < 3:  # so few cases are read as counts, never as a percentage
        return _("{count} of {cases}").format(count=r.count, cases=r.cases)
    return f"{rounded_int(100 * r.count, r.cases)}%"


def rate_of(r: Rate) -> str:
    """A rate with its cases where no other column says how many: "67% of 6", "2 of 2"."""
    if r.cases < 3:
        return rate(r)
    return _("{rate} of {cases}").format(rate=rate(r), cases=r.cases)


def average(t: Tally, sign: bool = True) -> str:
    """The average with two decimals, as every average scorepad shows (`text.average`):
    "+43.50", "−3.25"; "–" over no deal."""
    value = t.average()
    if value is None:
        return DASH
    text = two_decimals(value)
    return f"+{text}" if sign and value > 0 else text


# --- what a game tells the statistics ---------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One table of a game's statistics, in the game's words: its title, column heads and
    rows (cells: text, or numbers shown as they are). The first `left` columns are text, the
    others numbers; `drop` lists the columns that step aside first where the width is short."""

    title: str
    headers: Sequence[str]
    rows: Sequence[Sequence[Any]]
    drop: Sequence[int] = ()
    left: int = 1


@dataclass(frozen=True)
class Counted:
    """One session as a game counts it: its rules, its players (as its deals name them),
    every deal's entry and outcome in order, and each of its players' merged key (a person
    is one key over the sessions, whatever the case). `deals` are scored as they are looked
    at and can be gone through once (a season of 100,000 deals is not held as outcomes)."""

    rules: Mapping[str, Setting]
    players: Sequence[str]
    deals: Iterable[tuple[Any, Outcome]]
    key: Mapping[str, str]


class PlayerCounts(Generic[C]):
    """What every game's counter holds: each player's mutable counts by key, made (by `new`)
    when first asked for."""

    def __init__(self, new: Callable[[], C]) -> None:
        self.players: dict[str, C] = {}
        self.new = new

    def of(self, key: str) -> C:
        """The player's counts."""
        if key not in self.players:
            self.players[key] = self.new()
        return self.players[key]

    def seats(self, session: Counted) -> dict[str, C]:
        """The session's players, as its deals name them, and their counts."""
        return {p: self.of(k) for p, k in session.key.items()}


class StatsCounter(Protocol):
    """One `stats` call's counts of a game (mutable while the sessions go by)."""

    def count(self, session: Counted) -> None:
        """Count one session's deals."""
        ...

    def player(self, key: str) -> Any:
        """One player's frozen figures (`PlayerStats.game`)."""
        ...

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> Any:
        """The figures of everyone counted, frozen (`Stats.game`); `ranked`: the players' keys as
        the standings rank them, `names`: each key's name as shown."""
        ...


class GameStats(Protocol):
    """A game's statistics (`Variant.stats`): how it counts them and what its sections say.
    `st` is a `scorepad.stats.Stats` (typed `Any`: a game stays below the statistics), `p`
    one of its `PlayerStats`."""

    signed: bool  # scores read as gains and losses ("+12"), else as points ("12")

    def counter(self) -> StatsCounter:
        """Fresh counts for one `stats` call."""
        ...

    def sections(self, st: Any) -> list[Section]:
        """The tables of `scorepad stats`, after its heading."""
        ...

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        """A player's card (`stats --player`): its lines (label, value) between the average
        per deal and the best deal, and its tables."""
        ...

    def sheet(self, st: Any) -> list[Section]:
        """The sheet's compact tables (every cell text)."""
        ...

    def player_json(self, g: Any) -> dict[str, Any]:
        """A player's own keys in `stats --json` (integers only)."""
        ...

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        """The game's top-level keys in `stats --json`; with `player` (a name as shown), what
        concerns that player."""
        ...
