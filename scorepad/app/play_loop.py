"""`scorepad play FILE`: one deal after another through guided entry, each saved at once (as
`deal` saves), then its scores, the standings in a line and who deals next; between deals, the
table's one-key commands (`HELP`)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

from scorepad import core, penalties, roster, scores, storage
from scorepad.app.asking import Ask, Say, at_the_table, yes_no
from scorepad.app.guided import DealEntry
from scorepad.app.guided_deal import confirm_deal, edit_deal, pick_answer
from scorepad.app.play_lines import compact_standings
from scorepad.app.record import Recorded, record_shown, under_lock
from scorepad.app.remove import remove_deal, take_back, take_back_penalty, taken_back_line
from scorepad.app.rename import rename_files
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Session
from scorepad.ranking import standings
from scorepad.render.chart import chart
from scorepad.render.deals import explain_deal, history_lines, next_deal_line
from scorepad.render.standings import standings_grid
from scorepad.text import plural, scores_line, shown, typed, width
from scorepad.variants import get_variant

HELP = N_("""between deals:
  Enter  enter the next deal            s  standings
  u      undo the last record           h  history
  e N    edit deal N                    c  chart
  q      leave (Ctrl-C or Ctrl-D too)   ?  this help
  j NAME [after PLAYER] [seats N]  someone arrives (from the next deal)
  l NAME [seats N]                 someone leaves (from the next deal)
  r OLD NEW                        rename someone, in every deal ("quotes" around spaces)
  penalty NAME POINTS [alone]      NAME pays POINTS to each other player (alone: loses them)
  anything else starts the next deal as its first answer (a contract or bid: g, tapp)
inside a deal:
  < goes back one answer; ? at a question lists its answers; Ctrl-C or Ctrl-D drops
  the deal; n at "Save?" offers to change one answer, keeping the others""")

#: the commands between deals, by name and letter; anything else typed there starts a deal
COMMANDS = {
    "help": "?",
    "standings": "s",
    "history": "h",
    "chart": "c",
    "undo": "u",
    "join": "j",
    "leave": "l",
    "rename": "r",
    "edit": "e",
    "penalty": "penalty",  # a word, not a letter: p is the petite
}


_ONE_LETTER = re.compile(r"(?<!\S)(\S) (?=\S)")  # a one-character word and the next
_BEFORE_MARK = re.compile(r" (?=\?(?:\s|:|$))")  # the space before a `?` standing alone


def _standings_line(session: Session) -> str:
    """The standings in a line and who deals next, said after each save."""
    return _("  {standings} — next dealer: {dealer}").format(
        standings=compact_standings(session), dealer=session.next_dealer()
    )


class PlayLoop:
    """`scorepad play` on a terminal: the loop between deals and its one-key commands; each
    deal asked through guided entry and saved at once."""

    def __init__(
        self,
        path: Path,
        ask: Ask,
        say: Say,
        notes: list[str],
        saved: list[str],
        fit: Callable[[], int | None] = lambda: None,
    ) -> None:
        self.path = path
        self.fit = fit  # the terminal's width, asked when printing (it may change)
        self.ask = ask
        self.say = say
        self.notes = notes
        self.saved = saved  # what was saved, for the command line's failure messages
        self.said_over = False  # the match's end was just said after a deal
        self.playing_on = False  # asked once, past the end of the match

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        """The evening, until q, Ctrl-C or Ctrl-D at the prompt between deals."""
        session = storage.load(self.path)
        variant = get_variant(session.variant)
        self.say(
            self.together(
                _("{file}: {game}, {deals} so far; {players}. ? for help, q to leave.").format(
                    file=self.path,
                    game=_(variant.title),
                    deals=plural(len(session.deals), "deal"),
                    players=_(", ").join(session.players),
                ),
                self.fit(),
            )
        )
        told = None  # the match's end, said once
        while True:
            session = storage.load(self.path)  # another scorepad may have recorded meanwhile
            n = len(session.deals) + 1
            over = scores.match_over(session)
            where = next_deal_line(session)
            if over and not self.playing_on:
                if over != told and not self.said_over:
                    self.say(over)
                told, self.said_over = over, False
                where = _("the match is over")
            prompt = _("{where} — Enter, or u e s h c q ?: ").format(where=where)
            fit = self.fit()  # the cursor takes one column
            try:
                command = typed(self.ask(self.together(prompt, None if fit is None else fit - 1)))
            except (KeyboardInterrupt, EOFError):
                self.say("")
                self.leave(storage.load(self.path))
                return
            session = storage.load(self.path)  # the file as it is now, whatever was asked
            if command.lower() in ("q", "quit", "exit"):
                self.leave(session)
                return
            word = command.partition(" ")[0].lower()
            deal = word not in (*COMMANDS, *COMMANDS.values()) and not (
                word[:1] == "e" and word[1:].isdigit()
            )
            if deal and over and not self.playing_on:
                if not self.play_on(n):
                    continue
                self.playing_on = True
            try:
                if deal:
                    self.one_deal(session, command)
                else:
                    self.command(session, command)
            except KeyboardInterrupt:  # that deal only; Ctrl-C at the next prompt leaves
                self.say(_("\n  deal dropped; nothing was saved (Ctrl-C again or q leaves)"))
            except EOFError:  # the same with Ctrl-D: the next one leaves
                self.say(_("\n  deal dropped; nothing was saved (Ctrl-D again or q leaves)"))
            except ScorepadError as err:
                for problem in err.problems:
                    self.say(f"  ✗ {at_the_table(problem, where=True)}")

    @staticmethod
    def together(text: str, fit: int | None) -> str:
        """`text`, when it is to be wrapped (wider than `fit`), with each one-letter word
        tied to the next, so that the one-key commands (`u e s h c q ?`, `? for help`) are
        never split over two lines nor `?` left alone on one."""
        if fit is None or width(text) <= fit:
            return text
        text = _BEFORE_MARK.sub("\u00a0", text)  # `?` never starts a line: it goes along
        return _ONE_LETTER.sub("\\1\u00a0", text)

    def play_on(self, n: int) -> bool:
        """Past the end of a match only when asked for: a reflexive Enter plays no deal."""
        try:
            return yes_no(
                self.ask, self.say, _("Play on with deal {n}?").format(n=n), default=False
            )
        except (KeyboardInterrupt, EOFError):
            return False

    def leave(self, session: Session) -> None:
        """The evening's standings, as the table leaves."""
        if session.deals:
            rows = standings([session])
            self.say(standings_grid(session.variant, rows, fit=self.fit()))

    def command(self, session: Session, command: str) -> None:
        """One command typed between deals (`s`, `h`, `u`, `e N`, …, `COMMANDS`)."""
        word, _sep, rest = command.partition(" ")
        word = COMMANDS.get(word.lower(), word.lower())
        if word == "?":
            self.say(_(HELP))
        elif word == "s":
            rows = standings([session])
            self.say(standings_grid(session.variant, rows, fit=self.fit()))
        elif word == "h":
            if not session.deals:
                self.say(_("  no deals yet"))
                return
            for line in history_lines(session, fit=self.fit()):
                self.say(line)
        elif word == "c":
            if not session.deals:
                self.say(_("  no deals yet: nothing to draw"))
                return
            self.say(chart(session, fit=self.fit()))
        elif word == "u":
            self.undo(session)
        elif word in ("j", "l"):
            self.roster_change(word[0] == "j", rest.strip())
        elif word == "r":
            self.rename(rest.strip())
        elif word == "penalty":
            self.penalty(rest.strip())
        else:  # e N, eN: an edit
            number, _sep, change = (
                (rest if word == "e" else f"{word[1:]} {rest}").strip().partition(" ")
            )
            if not (number.isascii() and number.isdigit()):
                self.say(_("  ✗ e N edits deal N (e.g. e 3, or e 3 points 47)"))
                return
            self.edit(session, int(number), change.strip())

    # --- one deal ----------------------------------------------------------------------------

    def one_deal(self, session: Session, first: str = "") -> None:
        """Enter: the next deal asked, shown, confirmed and saved (or dropped). `first`:
        typed between deals, the answer to its first question (a contract: `g`)."""
        play_on = scores.match_over(session) is not None
        typed_first = [first] if first else []

        def ask(prompt: str) -> str:
            if typed_first:
                self.say(prompt + typed_first[0])
                return typed_first.pop()
            return self.ask(prompt)

        entry = DealEntry(session, ask, self.say, ask_dealer=False)
        raw = entry.run({})
        while True:
            confirmed = confirm_deal(session, entry, raw, self.ask, self.say, play_on=play_on)
            if confirmed is None:
                self.say(_("  deal dropped; nothing was saved"))
                return
            # saved only if the file is still as it was read (and the deal shown for it)
            done = record_shown(self.path, confirmed[1], session)
            if isinstance(done, Recorded):
                break
            self.say("  " + done.what)
            session = done.now
            if scores.match_over(session) and not play_on:
                self.say(str(scores.match_over(session)))
                if not self.play_on(len(session.deals) + 1):
                    self.say(_("  deal dropped; nothing was saved"))
                    return
                play_on = self.playing_on = True
            if session.variant != entry.variant.name:  # another game: its own questions
                self.say(
                    _("  deal {n} of {game}, from its first question:").format(
                        n=len(session.deals) + 1, game=_(get_variant(session.variant).title)
                    )
                )
                entry = DealEntry(session, ask, self.say, ask_dealer=False)
                raw = entry.run({})
                continue
            self.say(_("  this deal is now deal {n}:").format(n=len(session.deals) + 1))
            raw = entry.moved(session)  # what no longer fits is asked again, the rest kept
        self.notes.extend(done.notes)
        self.saved.append(f"deal {done.n}")
        self.after_saving(done)

    def after_saving(self, done: Recorded) -> None:
        """A saved deal's scores, the standings in a line and the next dealer; the match's end."""
        updated, n = done.after, done.n
        self.say(_("saved deal {n}: {scores}").format(n=n, scores=scores_line(done.outcome.scores)))
        self.say(_standings_line(updated))
        if done.ended:
            self.say(done.ended)
            self.said_over = True
            if scores.length_played(updated):  # the table's planned length: where it stands
                self.say(standings_grid(updated.variant, standings([updated]), fit=self.fit()))

    # --- between deals -----------------------------------------------------------------------

    def roster_change(self, joining: bool, text: str) -> None:
        """`j NAME [after PLAYER] [seats N]`, `l NAME [seats N]`: from the next deal on. The
        words are split as a shell does: `j "Ha ns"` is Ha ns; each option at most once."""
        try:
            words = shlex.split(text)
        except ValueError as err:  # an unclosed quote
            raise ScorepadError.at("", _("cannot split the line: {why}").format(why=err)) from None
        keys = ("after", "seats") if joining else ("seats",)
        given: dict[str, str] = {}
        name_words = words[:1]  # the first word is the name's, whatever it is
        rest = iter(words[1:])
        for word in rest:
            key = word.lower()
            if key not in ("after", "seats"):
                name_words.append(word)
                continue
            if key not in keys:
                raise ScorepadError.at(
                    "", _("after PLAYER is for j (someone arriving): l NAME [seats N]")
                )
            value = next(rest, None)
            if value is None:
                raise ScorepadError.at("", _("{key} needs a value").format(key=key))
            if key in given:
                raise ScorepadError.at(
                    "",
                    _("{key} given twice ({first}, {second}): give it once").format(
                        key=key, first=given[key], second=value
                    ),
                )
            given[key] = value
        after = given.get("after")
        seats = None
        if "seats" in given:
            value = typed(given["seats"])
            if not (value.isascii() and value.isdigit() and len(value) <= 3):
                raise ScorepadError.at(
                    "",
                    _("seats needs a number of seats, not {value}").format(
                        value=shown(given["seats"])
                    ),
                )
            seats = int(value)
        name = " ".join(name_words)
        if not name:
            self.say(_("  ✗ j NAME adds someone from the next deal, l NAME takes them off"))
            return

        def change(now: Session) -> tuple[Session, roster.Changed]:
            changed = (
                roster.join(now, name, after=after, seats=seats)
                if joining
                else roster.leave(now, name, seats=seats)
            )
            return changed.session, changed

        changed = under_lock(self.path, change, self.notes)[2]
        self.saved.append("the roster change")
        said = _("{name} joins") if joining else _("{name} leaves")
        self.say("  " + said.format(name=changed.who) + " " + roster.describe(changed))

    def rename(self, text: str) -> None:
        """`r OLD NEW`: someone renamed in every deal, roster change and setting."""
        try:
            words = shlex.split(text)
        except ValueError:
            words = []
        if len(words) != 2:
            self.say(
                _('  ✗ r OLD NEW renames someone (r francois François; "quotes" around spaces)')
            )
            return
        try:
            [done] = rename_files([self.path], words[0], words[1], self.notes)
        except ScorepadError as err:  # in play's one file, said as the table typed it
            raise ScorepadError(Problem("", p.what) for p in err.problems) from None
        if done.changed:
            self.saved.append("the rename")
            self.say(_("  {old} is now {new}").format(old=done.old, new=done.new))
        else:
            self.say(_("  {new} is already so named").format(new=done.new))

    def penalty(self, text: str) -> None:
        """`penalty NAME POINTS [alone]`: recorded after the last deal, as `scorepad penalty`."""
        try:
            words = shlex.split(text)
        except ValueError:
            words = []
        alone = bool(words) and words[-1].lower() == "alone"
        words = words[:-1] if alone else words
        if len(words) < 2:
            self.say(_("  ✗ penalty NAME POINTS [alone] (e.g. penalty Bruno 10)"))
            return

        def add(now: Session) -> Session:
            try:
                return penalties.record(now, " ".join(words[:-1]), words[-1], alone, "")
            except ScorepadError as err:  # said as the table typed it
                raise ScorepadError(
                    Problem("", f"points: {p.what}") if p.where == "POINTS" else Problem("", p.what)
                    for p in err.problems
                ) from None

        _before, after = storage.update(self.path, add, self.notes)
        self.saved.append("the penalty")
        self.say(
            "  " + _("penalty: {what}").format(what=penalties.said(after, after.penalties[-1]))
        )
        self.say(_standings_line(after))

    def undo(self, session: Session) -> None:
        """`u`: the last record shown (a deal, or a penalty, join or leave after it), and
        taken back when the table says yes (and it is still the file's last record)."""
        last_penalty = penalties.last(session)
        if last_penalty is not None:
            said = penalties.said(session, last_penalty)
            question = _("Undo the penalty ({what})?").format(what=said)
            if not yes_no(self.ask, self.say, question, default=False):
                self.say(_("  kept"))
                return
            take_back_penalty(self.path, self.notes, last_penalty)
            self.saved.append("the penalty")
            self.say(_("took back the penalty: {what}").format(what=said))
            return
        changes = roster.last_change(session)
        if changes:
            question = _("Undo the roster change ({change})?").format(change=roster.said(changes))
            if not yes_no(self.ask, self.say, question, default=False):
                self.say(_("  kept"))
                return
            taken = take_back(self.path, self.notes, changes)
            self.saved.append("the roster change")
            self.say(taken_back_line(taken))
            self.say("  " + _("next dealer: {x}").format(x=taken.after.next_dealer()))
            return
        if not session.deals:
            self.say(_("  no deals to undo"))
            return
        n = len(session.deals)
        last = session.deals[-1]
        self.say(explain_deal(session, n, last, scores.score(session, last)))
        if not yes_no(self.ask, self.say, _("Undo deal {n}?").format(n=n), default=False):
            self.say(_("  kept"))
            return
        updated = remove_deal(self.path, n, self.notes, shown=last).after
        self.saved.append(f"the removal of deal {n}")
        self.say(
            _("removed deal {n}; next dealer: {dealer}").format(n=n, dealer=updated.next_dealer())
        )

    def edit(self, session: Session, n: int, change: str = "") -> None:
        """`e N`: which answer to change (Enter: every one, old answers offered); `e N
        points 47`: that answer at once."""
        old = core.deal_at(session, n)
        before = core.deal_fields(session, old)
        if change:
            word, _sep, value = change.partition(" ")
        else:
            self.say(explain_deal(session, n, old, scores.score(session, old, n)))
            word, value = "", ""
        given = [value.strip()] if value.strip() else []

        def ask(prompt: str) -> str:  # the value typed after the answer's name, first
            return given.pop() if given else self.ask(prompt)

        entry = DealEntry(session, ask, self.say, defaults=before, n=n)  # at deal n's table
        labels = {entry.label(k): k for k in entry.answers(old=True)}  # those given, offered
        every = {entry.label(k): k for k in [*entry.fields, "dealer", "note"]} | labels
        while True:
            if not change:
                word = typed(
                    self.ask(
                        _("Change which answer? ({answers}; Enter: every answer): ").format(
                            answers=_(", ").join(labels)
                        )
                    )
                )
            key = (
                (pick_answer(labels, word.lower()) or pick_answer(every, word.lower()))
                if word
                else ""
            )
            if key is not None:
                break
            self.say(_("  ✗ one of: {answers}").format(answers=_(", ").join(labels)))
            if change:
                return
        self.say(
            _("deal {n}, old answers in brackets (Enter keeps one; Ctrl-C changes nothing)").format(
                n=n
            )
        )
        done = edit_deal(
            self.path,
            n,
            entry,
            session,
            self.notes,
            self.ask,
            self.say,
            key=key,
            moved="  {}".format,
        )
        if done is None:
            self.say(_("  not saved"))
            return
        _before, saved = done
        self.saved.append(f"the edit of deal {n}")
        self.say(_("saved the new deal {n}").format(n=n))
        self.say(_standings_line(saved))
