"""What every question at the table shares: the words for yes, no and none, `<` to go back
(`Back`), a yes/no question, and a problem said in the questions' words."""

from __future__ import annotations

import re
from collections.abc import Callable

from scorepad.errors import Problem
from scorepad.i18n import _
from scorepad.text import typed

Ask = Callable[[str], str]
Say = Callable[[str], None]
NONE_WORDS = ("", "-", "none", "no", "n", "なし", "無し", "いいえ")
YES = ("y", "yes", "o", "oui", "j", "ja", "はい", "うん", "ええ")
NO = ("n", "no", "non", "nein", "いいえ", "いや", "ううん")
ALONE = ("alone", "ひとり", "一人", "単独")


_OPTION = re.compile(r"(?<![\w-])--([a-z][a-z-]*)")


def at_the_table(problem: Problem | str, *, where: bool = False) -> str:
    """A problem as said at the table, in its questions' words, never an option's (`--seats:
    …` is `seats: …`; "a pass deal has no --points" is "… no points"). `where`: the place
    said too (a file, a deal)."""
    if isinstance(problem, Problem):
        if problem.asked:
            return problem.asked
        # the place said, but never an option's value (NAME, NEW: `r OLD NEW`'s words)
        place = ": ".join(p for p in problem.where.split(": ") if not p.isupper()) if where else ""
        problem = f"{place}: {problem.what}" if place else problem.what
    return _OPTION.sub(lambda m: m.group(1), problem)


class Back(Exception):
    """'<' was typed: go back to the answer before."""


def yes_no(ask: Ask, say: Say, question: str, *, default: bool) -> bool:
    """A yes/no question; Enter takes `default`."""
    hint = "[Y/n]" if default else "[y/N]"
    while True:
        answer = typed(ask(f"{question} {hint}: ")).lower()
        if not answer:
            return default
        if answer in YES:
            return True
        if answer in NO:
            return False
        if answer == "?":
            say(_("  answers: y (yes) or n (no); Enter takes the capital one"))
            continue
        say(_("  ✗ answer y or n"))
