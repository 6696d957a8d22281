"""Recording deals in a session file: the one way `deal`, `play` and a script add a deal. The
file is read once under the lock, the deal checked and scored once and the file written once;
what needs the table is asked out of the lock. A deal shown for confirmation is saved only if
the file is still as it was read (compare-and-swap), else the table is told what changed.
`edit`'s changes are saved the same way (`save_changes`; shown at the table:
`guided_deal.edit_deal`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from scorepad import core, roster, scores, storage
from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Deal, Outcome, Session, Table
from scorepad.roster import Renamed
from scorepad.variants import get_variant

T = TypeVar("T")


@dataclass(frozen=True)
class Recorded:
    """What a save did: the file as read under the lock and as saved, and the deal added."""

    before: Session
    after: Session
    outcome: Outcome  # the deal added, scored once (explained)
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


class Confirm(Protocol):
    """The table's part of recording a deal, asked out of the lock (`guided_deal.GuidedDeal`)."""

    def mend(
        self, session: Session, raw: dict[str, Any]
    ) -> tuple[dict[str, Any], core.Entered] | None:
        """What the file refused, asked for and shown ("Save deal N?"): the fields and the
        deal they give, or None."""

    def again(self, n: int) -> bool:
        """The deal is the same as deal n: record it again?"""

    def changed(self, what: str) -> None:
        """The file changed while the deal was being confirmed: say how (`what_changed`)."""


@dataclass(frozen=True)
class Moved:
    """A deal shown for confirmation was not saved: the file changed meanwhile. `now`: the
    file as it is now; `what`: what changed, said to the table."""

    now: Session
    what: str


@dataclass(frozen=True)
class Refused:
    """The file as read under the lock refuses the deal (`why`): nothing was saved."""

    now: Session
    why: ScorepadError


@dataclass(frozen=True)
class Same:
    """The deal is the same as the file's deal `n` (read under the lock): nothing was saved
    until the table says so; `entered` is the deal, ready to save."""

    now: Session
    n: int
    entered: core.Entered


def under_lock(
    path: Path, attempt: Callable[[Session], tuple[Session, T]], notes: list[str]
) -> tuple[Session, Session, T]:
    """`attempt` on the file as read under the lock: the session to save (the one read: none)
    and what happened. Returns the file as read and as saved, and what happened."""
    happened: list[T] = []

    def change(now: Session) -> Session:
        after, what = attempt(now)
        happened.append(what)
        return after

    before, after = storage.update(path, change, notes)
    return before, after, happened[-1]


def what_changed(read_as: Session, now: Session) -> str | None:
    """What another scorepad changed between reading `read_as` and `now` (None: nothing), in
    words for the table: deals recorded or removed, a deal edited, someone joining or leaving."""
    if now == read_as:
        return None
    if now.variant != read_as.variant:
        return _("the file was changed by another scorepad meanwhile: it now holds {game}").format(
            game=_(get_variant(now.variant).title)
        )
    said: list[str] = []
    renamed = _renamed(read_as, now)
    if renamed is not None:  # the rest compared as if it had been renamed here
        said.append(_("{old} is now called {new}").format(old=renamed.old, new=renamed.new))
        read_as = renamed.session
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


def _renamed(read_as: Session, now: Session) -> Renamed | None:
    """`read_as` renamed as `now` names one person otherwise (`scorepad rename`), if that is
    what changed their names; None when nobody was renamed."""
    gone = [p for p in read_as.players if p not in now.players]
    came = [p for p in now.players if p not in read_as.players]
    if len(gone) != 1 or len(came) != 1:
        return None
    try:
        renamed = roster.rename(read_as, gone[0], came[0])
    except ScorepadError:
        return None
    return renamed if renamed.session.players == now.players else None


def _on_roster(session: Session, name: str) -> bool:
    """Whether `name` names someone on the roster at the next deal (as a name is matched)."""
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


def record_shown(path: Path, shown: core.Entered, read_as: Session) -> Recorded | Moved:
    """Save the deal shown and confirmed (`shown`, entered into the file as `read_as`), if
    the file is still that (read again under the lock): the deal is not checked or scored
    again. Else nothing is written and the file as it is now is returned with what changed,
    for the deal to be shown again at its new number and seating."""
    notes: list[str] = []

    def add(now: Session) -> tuple[Session, Moved | None]:
        what = what_changed(read_as, now)
        return (now, Moved(now, what)) if what is not None else (shown.session, None)

    before, after, moved = under_lock(path, add, notes)
    if moved is not None:
        return moved
    return Recorded(before, after, shown.outcome, True, shown.ended, tuple(notes))


def same_as_last(session: Session, new: Deal) -> int | None:
    """The number of the last deal when `new` is the very same deal again (the dealer
    aside): a double Enter, a line typed twice. A passed or cancelled deal is never "the
    same deal": two in a row happen all the time."""
    if not session.deals or new.redealt:
        return None
    last = session.deals[-1]
    return len(session.deals) if (new.entry, new.note) == (last.entry, last.note) else None


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

    def add(now: Session) -> tuple[Session, tuple[core.Entered, int | None] | Refused | Same]:
        try:
            entered = core.enter_deal(now, raw, play_on=play_on)
        except ScorepadError as err:
            if confirm is None:
                raise _at(err, where) from None
            return now, Refused(now, err)  # unchanged: storage.update writes nothing
        same = same_as_last(now, entered.deal)
        if same is not None and confirm is not None:
            return now, Same(now, same, entered)
        return entered.session, (entered, same)

    before, after, happened = under_lock(path, add, notes)
    if isinstance(happened, tuple):  # saved at once (the same as deal `same`, or not)
        entered, same = happened
        return Recorded(before, after, entered.outcome, False, entered.ended, tuple(notes), same)
    assert confirm is not None
    return _confirmed(path, raw, happened, confirm, play_on, where, notes)


def _confirmed(
    path: Path,
    raw: Mapping[str, Any],
    happened: Refused | Same,
    confirm: Confirm,
    play_on: bool,
    where: str,
    notes: list[str],
) -> Recorded | None:
    """`record_deal`'s deal asked about at the table (mended where the file refused it, or
    confirmed again where it is the same as the last deal) and saved if the file is still as
    it was when asked; when another scorepad changed it meanwhile, asked again at the file
    as it is now."""
    while True:
        now = happened.now
        if isinstance(happened, Refused):
            if scores.match_over(now) and not play_on:
                raise _at(happened.why, where)
            mended = confirm.mend(now, dict(raw))
            if mended is None:
                return None
            raw, shown = mended
        else:
            if not confirm.again(happened.n):
                return None
            shown = happened.entered
        result = record_shown(path, shown, now)
        if isinstance(result, Recorded):
            notes.extend(result.notes)
            return replace(result, shown=isinstance(happened, Refused), notes=tuple(notes))
        confirm.changed(result.what)
        out, dealer = raw.get("out"), raw.get("dealer")
        named = out if isinstance(out, list) else [] if out is None else [out]
        named = [*named, dealer] if dealer else named
        if dealer == now.next_dealer() or not all(_on_roster(result.now, str(p)) for p in named):
            # the dealer in turn (the turn moved on), or someone named left: asked again
            raw = {k: v for k, v in raw.items() if k not in ("dealer", "out")}
        try:  # the same deal at the file as it is now: shown (or mended) and asked again
            core.enter_deal(result.now, raw, play_on=play_on)
            refused = ScorepadError([])
        except ScorepadError as err:
            refused = err
        happened = Refused(result.now, refused)


def save_changes(
    path: Path, n: int, changes: Mapping[str, Any], clear: Iterable[str], notes: list[str]
) -> tuple[Session, core.Entered]:
    """Deal n with some fields changed or cleared (`core.edit_deal`), applied to the file as
    read under the lock and saved: the file as read, and the edit (its problems located in
    the file)."""

    def change(now: Session) -> tuple[Session, core.Entered]:
        try:
            edited = core.edit_deal(now, n, changes, clear)
        except ScorepadError as err:
            raise err.located(str(path)) from None
        return edited.session, edited

    before, _after, edited = under_lock(path, change, notes)
    return before, edited


def next_deal_number(path: Path) -> int:
    """The number the next deal gets, to locate a bad option."""
    return len(storage.load(path).deals) + 1
