"""An evening in one command: deal after deal, with the table's one-key commands between.

`scorepad play FILE` asks for one deal after another through guided entry, saves each one
(under the lock, as `deal` does), and after each says the deal's scores, the standings in a
line and who deals next. Between deals: u undo, e N edit, s standings, h history, c chart,
q quit, ? help. Without a terminal it reads deals line by line in `deal`'s option syntax.

Reading and writing the terminal go through the `ask` and `say` callables the command line
passes in; the file goes through storage, the rules through core.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from scorepad import core, report, storage
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.guided import NO, YES, Back, DealEntry, yes_no
from scorepad.model import Deal, Session
from scorepad.text import plural, scores_line, signed
from scorepad.variants import get_variant, match_over

Ask = Callable[[str], str]
Say = Callable[[str], None]
ParseLine = Callable[[list[str]], dict[str, Any]]

HELP = """between deals:
  Enter  enter the next deal            s  standings
  u      undo the last deal             h  history
  e N    edit deal N                    c  chart
  q      leave (Ctrl-C or Ctrl-D too)   ?  this help
inside a deal:
  < goes back one answer; ? at a question lists its answers; Ctrl-C drops the deal;
  n at "Save?" offers to change one answer, keeping the others"""


def compact_standings(session: Session) -> str:
    """The standings in one line: every player's total, best first."""
    rows = core.standings([session])
    return " · ".join(f"{r.rank}. {r.name} {signed(r.total)}" for r in rows)


def same_as_last(session: Session, new: Deal) -> int | None:
    """The number of the last deal when `new` is the very same deal again (the dealer
    aside): a double Enter, a line typed twice."""
    if not session.deals:
        return None
    last = session.deals[-1]
    return len(session.deals) if new.entry == last.entry and new.note == last.note else None


class Evening:
    def __init__(self, path: Path, ask: Ask, say: Say, notes: list[str], saved: list[str],
                 fit: Callable[[], int | None] = lambda: None) -> None:  # fmt: skip
        self.path = path
        self.fit = fit  # the terminal's width, asked when printing (it may change)
        self.ask = ask
        self.say = say
        self.notes = notes
        self.saved = saved  # what was saved, for the command line's failure messages

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        session = storage.load(self.path)
        variant = get_variant(session.variant)
        self.say(f"{self.path}: {variant.title}, {plural(len(session.deals), 'deal')} so far; "
                 f"{', '.join(session.players)}. ? for help, q to leave.")
        while True:
            session = storage.load(self.path)  # another scorepad may have recorded meanwhile
            n = len(session.deals) + 1
            over = match_over(session)
            where = f"deal {n}, {session.next_dealer()} deals"
            if over:
                where = f"{over}; Enter plays on with deal {n}"
            try:
                command = self.ask(f"{where} — Enter, or u e s h c q ?: ").strip()
            except (KeyboardInterrupt, EOFError):
                self.say("")
                return
            if command in ("q", "quit", "exit"):
                return
            try:
                if command == "":
                    self.one_deal(session)
                else:
                    self.command(session, command)
            except EOFError:
                self.say("\n  the input ended: that deal was dropped, nothing of it saved")
                return
            except KeyboardInterrupt:  # that deal only; Ctrl-C at the next prompt leaves
                self.say("\n  deal dropped; nothing was saved (Ctrl-C again or q leaves)")
            except ScorepadError as err:
                for problem in err.problems:
                    self.say(f"  ✗ {problem}")

    def command(self, session: Session, command: str) -> None:
        word, _, rest = command.partition(" ")
        word = word.lower()
        if word in ("?", "help"):
            self.say(HELP)
        elif word in ("s", "standings"):
            rows = core.standings([session])
            self.say(report.standings_table(session.variant, rows, fit=self.fit()))
        elif word in ("h", "history"):
            if not session.deals:
                self.say("  no deals yet")
                return
            for line in report.history_lines(session, fit=self.fit()):
                self.say(line)
        elif word in ("c", "chart"):
            if not session.deals:
                self.say("  no deals yet: nothing to draw")
                return
            self.say(report.chart(session, fit=self.fit()))
        elif word in ("u", "undo"):
            self.undo(session)
        elif word in ("e", "edit") or (word[:1] == "e" and word[1:].isdigit()):
            number = (rest or word[1:]).strip()
            if not (number.isascii() and number.isdigit()):
                self.say("  ✗ e N edits deal N (e.g. e 3)")
                return
            self.edit(session, int(number))
        else:
            self.say(f"  ✗ {command!r} is not a command: Enter enters a deal; ? lists them")

    # --- one deal ----------------------------------------------------------------------------

    def one_deal(self, session: Session) -> None:
        play_on = match_over(session) is not None
        entry = DealEntry(session, self.ask, self.say, ask_dealer=False)
        confirmed = confirm_deal(session, entry, entry.run({}), self.ask, self.say,
                                 play_on=play_on)  # fmt: skip
        if confirmed is None:
            self.say("  deal dropped; nothing was saved")
            return
        raw = confirmed
        before, updated = storage.update(
            self.path, lambda now: core.add_deal(now, raw, play_on=play_on), self.notes)
        n = len(updated.deals)
        self.saved.append(f"deal {n}")
        self.after_saving(before, updated)

    def after_saving(self, before: Session, updated: Session) -> None:
        n = len(updated.deals)
        deal = updated.deals[-1]
        outcome = core.score(updated, deal)
        self.say(f"saved deal {n}: {scores_line(outcome.scores)}")
        self.say(f"  {compact_standings(updated)} — next dealer: {updated.next_dealer()}")
        over = match_over(updated)
        if over and not match_over(before):
            self.say(over)

    # --- between deals -----------------------------------------------------------------------

    def undo(self, session: Session) -> None:
        if not session.deals:
            self.say("  no deals to undo")
            return
        n = len(session.deals)
        last = session.deals[-1]
        self.say(report.explain_deal(session, n, last, core.score(session, last)))
        if not yes_no(self.ask, self.say, f"Undo deal {n}?", default=False):
            self.say("  kept")
            return

        def remove(now: Session) -> Session:
            if len(now.deals) != n or now.deals[-1] != last:
                raise ScorepadError([Problem(str(self.path), "the last deal was changed by "
                                                             "another scorepad: nothing undone")])
            return core.remove_deal(now, n)[0]

        _, updated = storage.update(self.path, remove, self.notes)
        self.saved.append(f"the removal of deal {n}")
        self.say(f"removed deal {n}; next dealer: {updated.next_dealer()}")

    def edit(self, session: Session, n: int) -> None:
        old = core.deal_at(session, n)
        self.say(f"deal {n}, old answers in brackets (Enter keeps one; Ctrl-C changes nothing)")
        fields = DealEntry(session, self.ask, self.say,
                           defaults=core.deal_fields(session, old)).run({})  # fmt: skip
        updated = core.replace_deal(session, n, fields)
        self.say(report.edit_lines(session, updated, n))
        if not yes_no(self.ask, self.say, f"Save the new deal {n}?", default=True):
            self.say("  not saved")
            return
        new = updated.deals[n - 1]
        _, saved = storage.update(self.path, lambda now: core.put_deal(now, n, old, new),
                                  self.notes)  # fmt: skip
        self.saved.append(f"the edit of deal {n}")
        self.say(f"saved the new deal {n}")
        self.say(f"  {compact_standings(saved)} — next dealer: {saved.next_dealer()}")


def confirm_deal(session: Session, entry: DealEntry, raw: dict[str, Any], ask: Ask, say: Say,
                 *, play_on: bool = False, where: str = "") -> dict[str, Any] | None:
    """Show the deal and ask "Save deal N?": yes gives the deal's fields; `<` goes back one
    answer; no offers to change one answer (the others kept), or to drop the deal (None).
    A deal the same as the last one is asked about first."""
    while True:
        try:
            updated = core.add_deal(session, raw, play_on=play_on)
        except ScorepadError as err:
            for problem in err.problems:
                say(f"  ✗ {problem.what}")
            raw = entry.back()
            continue
        n = len(updated.deals)
        deal: Deal = updated.deals[-1]
        say(report.explain_deal(updated, n, deal, core.score(updated, deal)))
        same = same_as_last(session, deal)
        try:
            if same is not None and not yes_no(ask, say, f"Same as deal {same} — record it "
                                                         "again?", default=False):
                return None
            answer = ask(f"Save deal {n}? [Y/n]: ").strip().lower()
            if answer == "<":
                raw = entry.back()
                continue
            if answer in ("", *YES):
                return raw
            if answer not in NO:
                say("  ✗ answer y, n, or < to go back one answer")
                continue
            changed = _change(entry, ask, say)
            if changed is None:
                return None
            raw = changed
        except Back:
            raw = entry.back()


def _change(entry: DealEntry, ask: Ask, say: Say) -> dict[str, Any] | None:
    """"Change which answer?": that answer asked again, the others kept; Enter: none."""
    keys = entry.answers()
    labels = {k.replace("_", " "): k for k in keys}
    while True:
        answer = ask(f"Change which answer? ({', '.join(labels)}; Enter: drop the deal): ")
        word = answer.strip().lower()
        if not word:
            return None
        if word == "<":
            return entry.back()
        found = [label for label in labels if label == word] or \
            [label for label in labels if label.startswith(word)]
        if len(found) == 1:
            return entry.change(labels[found[0]])
        say(f"  ✗ one of: {', '.join(labels)}")


# --- deals from a text file -------------------------------------------------------------------

def from_lines(path: Path, lines: Iterable[str], parse: ParseLine, say: Say,
               notes: list[str], saved: list[str], source: str = "stdin") -> None:
    """Record the deals of `lines`, one per line in `deal`'s options (blank lines and
    # comments skipped): all of them, or none when any line is wrong."""
    session = storage.load(path)
    wanted: list[tuple[int, dict[str, Any]]] = []
    problems: list[Problem] = []
    trial = session
    for number, line in enumerate(lines, 1):
        if len(problems) >= MAX_PROBLEMS - 1:  # as in a file: reading stops there
            problems.append(Problem(f"{source} line {number}", "reading stopped here"))
            break
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        where = f"{source} line {number}"
        try:
            raw = parse(shlex.split(text))
            trial = core.add_deal(trial, raw, play_on=True)
        except ValueError as err:  # shlex: an unclosed quote
            problems.append(Problem(where, f"cannot split the line: {err}"))
            continue
        except ScorepadError as err:
            problems.extend(err.located(where).problems)
            continue
        wanted.append((number, raw))
    if problems:
        raise ScorepadError(problems).located(str(path))
    if not wanted:
        say("no deals in the input; nothing recorded")
        return

    def add_all(now: Session) -> Session:
        for _, raw in wanted:
            now = core.add_deal(now, raw, play_on=True)
        return now

    before, updated = storage.update(path, add_all, notes)
    first = len(before.deals) + 1
    saved.append(f"deals {first}–{len(updated.deals)}")
    for n in range(first, len(updated.deals) + 1):
        deal = updated.deals[n - 1]
        outcome = core.score(updated, deal)
        what = get_variant(updated.variant).describe(deal.entry)
        say(f"deal {n} ({deal.dealer}): {what}, {outcome.result}; {scores_line(outcome.scores)}")
    say(f"recorded {plural(len(wanted), 'deal')}; {compact_standings(updated)} — next dealer: "
        f"{updated.next_dealer()}")
