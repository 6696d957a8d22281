"""A deal shown before it is saved: "Save deal N?", with `<` back one answer and `n` to change
one answer (the others kept). `GuidedDeal` is `scorepad deal` on a terminal; `play` confirms
each of its deals the same way (`confirm_deal`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from scorepad import core
from scorepad.app.asking import NO, YES, Ask, Back, Say, at_the_table, yes_no
from scorepad.app.guided import DealEntry
from scorepad.app.record import Moved, same_as_last, under_lock, what_changed
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.render.deals import edit_lines, explain_deal
from scorepad.text import typed

T = TypeVar("T")


def confirm_deal(
    session: Session,
    entry: DealEntry,
    raw: dict[str, Any],
    ask: Ask,
    say: Say,
    *,
    play_on: bool = False,
) -> tuple[dict[str, Any], core.Entered] | None:
    """Show the deal and ask "Save deal N?": yes gives the deal's fields and the deal they
    give (checked and scored: `record.record_shown` saves it as shown); `<` goes back one
    answer; no offers to change one answer (the others kept), or to drop the deal (None).
    A deal the same as the last one is pointed out first (Enter still saves it)."""

    def shown(raw: dict[str, Any]) -> tuple[str, core.Entered]:
        entered = core.enter_deal(session, raw, play_on=play_on)
        text = explain_deal(entered.session, entered.n, entered.deal, entered.outcome)
        same = same_as_last(session, entered.deal)
        if same is not None:  # said, not asked: Enter still saves, as everywhere
            text += "\n" + _(
                "  note: the same as deal {n}; Enter saves it again, n changes or drops it"
            ).format(n=same)
        return text, entered

    question = _("Save deal {n}?").format(n=len(session.deals) + 1)
    return _confirm(entry, raw, ask, say, shown, question, _("drop the deal"))


def confirm_edit(
    session: Session, n: int, entry: DealEntry, raw: dict[str, Any], ask: Ask, say: Say
) -> tuple[dict[str, Any], core.Entered] | None:
    """Deal n before and after, and "Save the new deal N?", as a new deal is confirmed:
    `<` goes back one answer, no offers to change one answer or to keep the deal as it was
    (None)."""

    def shown(raw: dict[str, Any]) -> tuple[str, core.Entered]:
        edited = core.replace_deal(session, n, raw)
        return edit_lines(session, edited), edited

    question = _("Save the new deal {n}?").format(n=n)
    return _confirm(entry, raw, ask, say, shown, question, _("keep the deal as it was"))


def _confirm(
    entry: DealEntry,
    raw: dict[str, Any],
    ask: Ask,
    say: Say,
    shown: Callable[[dict[str, Any]], tuple[str, T]],
    question: str,
    enter: str,
) -> tuple[dict[str, Any], T] | None:
    """`shown(raw)`'s text said, then `question` asked until the answers are confirmed (the
    fields, with what `shown` gave for them) or given up (None: Enter at "Change which
    answer?", which `enter` names)."""
    while True:
        try:
            text, value = shown(raw)
        except ScorepadError as err:
            for problem in err.problems:
                say(f"  ✗ {at_the_table(problem.asked or problem.what)}")
            if entry.steps:
                raw = entry.back()  # the last answer asked again
                continue
            changed = change_answer(entry, ask, say, enter)  # nothing to go back to
            if changed is None:
                return None
            raw = changed
            continue
        say(text)
        try:
            answer = typed(ask(f"{question} [Y/n]: ")).lower()
            while answer not in ("<", "", *YES, *NO):
                if answer == "?":
                    say(
                        _(
                            "  answers: y (or Enter): save it; n: change one answer, or {enter}; "
                            "<: go back one answer"
                        ).format(enter=enter)
                    )
                else:
                    say(_("  ✗ answer y, n, or < to go back one answer"))
                answer = typed(ask(f"{question} [Y/n]: ")).lower()
            if answer == "<":
                raw = entry.back()
                continue
            if answer in ("", *YES):
                return raw, value
            changed = change_answer(entry, ask, say, enter)
            if changed is None:
                return None
            raw = changed
        except Back:
            raw = entry.back()


def edit_deal(
    path: Path,
    n: int,
    entry: DealEntry,
    read_as: Session,
    notes: list[str],
    ask: Ask,
    say: Say,
    *,
    key: str = "",
    moved: Callable[[str], str] = lambda what: what,
) -> tuple[Session, Session] | None:
    """Deal n of `read_as` asked anew in `entry` (made with the deal's old answers): the answer
    `key` only, the others kept, else every answer; confirmed as a new deal is
    (`confirm_edit`), and saved if the file is still as it was read. When another scorepad
    changed it meanwhile, what changed is said (as `moved` words it) and the edit shown again;
    a deal n no longer the one edited is refused. Returns the file as read and as saved; None:
    the table kept the old deal."""
    fields = entry.change_one(key) if key else entry.run({})
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


def change_answer(entry: DealEntry, ask: Ask, say: Say, enter: str) -> dict[str, Any] | None:
    """ "Change which answer?": that answer asked again, the others kept; Enter: none (what
    `enter` says: drop the deal, keep it as it was)."""
    labels = {entry.label(k): k for k in entry.answers()}
    while True:
        answer = ask(
            _("Change which answer? ({answers}; Enter: {enter}): ").format(
                answers=_(", ").join(labels), enter=enter
            )
        )
        word = typed(answer).lower()
        if not word:
            return None
        if word == "<":
            return entry.back()
        if word == "?":
            say(
                _(
                    "  answers: {answers} (or any unique beginning); Enter: {enter}; "
                    "<: go back one answer"
                ).format(answers=_(", ").join(labels), enter=enter)
            )
            continue
        key = pick_answer(labels, word)
        if key is not None:
            return entry.change(key)
        say(_("  ✗ one of: {answers}").format(answers=_(", ").join(labels)))


def pick_answer(labels: dict[str, str], word: str) -> str | None:
    """The answer's key that `word` names: exactly, or by a unique beginning."""
    found = [label for label in labels if label == word] or [
        label for label in labels if label.startswith(word)
    ]
    return labels[found[0]] if len(found) == 1 else None


class GuidedDeal:
    """`scorepad deal` on a terminal: what the file refused is asked for in guided entry and
    the deal shown before it is saved; a deal the same as the last is asked about."""

    def __init__(self, file: Path, ask: Ask, say: Say, *, play_on: bool = False) -> None:
        self.file, self.ask, self.say, self.play_on = file, ask, say, play_on

    def mend(
        self, session: Session, raw: dict[str, Any]
    ) -> tuple[dict[str, Any], core.Entered] | None:
        """What the file refused, asked for in guided entry and shown: the fields and the
        deal they give, or None."""
        where = _("{file}: deal {x}").format(file=self.file, x=len(session.deals) + 1)
        entry = DealEntry(session, self.ask, self.say)
        try:
            raw = entry.run(raw, announce=where)
        except ScorepadError as foreign:
            raise foreign.located(where) from None
        return confirm_deal(session, entry, raw, self.ask, self.say, play_on=self.play_on)

    def changed(self, what: str) -> None:
        """The file changed while the deal was being confirmed: say how."""
        self.say(_("{file}: {what}").format(file=self.file, what=what))

    def again(self, n: int) -> bool:
        """The deal is the same as deal n: record it again? (Enter: yes)"""
        return yes_no(
            self.ask,
            self.say,
            _("{file}: the same as deal {n} — record it again?").format(file=self.file, n=n),
            default=True,
        )


def _put_edit(
    now: Session, *, read_as: Session, edited: core.Entered, path: Path
) -> tuple[Session, Moved | None]:
    """`edit_deal` under the lock: the edit saved when the file is as it was read; shown again
    when only other deals changed; refused when deal n itself changed."""
    what = what_changed(read_as, now)
    if what is None:
        return edited.session, None
    n = edited.n
    if len(now.deals) >= n and now.deals[n - 1] == read_as.deals[n - 1]:
        return now, Moved(now, what)  # deal n as it was: shown again on the new file
    raise ScorepadError.at(
        path,
        _(
            "deal {n} was changed by another scorepad meanwhile; nothing was saved: run edit again"
        ).format(n=n),
    )
