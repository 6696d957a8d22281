"""The data scorepad works on: frozen dataclasses, no I/O.

A `Session` holds what was entered (the roster and its changes, the rules, the deals); who
sits at each deal is derived from them, never stored where the rule gives it. The cut: the
seating modules below (`scorepad.seating`, `scorepad.seating_plan`) know nothing of a
session or a table; `Session.seating_plan` hands them its roster, changes and deals, and
each deal's `Table` is built here, from its `Seating` (`seated_table`, `table_at`,
`deal_tables`). Scores are always computed from those tables by the variant, never stored.
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext

if TYPE_CHECKING:  # the seating is imported where a session is not a fixed table
    from scorepad.seating import Change, Seating
    from scorepad.seating_plan import Seater, SeatingPlan
from scorepad.text import find, fold, shown

Setting = int | bool | str


def nfc(name: str) -> str:
    """A name as scorepad keeps it: trimmed, in Unicode's composed form (NFC), so "Chloé"
    typed with a combining accent is the same player as "Chloé" typed with é."""
    if name.isascii():
        return name.strip()  # ASCII is its own NFC
    return unicodedata.normalize("NFC", name.strip())


@dataclass(frozen=True)
class Table:
    """Who sits at the table and which rules are played: the context every check needs.

    `players` are the seated players of one deal, in dealing order: all a game sees. `out`
    (those on the roster who sit this deal out, in dealing order), `dealer` and `people` (who
    is on the roster) only serve the dealer, who may sit out, and explain a refusal: a taker
    who is not seated."""

    variant: str
    players: tuple[str, ...]
    rules: Mapping[str, Setting]
    out: tuple[str, ...] = ()
    dealer: str = ""
    people: tuple[str, ...] = ()  # the roster at this deal (seated and out), dealing order

    def resolve(self, name: str, role: str = "player") -> str:
        """The player meant by `name`, as people type a name (`scorepad.text.find`): exact,
        without case and accents, a unique beginning or the initials."""
        if name in self.players:  # as the file writes it
            return name
        matches = find(name, self.players)
        away = find(name, self.out) if self.out else []
        named = len(away) == 1 and fold(away[0]) == fold(name)  # exactly one who sits out
        if len(matches) == 1 and not (named and fold(matches[0]) != fold(name)):
            return matches[0]
        if len(away) == 1 and (not matches or named):
            raise ScorepadError.at("", self.sits_out(away[0], role))
        if matches:
            twins = all(fold(p) == fold(name) for p in matches)
            text = (
                _("{role} {name} could be {matches}: type the name exactly, accents included")
                if twins
                else _("{role} {name} could be {matches}: type more letters")
            )
            raise ScorepadError.at(
                "", text.format(role=role, name=shown(name), matches=_(" or ").join(matches))
            )
        raise ScorepadError.at(
            "",
            _("{role} {name} is not a player (players: {players})").format(
                role=role, name=shown(name), players=_(", ").join(self.players)
            ),
        )

    def sits_out(self, name: str, role: str = "player") -> str:
        """Why `name` cannot play this deal: "taker Elsa deals and sits out this deal: 5
        players at a 4-seat table"."""
        seats = len(self.players)
        why = ngettext(
            "{people} player at a {seats}-seat table",
            "{people} players at a {seats}-seat table",
            len(self.people),
        ).format(people=len(self.people), seats=seats)
        if name == self.dealer:
            text = _("{role} {name} deals and sits out this deal: {why}")
        else:
            text = _("{role} {name} sits out this deal (out: {out}): {why}")
        return text.format(role=role, name=name, why=why, out=_(", ").join(self.out))

    def resolve_anyone(self, name: str, role: str = "player") -> str:
        """Someone on the roster at this deal, seated or not (the dealer who sits out)."""
        if not self.out:
            return self.resolve(name, role)
        return Table(self.variant, self.people, self.rules).resolve(name, role)

    def next_after(self, player: str) -> str:
        i = self.players.index(player)
        return self.players[(i + 1) % len(self.players)]


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as entered: who dealt, the variant's own entry, and a free note."""

    dealer: str
    entry: Any  # the variant's frozen entry dataclass
    note: str = ""
    # who sat out, as the file keeps it: None for the rule's choice (`Seating.stored_out`)
    out: tuple[str, ...] | None = None
    # recorded past the session's planned length with --continue (`continued = true`)
    continued: bool = False

    @property
    def redealt(self) -> bool:
        """Nobody played it (passed, cancelled): the game's entry says so (`redealt`)."""
        return self.entry.redealt  # type: ignore[no-any-return]


class Penalty(NamedTuple):
    """A penalty recorded between deals, after deal `after` (0: before any): `player` pays
    `points` to each other player seated at that deal, or (`alone`) loses them alone, a
    ranking deduction that settling up ignores (`scorepad.penalties`)."""

    after: int
    player: str
    points: int
    alone: bool = False
    note: str = ""


@dataclass(frozen=True)
class Session:
    """A session as saved: the game, its rules, the roster and its changes, and the deals."""

    variant: str
    roster: tuple[str, ...]  # who is on the roster at deal 1, in dealing order
    rules: Mapping[str, Setting]
    dealer: str  # who dealt (or deals) the first deal
    title: str = ""
    deals: tuple[Deal, ...] = ()
    date: str = ""  # the evening's date, YYYY-MM-DD ("" in files from before dates)
    seats: int | None = None  # the table's size at deal 1 (None: a seat for everyone)
    changes: tuple[Change, ...] = ()  # arrivals, departures, new table sizes (`seating`)
    # who sits out when there are more people than seats: a `seating.Policy` value
    policy: str = "dealer-out"
    penalties: tuple[Penalty, ...] = ()  # in the order recorded, each after its deal

    @property
    def heading(self) -> str:
        """ "Club Thursday, 2026-11-26": the title and the date, as far as they are known."""
        return _(", ").join(x for x in (self.title, self.date) if x)

    @functools.cached_property
    def players(self) -> tuple[str, ...]:
        """Everyone who is on the roster at some deal: the roster at deal 1, then those who
        join, in the order they join (standings, history columns)."""
        if not self.changes:
            return self.roster
        from scorepad.seating import Join

        joined = [c.name for c in self.changes if isinstance(c, Join)]
        return tuple(dict.fromkeys((*self.roster, *joined)))

    @property
    def fixed(self) -> bool:
        """Everyone plays every deal: the roster never changes and has a seat each."""
        return not self.changes and (self.seats is None or self.seats == len(self.roster))

    @property
    def table(self) -> Table:
        """The session's first table: code asks `table_at` / `deal_tables` for a deal's."""
        return table_at(self, 1)

    @property
    def profile(self) -> str:
        return str(self.rules.get("profile", ""))

    def next_dealer(self) -> str:
        if not self.fixed:
            return self.seating_plan().next.dealer
        if not self.deals:
            return self.dealer
        return table_at(self, len(self.deals) + 1).next_after(self.deals[-1].dealer)

    def seating_plan(self) -> SeatingPlan:
        """Every deal's seating and the next deal's proposal (`scorepad.seating_plan`); its
        problems are the file's or the command's to report."""
        return self._seating_plan

    @functools.cached_property
    def _seating_plan(self) -> SeatingPlan:
        # worked out once a session: a table's seating is asked for deal by deal
        seater = self.seater()
        for deal in self.deals:
            seater.seat(deal.dealer, deal.out)
            seater.settle(deal.redealt)
        return seater.seating_plan()

    def seater(self, seats_option: str = "seats") -> Seater:
        """A `Seater` at deal 1 of this session, for whoever reads its deals one by one."""
        from scorepad.seating import Policy
        from scorepad.seating_plan import Seater

        return Seater(
            self.roster,
            len(self.roster) if self.seats is None else self.seats,
            self.changes,
            policy=Policy(self.policy),
            first_dealer=self.dealer,
            seats_option=seats_option,
        )

    def seating(self, n: int) -> Seating | None:
        """Deal n's seating (1-based; len(deals) + 1: the deal being entered, as proposed);
        None at a fixed table (everyone plays)."""
        return None if self.fixed else self.seating_plan().at(n)


def seated_table(variant: str, rules: Mapping[str, Setting], seating: Seating) -> Table:
    """The game's table of a seating: its seated players (and who is out, for messages)."""
    return Table(variant, seating.seated, rules, seating.out, seating.dealer, seating.roster)


def table_at(session: Session, n: int) -> Table:
    """The table of deal n (1-based; len(deals) + 1: the deal being entered, as proposed):
    the one source of who sits at each deal."""
    seating = session.seating(n)
    if seating is None:
        return Table(session.variant, session.roster, session.rules)
    return seated_table(session.variant, session.rules, seating)


def deal_tables(session: Session) -> Iterator[Table]:
    """Each deal's table in turn."""
    if session.fixed:
        table = Table(session.variant, session.roster, session.rules)
        return itertools.repeat(table, len(session.deals))
    seatings = session.seating_plan().deals
    return (seated_table(session.variant, session.rules, s) for s in seatings)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A deal's computed result: the settlement of every player and the arithmetic behind it."""

    result: str  # made, failed, draw, passed, cancelled, won, misere, …
    scores: Mapping[str, int]
    points: Decimal | None = None  # card points used (after rounding), declarer's side
    player_points: Mapping[str, Decimal] | None = None  # games that count every player's
    declarer: str | None = None
    made: bool | None = None  # None when nobody declared (pass, misère, two-handed deal)
    winners: tuple[str, ...] = ()
    explain: tuple[str, ...] = field(default_factory=tuple)
    needed: int | None = None  # the card points the declarer's side needed (its target)
