"""Recording deals in a session file: the one way `deal`, `play` and a script add a deal. The
file is read under the lock, the deal added and saved; what needs the table (a deal the file
refuses, one the same as the last) is asked out of the lock, and the file is then read again
under the lock (another scorepad may have recorded a deal meanwhile)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad import core, storage
from scorepad.errors import ScorepadError
from scorepad.model import Deal, Session


@dataclass(frozen=True)
class Recorded:
    """What a save did: the file as read under the lock and as saved."""

    before: Session
    after: Session
    shown: bool = False  # this very deal was shown and confirmed: no need to explain it again
    ended: str | None = None  # the match is over with this deal: why
    notes: tuple[str, ...] = ()  # for the end of the command (the file format was upgraded)
    same_as: int | None = None  # saved without asking, though the same as this earlier deal

    @property
    def n(self) -> int:
        return len(self.after.deals)

    @property
    def deal(self) -> Deal:
        return self.after.deals[-1]


if TYPE_CHECKING:  # a type only: what `confirm` is asked (app.evening's AtTheTable is one)
    from typing import Protocol

    class Confirm(Protocol):
        """The table's part of recording a deal, asked out of the lock."""

        def mend(
            self, session: Session, raw: dict[str, Any], refused: ScorepadError
        ) -> dict[str, Any] | None:
            """What the file refused, asked for and shown ("Save deal N?"): the fields, or None."""
            ...

        def again(self, n: int) -> bool:
            """The deal is the same as deal n: record it again?"""
            ...


def same_as_last(session: Session, new: Deal) -> int | None:
    """The number of the last deal when `new` is the very same deal again (the dealer
    aside): a double Enter, a line typed twice. A passed or cancelled deal is never "the
    same deal": two in a row happen all the time."""
    if not session.deals:
        return None
    last = session.deals[-1]
    if new.entry != last.entry or new.note != last.note:
        return None
    if new.redealt:
        return None
    return len(session.deals)


def _at(err: ScorepadError, where: str) -> ScorepadError:
    return err.located(where) if where else err


def record_deal(
    path: Path,
    raw: Mapping[str, Any],
    *,
    play_on: bool = False,
    confirm: Confirm | None = None,
    where: str = "",
) -> Recorded | None:
    """Add one deal to the file: one read under the lock when the deal is complete. With
    `confirm` (a terminal), a deal the file refuses is mended and one the same as the last is
    asked about, out of the lock; the file is then read again under the lock. The deal's own
    problems are located at `where`. None: the user dropped it; the file is as it was."""
    notes: list[str] = []
    stop: list[Any] = []  # the session read under the lock, and why nothing was saved
    same_as: list[int] = []

    def add(now: Session) -> Session:
        try:
            updated = core.add_deal(now, raw, play_on=play_on)
        except ScorepadError as err:
            if confirm is None:
                raise _at(err, where) from None
            stop[:] = [now, err]
            return now  # unchanged: storage.update writes nothing
        same = same_as_last(now, updated.deals[-1])
        if same is not None and confirm is not None:
            stop[:] = [now, same]
            return now
        same_as[:] = [] if same is None else [same]
        return updated

    before, after = storage.update(path, add, notes)
    shown = False
    if stop:
        assert confirm is not None
        now, why = stop
        number = 0
        if isinstance(why, ScorepadError):
            if core.match_over(now) and not play_on:
                raise _at(why, where)
            mended = confirm.mend(now, dict(raw), why)
            if mended is None:
                return None
            raw, number = mended, len(now.deals) + 1
        elif not confirm.again(why):
            return None

        def add_again(now: Session) -> Session:
            try:
                return core.add_deal(now, raw, play_on=play_on)
            except ScorepadError as err:
                raise _at(err, where) from None

        before, after = storage.update(path, add_again, notes)
        shown = len(after.deals) == number
    return Recorded(
        before,
        after,
        shown,
        core.match_ended(before, after),
        tuple(notes),
        same_as[0] if same_as else None,
    )


def record_deals(
    path: Path, raws: Sequence[Mapping[str, Any]], *, play_on: bool = False
) -> Recorded:
    """Add several deals to the file together (`play` reading a text file): one read under
    the lock, and every deal saved, or none when the file as it is now refuses one (its
    problem raised as the game says it, the file unchanged). Nothing is asked."""
    notes: list[str] = []

    def add_all(now: Session) -> Session:
        for raw in raws:
            now = core.add_deal(now, raw, play_on=play_on)
        return now

    before, after = storage.update(path, add_all, notes)
    return Recorded(before, after, ended=core.match_ended(before, after), notes=tuple(notes))


def next_deal_number(path: Path) -> int:
    """The number the next deal gets, to locate a bad option: read lazily (a signed file's deals
    are not read), as a bad option is reported before the file's deals are looked at."""
    return len(storage.load(path, lazy=True).deals) + 1
