"""Editing a deal in a session file: changes applied to the file as read under the lock
(`save_changes`; an edit shown at the table is `guided_deal.save_edit`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from scorepad import core
from scorepad.app.record import under_lock
from scorepad.errors import ScorepadError
from scorepad.model import Session


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
