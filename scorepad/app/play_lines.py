"""`scorepad play` without a terminal: deals read line by line in `deal`'s option syntax,
recorded all together or none; and the standings in one line, said after each save."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from scorepad import core, storage
from scorepad.app.asking import Say
from scorepad.app.record import same_as_last, under_lock
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.ranking import standings
from scorepad.render.deals import what_happened
from scorepad.text import plural, scores_line, signed
from scorepad.variants import get_variant

#: a line's words (split as a shell does) to a deal's raw fields
ParseLine = Callable[[list[str]], dict[str, Any]]


def compact_standings(session: Session) -> str:
    """The standings in one line: every player's total, best first."""
    return " · ".join(f"{r.rank}. {r.name} {signed(r.total)}" for r in standings([session]))


def from_lines(
    path: Path,
    lines: Iterable[str],
    parse: ParseLine,
    say: Say,
    notes: list[str],
    saved: list[str],
    source: str = "stdin",
) -> None:
    """Record the deals of `lines`, one per line in `deal`'s options (blank lines and
    # comments skipped): all of them, or none when any line is wrong. The lines are read in
    full first; each is then checked and scored once against the file as read under the lock."""
    texts = [line.strip() for line in lines]
    if not any(text and not text.startswith("#") for text in texts):
        storage.load(path)  # a file that cannot be read is said all the same
        say(_("no deals in the input; nothing recorded"))
        return

    def add_all(now: Session) -> tuple[Session, list[core.Entered]]:
        problems: list[Problem] = []
        entered: list[core.Entered] = []
        for number, text in enumerate(texts, 1):
            where = _("{source} line {n}").format(source=source, n=number)
            if len(problems) >= MAX_PROBLEMS - 1:  # as in a file: reading stops there
                problems.append(Problem(where, _("reading stopped here")))
                break
            if not text or text.startswith("#"):
                continue
            try:
                deal = core.enter_deal(now, parse(shlex.split(text)), play_on=True)
            except ValueError as err:  # shlex: an unclosed quote
                problems.append(Problem(where, _("cannot split the line: {why}").format(why=err)))
                continue
            except ScorepadError as err:
                problems.extend(err.located(where).problems)
                continue
            same = same_as_last(now, deal.deal)
            if same is not None:
                notes.append(
                    _("{where}: the same deal as deal {n}, saved again (undo removes it)").format(
                        where=where, n=same
                    )
                )
            entered.append(deal)
            now = deal.session
        if problems:
            raise ScorepadError(problems).located(str(path))
        return now, entered

    before, updated, entered = under_lock(path, add_all, notes)
    first = len(before.deals) + 1
    saved.append(f"deals {first}–{len(updated.deals)}")
    variant = get_variant(updated.variant)
    for deal in entered:
        say(
            _("deal {n} ({dealer}): {what}; {scores}").format(
                n=deal.n,
                dealer=deal.deal.dealer,
                what=what_happened(variant, deal.deal, deal.outcome),
                scores=scores_line(deal.outcome.scores),
            )
        )
    say(
        _("recorded {deals}; {standings} — next dealer: {dealer}").format(
            deals=plural(len(entered), "deal"),
            standings=compact_standings(updated),
            dealer=updated.next_dealer(),
        )
    )
