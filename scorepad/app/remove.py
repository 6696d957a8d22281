"""Removing a deal from a session file, or taking back the last record (a roster change after
the last deal), read under the lock: the one way `undo`, `delete` and `play`'s `u` do it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from scorepad import core, penalties, roster, scores
from scorepad.app.record import under_lock
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Penalty, Session
from scorepad.render.deals import what_happened
from scorepad.seating import Change
from scorepad.text import scores_line
from scorepad.variants import get_variant


@dataclass(frozen=True)
class Removed:
    """What a removal did: the file as read under the lock and as saved, and the deal removed
    with the number it had."""

    before: Session
    after: Session
    n: int
    deal: Deal


@dataclass(frozen=True)
class TakenBack:
    """A roster change taken back (`undo` when it was the last record): the file as read
    under the lock and as saved, and the change."""

    before: Session
    after: Session
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class PenaltyTakenBack:
    """A penalty taken back (`undo` when it was the last record)."""

    before: Session
    after: Session
    penalty: Penalty


def remove_deal(
    path: Path, n: int | None, notes: list[str], *, shown: Deal | None = None
) -> Removed:
    """Remove deal `n` (None: the last) from the file, read again under the lock; the
    problems are located in the file. With `shown` (the deal the table was shown and asked
    about, as the last deal `n`), it is removed only if the file's last deal is still that
    one: another scorepad may have recorded or changed one meanwhile, and then nothing is."""

    def remove(now: Session) -> tuple[Session, Removed]:
        number = len(now.deals) if n is None else n
        if shown is not None and (len(now.deals) != number or now.deals[-1] != shown):
            raise ScorepadError.at(
                path, _("the last deal was changed by another scorepad: nothing undone")
            )
        removed = _without(path, now, number)
        return removed.after, removed

    return under_lock(path, remove, notes)[2]


def undo_last(path: Path, notes: list[str]) -> Removed | TakenBack | PenaltyTakenBack:
    """`undo`: the last record taken back, read under the lock: the penalty recorded after
    the last deal (`penalties.last`), else the roster change recorded after it
    (`roster.last_change`), else the last deal."""

    def undo(now: Session) -> tuple[Session, Removed | TakenBack | PenaltyTakenBack]:
        changes = roster.last_change(now)
        penalty = penalties.last(now)
        done: Removed | TakenBack | PenaltyTakenBack
        if penalty is not None:
            done = PenaltyTakenBack(now, penalties.take_back(now), penalty)
        elif changes:
            done = TakenBack(now, roster.take_back(now), changes)
        else:
            done = _without(path, now, len(now.deals))
        return done.after, done

    return under_lock(path, undo, notes)[2]


def take_back(path: Path, notes: list[str], shown: tuple[Change, ...]) -> TakenBack:
    """The roster change `shown` (the table was asked about it) taken back, if it is still
    the file's last record (read under the lock); else nothing is, and that is said."""
    return _back_if_last(
        path,
        notes,
        lambda now: roster.last_change(now) == shown,
        lambda now: TakenBack(now, roster.take_back(now), shown),
    )


def take_back_penalty(path: Path, notes: list[str], shown: Penalty) -> PenaltyTakenBack:
    """The penalty `shown`, taken back as `take_back` takes back a roster change."""
    return _back_if_last(
        path,
        notes,
        lambda now: penalties.last(now) == shown,
        lambda now: PenaltyTakenBack(now, penalties.take_back(now), shown),
    )


B = TypeVar("B", "TakenBack", "PenaltyTakenBack")  # a record taken back


def _back_if_last(
    path: Path,
    notes: list[str],
    still_last: Callable[[Session], bool],
    back: Callable[[Session], B],
) -> B:
    """`back` done on the file read under the lock, if what the table was shown is
    `still_last` there; else nothing is, and that is said."""

    def attempt(now: Session) -> tuple[Session, B]:
        if not still_last(now):
            raise ScorepadError.at(
                path, _("the last record was changed by another scorepad: nothing undone")
            )
        taken = back(now)
        return taken.after, taken

    return under_lock(path, attempt, notes)[2]


def _without(path: Path, now: Session, number: int) -> Removed:
    """Deal `number` removed from the session as read under the lock, checked."""
    try:
        updated, deal = core.remove_deal(now, number)
        core.check_session(updated)
    except ScorepadError as err:
        raise err.located(str(path)) from None
    return Removed(now, updated, number, deal)


def removed_line(removed: Removed) -> str:
    """ "removed deal 4 (dealt by Anna): garde Bruno, made; Anna −62 …", in the language."""
    session, deal = removed.before, removed.deal
    outcome = scores.score(session, deal, removed.n)
    what = what_happened(get_variant(session.variant), deal, outcome)
    return _("removed deal {number} (dealt by {dealer}): {what}; {scores}").format(
        number=removed.n, dealer=deal.dealer, what=what, scores=scores_line(outcome.scores)
    )


def taken_back_line(taken: TakenBack) -> str:
    """ "took back the roster change: Elsa joins from deal 7", in the language."""
    return _("took back the roster change: {change}").format(change=roster.said(taken.changes))


def penalty_back_line(taken: PenaltyTakenBack) -> str:
    """ "took back the penalty: Bruno pays 10 to each of Anna, Chloé, Daisuke (−30)"."""
    return _("took back the penalty: {what}").format(
        what=penalties.said(taken.before, taken.penalty)
    )
