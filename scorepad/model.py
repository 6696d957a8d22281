"""The data scorepad works on: frozen dataclasses, no I/O.

A `Session` holds what was entered (players, rules, deals); scores are always computed
from it by the variant, never stored.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, overload

from scorepad import FORMAT_VERSION
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.text import shown

Setting = int | bool | str


def nfc(name: str) -> str:
    """A name as scorepad keeps it: trimmed, in Unicode's composed form (NFC), so "Chloé"
    typed with a combining accent is the same player as "Chloé" typed with é."""
    import unicodedata

    return unicodedata.normalize("NFC", name.strip())


@dataclass(frozen=True)
class Table:
    """Who sits at the table and which rules are played: the context every check needs."""

    variant: str
    players: tuple[str, ...]
    rules: Mapping[str, Setting]

    def resolve(self, name: str, role: str = "player") -> str:
        """The player meant by `name`: exact or unique prefix, case-insensitively."""
        wanted = nfc(name).casefold()
        exact = [p for p in self.players if p.casefold() == wanted]
        if exact:
            return exact[0]
        matches = [p for p in self.players if wanted and p.casefold().startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise ScorepadError(
                [
                    Problem(
                        "",
                        _("{role} {name} could be {matches}: type more letters").format(
                            role=role, name=shown(name), matches=_(" or ").join(matches)
                        ),
                    )
                ]
            )
        raise ScorepadError(
            [
                Problem(
                    "",
                    _("{role} {name} is not a player (players: {players})").format(
                        role=role, name=shown(name), players=_(", ").join(self.players)
                    ),
                )
            ]
        )

    def next_after(self, player: str) -> str:
        i = self.players.index(player)
        return self.players[(i + 1) % len(self.players)]


@dataclass(frozen=True)
class Deal:
    """One deal as entered: who dealt, the variant's own entry, and a free note."""

    dealer: str
    entry: Any  # the variant's frozen entry dataclass
    note: str = ""


class Deals(Sequence[Deal]):
    """A session's deals, each read (and checked) from its raw fields when first looked at.

    Storage gives these for a file whose whole content scorepad checked when it wrote it,
    so that recording one more deal reads the last deal, not the thousands before it. Every
    deal that is looked at is still read and checked in full. Immutable to its users: the
    raw items are never changed, the deals read from them are kept in a cache."""

    __slots__ = ("_done", "_items", "_more", "_read")

    def __init__(
        self,
        items: Sequence[Any],
        read: Callable[[Any, int], Deal],
        more: Sequence[Deal] = (),
        done: dict[int, Deal] | None = None,
    ) -> None:
        self._items = items  # raw tables or texts, as storage found them: not copied
        self._read = read
        self._more = tuple(more)  # deals added since, already read
        self._done: dict[int, Deal] = {} if done is None else done

    def __len__(self) -> int:
        return len(self._items) + len(self._more)

    @overload
    def __getitem__(self, i: int) -> Deal: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Deal, ...]: ...
    def __getitem__(self, i: int | slice) -> Deal | tuple[Deal, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = i + len(self) if i < 0 else i
        if not 0 <= n < len(self):
            raise IndexError(i)
        if n >= len(self._items):
            return self._more[n - len(self._items)]
        deal = self._done.get(n)
        if deal is None:
            deal = self._done[n] = self._read(self._items[n], n + 1)
        return deal

    def __iter__(self) -> Iterator[Deal]:
        return (self[n] for n in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        if len(self) != len(other):
            return False
        if isinstance(other, Deals) and self.starts(other):
            return True
        return all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Deals({len(self)})"

    def plus(self, deal: Deal) -> Deals:
        """These deals and one more, none of them read for it."""
        return Deals(self._items, self._read, (*self._more, deal), self._done)

    def starts(self, other: Deals) -> bool:
        """Whether these deals begin with exactly other's (the same items, the same added)."""
        return (
            self._items is other._items
            and len(other._more) <= len(self._more)
            and all(a is b for a, b in zip(self._more, other._more, strict=False))
        )


@dataclass(frozen=True)
class Session:
    variant: str
    players: tuple[str, ...]
    rules: Mapping[str, Setting]
    dealer: str  # who dealt (or deals) the first deal
    title: str = ""
    deals: Sequence[Deal] = ()
    version: int = FORMAT_VERSION
    date: str = ""  # the evening's date, YYYY-MM-DD ("" in files from before dates)

    @property
    def heading(self) -> str:
        """ "Club Thursday, 2026-11-26": the title and the date, as far as they are known."""
        return _(", ").join(x for x in (self.title, self.date) if x)

    @property
    def table(self) -> Table:
        """The session's first table: code asks `table_at` / `deal_tables` for a deal's."""
        return table_at(self, 1)

    @property
    def profile(self) -> str:
        return str(self.rules.get("profile", ""))

    def next_dealer(self) -> str:
        if not self.deals:
            return self.dealer
        return table_at(self, len(self.deals) + 1).next_after(self.deals[-1].dealer)


def table_at(session: Session, n: int) -> Table:
    """The table of deal n (1-based; len(deals) + 1: the deal being entered): the one source
    of who sits at each deal. Today every deal has the session's players and rules."""
    return Table(session.variant, session.players, session.rules)


def deal_tables(session: Session, count: int | None = None) -> Iterator[Table]:
    """Each deal's table in turn (`count` of them while the deals are still being read). One
    object repeated while the table does not change: a long session costs no Tables."""
    return itertools.repeat(table_at(session, 1), len(session.deals) if count is None else count)


@dataclass(frozen=True)
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
