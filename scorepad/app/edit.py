"""Editing a deal in a session file: changes applied to the file as read under the lock
(`save_changes`), or an edit shown at the table and saved if the file is still what it was
read as (`save_edit`, the compare-and-swap of `app.record`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from scorepad import core
from scorepad.app.guided import DealEntry
from scorepad.app.guided_deal import confirm_edit
from scorepad.app.record import Moved, under_lock, what_changed
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session


def save_edit(
    path: Path,
    n: int,
    entry: DealEntry,
    fields: dict[str, Any],
    read_as: Session,
    notes: list[str],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    *,
    moved: Callable[[str], str] = lambda what: what,
) -> tuple[Session, Session] | None:
    """Deal n entered anew from `fields` (the answers of `entry`), shown with every player's
    score before and after and confirmed as a new deal is (`confirm_edit`: `<` back one
    answer, `n` another answer), and saved if the file is still as it was read (`read_as`;
    read again under the lock). When another scorepad changed it meanwhile, what changed is
    said (as `moved` words it) and the edit shown again against the file as it is now; a deal
    n no longer the one edited is refused. Returns the file as read and as saved; None: the
    table kept the old deal."""
    while True:
        confirmed = confirm_edit(read_as, n, entry, fields, ask, say)
        if confirmed is None:
            return None
        fields, edited = confirmed
        put = functools.partial(_put_edit, read_as=read_as, edited=edited, path=path)
        before, after, happened = under_lock(path, put, notes)
        if happened is None:
            return before, after
        say(moved(happened.what))
        read_as = happened.now


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


def _put_edit(
    now: Session, *, read_as: Session, edited: core.Entered, path: Path
) -> tuple[Session, Moved | None]:
    """`save_edit` under the lock: the edit saved when the file is as it was read; shown again
    when only other deals changed; refused when deal n itself changed."""
    what = what_changed(read_as, now)
    if what is None:
        return edited.session, None
    n = edited.n
    if len(now.deals) >= n and now.deals[n - 1] == read_as.deals[n - 1]:
        return now, Moved(now, what)  # deal n as it was: shown again on the new file
    raise ScorepadError(
        [
            Problem(
                "",
                _(
                    "deal {n} was changed by another scorepad meanwhile; "
                    "nothing was saved: run edit again"
                ).format(n=n),
            )
        ]
    ).located(str(path))
