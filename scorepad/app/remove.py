"""Removing a deal from a session file: the one way `undo`, `delete` and `play`'s `u` do it.

The file is read under the lock, the deal removed, the session checked and saved; the line
that says what was removed is in the language (its result too: "misère", not "misere")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scorepad import core, scores, storage
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Session


@dataclass(frozen=True)
class Removed:
    """What a removal did: the file as read under the lock and as saved, and the deal removed
    with the number it had."""

    before: Session
    after: Session
    n: int
    deal: Deal


def remove_deal(
    path: Path, n: int | None, notes: list[str], *, shown: Deal | None = None
) -> Removed:
    """Remove deal `n` (None: the last) from the file, read again under the lock; the
    problems are located in the file. With `shown` (the deal the table was shown and asked
    about, as the last deal `n`), it is removed only if the file's last deal is still that
    one: another scorepad may have recorded or changed one meanwhile, and then nothing is."""
    removed: list[tuple[int, Deal]] = []

    def remove(now: Session) -> Session:
        number = len(now.deals) if n is None else n
        if shown is not None and (len(now.deals) != number or now.deals[-1] != shown):
            raise ScorepadError(
                [
                    Problem(
                        str(path),
                        _("the last deal was changed by another scorepad: nothing undone"),
                    )
                ]
            )
        try:
            updated, deal = core.remove_deal(now, number)
            core.check_session(updated)
        except ScorepadError as err:
            raise err.located(str(path)) from None
        removed.append((number, deal))
        return updated

    before, after = storage.update(path, remove, notes)
    [(number, deal)] = removed
    return Removed(before, after, number, deal)


def removed_line(removed: Removed) -> str:
    """ "removed deal 4 (dealt by Anna): garde Bruno, made; Anna −62 …", in the language."""
    from scorepad.render.deals import result_name
    from scorepad.text import scores_line
    from scorepad.variants import get_variant

    session, deal = removed.before, removed.deal
    outcome = scores.score(session, deal, removed.n)
    return _("removed deal {number} (dealt by {dealer}): {what}, {result}; {scores}").format(
        number=removed.n,
        dealer=deal.dealer,
        what=get_variant(session.variant).describe(deal.entry),
        result=result_name(outcome.result),
        scores=scores_line(outcome.scores),
    )
