"""The one error type of scorepad: a list of problems, each saying where and what."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: What one bad file or command may print: the first problems, then a count.
MAX_PROBLEMS = 20


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where it is (file, deal, field) and what was expected."""

    where: str
    what: str
    field: str | None = None  # the entry field it is about, when there is one
    asked: str | None = None  # the same said at the table: naming a question, not an option

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


class ScorepadError(Exception):
    """Raised with every problem found, so the user sees all mistakes at once."""

    def __init__(self, problems: Iterable[Problem | str], missing: Iterable[str] = ()) -> None:
        self.problems = tuple(p if isinstance(p, Problem) else Problem("", p) for p in problems)
        self.missing = tuple(missing)  # keys of entry fields still to be given, in table order
        super().__init__("; ".join(str(p) for p in self.problems[:MAX_PROBLEMS]))

    @classmethod
    def at(cls, where: object, what: str, field: str | None = None) -> ScorepadError:
        """The error of one problem: where it is (a file, an option, a deal: anything with a
        str) and what was expected. `raise ScorepadError.at(path, _("…"))`."""
        return cls([Problem(str(where), what, field)])

    def located(self, where: str) -> ScorepadError:
        """The same problems with `where` put in front (e.g. the file name)."""
        return ScorepadError(
            (
                Problem(f"{where}: {p.where}" if p.where else where, p.what, p.field, p.asked)
                for p in self.problems
            ),
            self.missing,
        )
