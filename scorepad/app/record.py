"""Recording deals in a session file: the one way `deal`, `play` and a script add a deal. The
file is read under the lock, the deal added and saved; what needs the table (a deal the file
refuses, one the same as the last) is asked out of the lock, and the file is then read again
under the lock. A deal shown for confirmation is saved only if the file is still what it was
read as (compare-and-swap): when another scorepad changed it meanwhile, the table is told
what changed and asked again about the deal at its new number and seating."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad import core, scores, storage
from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext
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


if TYPE_CHECKING:  # a type only: what `confirm` is asked (app.guided_deal.GuidedDeal is one)
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

        def changed(self, what: str) -> None:
            """The file changed while the deal was being confirmed: say how (`what_changed`)."""
            ...


@dataclass(frozen=True)
class Moved:
    """A deal shown for confirmation was not saved: the file changed meanwhile. `now`: the
    file as it is now; `what`: what changed, said to the table."""

    now: Session
    what: str


def what_changed(read_as: Session, now: Session) -> str | None:
    """What another scorepad changed between reading `read_as` and `now` (None: nothing), in
    words for the table: deals recorded or removed, a deal edited, someone joining or leaving."""
    if now == read_as:
        return None
    said: list[str] = []
    old, new = read_as.deals, now.deals
    common = min(len(old), len(new))
    first = next((i for i in range(common) if old[i] != new[i]), None)
    if first is not None:
        said.append(_("deal {n} was changed").format(n=first + 1))
    if len(new) > len(old):
        said.append(
            ngettext(
                "{count} deal was recorded", "{count} deals were recorded", len(new) - len(old)
            ).format(count=len(new) - len(old))
        )
    elif len(new) < len(old):
        said.append(
            ngettext(
                "{count} deal was removed", "{count} deals were removed", len(old) - len(new)
            ).format(count=len(old) - len(new))
        )
    (before, seats), (after, seats_now) = _next_table(read_as), _next_table(now)
    joined = [p for p in after if p not in before]
    left = [p for p in before if p not in after]
    if joined:
        said.append(_("{names} joined").format(names=_(", ").join(joined)))
    if left:
        said.append(_("{names} left").format(names=_(", ").join(left)))
    if seats_now != seats:
        said.append(
            ngettext("the table has {seats} seat", "the table has {seats} seats", seats_now).format(
                seats=seats_now
            )
        )
    if not said:
        said.append(_("the session was changed"))
    return _("the file was changed by another scorepad meanwhile: {what}").format(
        what=_("; ").join(said)
    )


def save_edit(
    path: Path, n: int, fields: Mapping[str, Any], read_as: Session, notes: list[str]
) -> tuple[Session, Session] | Moved:
    """Save deal n entered anew from `fields`, as shown against the file as `read_as`, if the
    file is still that (read again under the lock): (before, after); else nothing is written
    and the file as it is now is returned with what changed (`Moved`). A deal n that is no
    longer the one edited is refused (`core.put_deal`)."""
    old = read_as.deals[n - 1]
    new = core.replace_deal(read_as, n, fields).deals[n - 1]
    moved: list[Moved] = []

    def put(now: Session) -> Session:
        what = what_changed(read_as, now)
        if what is not None and len(now.deals) >= n and now.deals[n - 1] == old:
            moved.append(Moved(now, what))  # deal n as it was: shown again on the new file
            return now
        try:
            return core.put_deal(now, n, old, new)
        except ScorepadError as err:
            raise err.located(str(path)) from None

    before, after = storage.update(path, put, notes)
    return moved[0] if moved else (before, after)


def _on_roster(session: Session, name: str) -> bool:
    """Whether `name` names someone on the roster at the next deal (as a name is matched)."""
    from scorepad.model import Table

    try:
        Table(session.variant, _next_table(session)[0], session.rules).resolve(name)
    except ScorepadError:
        return False
    return True


def _next_table(session: Session) -> tuple[tuple[str, ...], int]:
    """Who is on the roster at the next deal, and the table's seats then."""
    if session.fixed:
        return session.roster, len(session.roster)
    nxt = session.seating_plan().next
    return nxt.roster, nxt.seats


def record_shown(
    path: Path, raw: Mapping[str, Any], read_as: Session, *, play_on: bool = False
) -> Recorded | Moved:
    """Save the deal shown and confirmed for the file as `read_as`, if the file is still that
    (read again under the lock); else nothing is written and the file as it is now returned
    with what changed, for the deal to be shown again at its new number and seating."""
    notes: list[str] = []
    moved: list[Moved] = []

    def add(now: Session) -> Session:
        what = what_changed(read_as, now)
        if what is not None:
            moved.append(Moved(now, what))
            return now  # unchanged: nothing is written
        return core.add_deal(now, raw, play_on=play_on)

    before, after = storage.update(path, add, notes)
    if moved:
        return moved[0]
    return Recorded(before, after, True, scores.match_ended(before, after), tuple(notes))


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
    while stop:
        assert confirm is not None
        now, why = stop
        stop.clear()
        number = 0
        if isinstance(why, ScorepadError):
            if scores.match_over(now) and not play_on:
                raise _at(why, where)
            mended = confirm.mend(now, dict(raw), why)
            if mended is None:
                return None
            raw, number = mended, len(now.deals) + 1
        elif not confirm.again(why):
            return None
        read_as = now

        def add_again(
            now: Session, read_as: Session = read_as, raw: Mapping[str, Any] = raw
        ) -> Session:
            what = what_changed(read_as, now)
            if what is not None:  # not what was shown or asked about: asked again
                stop[:] = [now, what]
                return now
            try:
                return core.add_deal(now, raw, play_on=play_on)
            except ScorepadError as err:
                raise _at(err, where) from None

        before, after = storage.update(path, add_again, notes)
        if stop:
            now, what = stop
            confirm.changed(what)
            out, dealer = raw.get("out"), raw.get("dealer")
            named = out if isinstance(out, list) else [] if out is None else [out]
            named = [*named, dealer] if dealer else named
            if dealer == read_as.next_dealer() or not all(_on_roster(now, str(p)) for p in named):
                # the dealer in turn (the turn moved on), or someone named left: asked again
                raw = {k: v for k, v in raw.items() if k not in ("dealer", "out")}
            try:  # the same deal at the file as it is now: shown (or mended) and asked again
                core.add_deal(now, raw, play_on=play_on)
                refused = ScorepadError([])
            except ScorepadError as err:
                refused = err
            stop[:] = [now, refused]
            continue
        shown = len(after.deals) == number
    return Recorded(
        before,
        after,
        shown,
        scores.match_ended(before, after),
        tuple(notes),
        same_as[0] if same_as else None,
    )


def record_deals(
    path: Path,
    raws: Sequence[Mapping[str, Any]],
    *,
    play_on: bool = False,
    wheres: Sequence[str] = (),
) -> Recorded:
    """Add several deals to the file together (`play` reading a text file): one read under
    the lock, and every deal saved, or none when the file as it is now refuses one (its
    problem raised located in the file and at its `wheres` entry, the input line; the file
    unchanged). Nothing is asked."""
    notes: list[str] = []

    def add_all(now: Session) -> Session:
        for i, raw in enumerate(raws):
            try:
                now = core.add_deal(now, raw, play_on=play_on)
            except ScorepadError as err:
                if i < len(wheres):
                    err = err.located(wheres[i])
                raise err.located(str(path)) from None
        return now

    before, after = storage.update(path, add_all, notes)
    return Recorded(before, after, ended=scores.match_ended(before, after), notes=tuple(notes))


def next_deal_number(path: Path) -> int:
    """The number the next deal gets, to locate a bad option."""
    return len(storage.load(path).deals) + 1
