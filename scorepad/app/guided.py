"""Guided entry at the table: ask, in table order, only for what is missing and relevant,
as the game describes it (its fields, what its reader reports missing, its `questions` for
optional ones). Each answer is checked at once by the game's reader; a bad one is explained
and asked again. Here: which question comes next, `<` and the refusals, "Anything else?", and
the dealer and who sits out; then one game field asked (`ask_field`)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from scorepad.app.asking import ALONE, NO, NONE_WORDS, YES, Ask, Back, Say, at_the_table
from scorepad.cards import split_cards
from scorepad.checks import MAX_TEXT, control_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Session, Table, seated_table, table_at
from scorepad.render.deals import sitting_out
from scorepad.seating import Dealt
from scorepad.seating_plan import SeatingPlan
from scorepad.text import shown, split_names, typed
from scorepad.variants import foreign_option, get_variant, in_game_words, read_entry
from scorepad.variants.base import Field, field_word
from scorepad.variants.reader import MISSING, as_decimal, resolve_choice, short_answers

# the shared answers' names in "Anything else?" (a game's own fields declare theirs: `label`)
GROUP_LABELS = {"dealer": N_("dealer"), "note": N_("note")}
SHARED = ("dealer", "note", "out")  # every deal's answers, whatever its contract
PILE = {"points", "cards", "pile", "side"}  # the points, or a pile's cards, size and side
#: what a question is asked in: the answers, the questions asked, the last one and the last
#: required one, and the table (the dealer answered may seat others)
Step = tuple[dict[str, Any], set[str], str | None, str | None, Table]


class DealEntry:
    """One deal asked for at the table, answer by answer.

    `<` at any question goes back one answer; `back()` and `change(key)` take the entry up
    again after it was complete (a refused "Save?"), keeping every other answer. With
    `grouped`, questions that rarely apply wait behind one "Anything else?" question; with
    `ask_dealer` off, the dealer is the next in turn unless changed there. `n`: the deal's
    number (default: the next deal); an earlier deal is asked for at its own table (who was
    on the roster then, who sat it out), never today's.
    """

    def __init__(
        self,
        session: Session,
        ask: Ask,
        say: Say,
        *,
        defaults: Mapping[str, Any] | None = None,
        ask_dealer: bool = True,
        grouped: bool = True,
        n: int | None = None,
    ) -> None:
        self.n = len(session.deals) + 1 if n is None else n
        # the session as it stood at deal n (deal n its next deal): its dealer, who sits out
        self.session = before_deal(session, self.n)
        self.table = table_at(session, self.n)  # as the deal was seated (or is proposed)
        self.variant = variant = get_variant(session.variant)
        self.ask_line = ask
        self.say = say
        self.defaults = defaults or {}
        self.ask_dealer = ask_dealer
        self.grouped = grouped and not self.defaults  # editing asks everything again
        self.fields = {f.key: f for f in variant.fields}
        self.order = {f.key: i for i, f in enumerate(variant.fields)}
        self.raw: dict[str, Any] = {}
        self.asked: set[str] = set()
        self.last: str | None = None
        self.last_required: str | None = None
        self.steps: list[Step] = []  # the state before each question asked
        self.hints: dict[str, Any] = {}  # old answers shown as defaults (change)
        self.answered: list[str] = []  # the questions answered, in turn
        self.refusal: tuple[str, ...] | None = None  # the problems last said of the answers
        self.reasked: str | None = None  # the question last asked again for a problem
        self.refused: dict[str, str] = {}  # answers refused, by question: no default again
        self.instead: str | None = None  # asked again in place of a question declined

    def run(self, given: Mapping[str, Any], announce: str = "") -> dict[str, Any]:
        given = in_game_words(self.variant, given)
        keys = {f.key for f in self.variant.fields} | {"dealer", "note", "out"}
        foreign = [Problem("", foreign_option(k, self.variant)) for k in given if k not in keys]
        if foreign:  # no question can mend an option of another game
            raise ScorepadError(foreign)
        if not self.session.fixed and ("dealer" in given or "out" in given):
            seat_given(self, given)
        if announce:
            text = _("{where} (Ctrl-C leaves the file as it was)").format(where=announce)
            if self.grouped:
                text += _(" (< goes back one answer)")
            self.say(text)
        self.raw = dict(given)
        self.asked = set(given)
        if not self.ask_dealer:
            self.asked.add("dealer")
        return self._go()

    def back(self) -> dict[str, Any]:
        """Go back to the last answer given (after a complete entry) and carry on."""
        if self.steps:
            self._restore(self.steps.pop())
        return self._go()

    def change(self, key: str) -> dict[str, Any]:
        """Ask one answer again (and whatever it then needs); the others are kept."""
        self.hints = {key: self.raw.get(key)}  # the old answer, Enter keeps it
        self.asked.difference_update(_forget(self.raw, key))
        self.asked.discard(key)
        self.steps.clear()
        return self._go(first=key)

    def moved(self, session: Session) -> dict[str, Any]:
        """The file changed before the deal was saved (another scorepad): the same answers
        at the next deal of `session`, its number and seating; what no longer fits (a taker
        who now sits out or left) is asked again, the rest kept."""
        self.n = len(session.deals) + 1
        self.session = session
        self.table = table_at(session, self.n)
        self.steps.clear()
        if "dealer" in self.raw or "out" in self.raw:
            try:
                if session.fixed:
                    self.raw["dealer"] = self.table.resolve(str(self.raw.get("dealer")), "dealer")
                else:
                    seat_given(self, self.raw)
            except ScorepadError as err:
                for problem in err.problems:
                    self.say(f"  ✗ {at_the_table(problem)}")
                self.raw.pop("dealer", None)
                self.raw.pop("out", None)
                self.asked.discard("out")
                if self.ask_dealer:
                    self.asked.discard("dealer")
        return self._go()

    def change_one(self, key: str) -> dict[str, Any]:
        """Editing: only `key` asked (with what it then needs), every other answer kept."""
        self.grouped = False
        self.raw = dict(self.defaults)
        self.asked = set(self.fields) | {"dealer", "note"}  # the rest is not asked again
        return self.change(key)

    def answers(self, *, old: bool = False) -> list[str]:
        """The answers given so far (`old`: those of the deal being edited), as the keys
        `change` takes, in table order; the dealer, even when by turn."""
        keys = [k for k in (self.defaults if old else self.raw) if k in self.fields or k == "note"]
        return sorted({"dealer", *keys}, key=self._rank)

    # --- the loop ----------------------------------------------------------------------------

    def _go(self, first: str | None = None) -> dict[str, Any]:
        while True:
            self.steps.append(self._step())
            try:
                if first is not None:
                    key, first = first, None
                    self._ask_one(key, required=key in self._read(self.raw)[2])
                    continue
                if not self._next():
                    self.steps.pop()
                    return self._keep_old(self.raw, self.asked) if self.defaults else dict(self.raw)
            except Back:
                self.refusal = None  # going back answers nothing
                self.steps.pop()  # this question
                if self.steps:
                    self._restore(self.steps.pop())  # the one before: asked again
                else:
                    self.say(_("  (this is the first question)"))

    def _step(self) -> Step:
        """The state a question is asked in, to come back to with `<`."""
        return copy.deepcopy(self.raw), set(self.asked), self.last, self.last_required, self.table

    def _restore(self, step: Step) -> None:
        raw, asked, self.last, self.last_required, self.table = step
        self.raw, self.asked = copy.deepcopy(raw), set(asked)

    def _next(self) -> bool:
        """Ask the next question; False when the deal is complete."""
        raw, asked = self.raw, self.asked
        if "dealer" not in asked:
            raw["dealer"] = ask_dealer(
                self,
                self.defaults.get("dealer") or raw.get("dealer") or self.session.next_dealer(),
            )
            asked.add("dealer")
            return True
        self._drop_what_does_not_apply()
        entry, problems, missing = self._read(raw)
        if problems:
            for p in problems:
                self.say(f"  ✗ {at_the_table(p)}")
            said = tuple(str(p) for p in problems)
            fields = {p.field or self.last for p in problems}
            declined = all(k in asked and k not in raw for k in fields)
            if said != self.refusal:
                self.instead = None
            culprits: list[str] = []
            if said == self.refusal and self.reasked in fields and not declined:
                # the question asked again for it was answered as before: the other answer
                # it does not go with goes: the last given whose going ends the problem (one
                # that can be left out; else, against a check of the points, the points or
                # the pile, whose going leaves that check unmade)
                given = [
                    k
                    for k in dict.fromkeys([*reversed(self.answered), *raw])
                    if k in raw and k not in fields and k not in SHARED
                ]
                ends = {k: self._ends(k, said) for k in given}
                culprits = [k for k in given if ends[k] == "whole"][:1]
                if not culprits and fields & (PILE | {"bouts", "tricks"}):  # the points' checks
                    culprits = [k for k in given if ends[k] and k in PILE][:1]
            elif said == self.refusal and declined and self.instead is not None:
                # declined again, the answer that needs it kept: that answer and the points go
                culprits = [k for k in dict.fromkeys((self.instead, "points", "cards")) if k in raw]
            if culprits:
                self.say(
                    _("  {answer} left out: it does not go with the other answers").format(
                        answer=_(", ").join(self.label(k) for k in culprits)
                    )
                )
                for culprit in culprits:
                    asked.difference_update(_forget(raw, culprit))
                self.refusal = self.instead = None
                self._refused(again=True)
                return True
            self.refusal = said
            if declined:
                # every problem names a question already declined (a slam that would make
                # the points possible): the answer that needs it is asked again instead,
                # and the declined question may come again after it
                asked.difference_update(str(k) for k in fields)
                fields = {self.last_required}
                self.instead = self.last_required
            keys = sorted({str(k) for k in fields if k}, key=self._rank)
            if not keys:
                raise ScorepadError(problems)
            for key in keys:
                value = raw.get(key)
                if isinstance(value, Mapping):  # each player's offered again, but the last
                    self.hints[key] = {p: x for p, x in value.items() if self.last != f"{key}={p}"}
                elif value is not None and key in _answered_with(self.last):
                    self.refused[key] = str(value)  # typed and refused: not offered again
                asked.difference_update(_forget(raw, str(key)))
            missing = self._read(raw)[2]
            key = keys[0]
            each = [m for m in missing if m.startswith(f"{key}=")]
            if key not in missing and each:  # a misère's points: each player's again
                key = each[0]
            self._refused(again=key == self.last)
            self.reasked = key
            self._ask_one(key, required=key in missing)  # at once, whatever else
            return True
        optional = [k for k in self._questions(raw, entry) if k not in asked]
        if self.grouped:
            optional = [k for k in optional if self._at_once(k)]
            if not missing and not optional and self._group(raw, entry):
                return True
        candidates = [*missing, *optional]
        if not candidates:
            return False
        key = min(candidates, key=self._rank)
        self._ask_one(key, required=key in missing)
        return True

    def _ends(self, key: str, said: tuple[str, ...]) -> str:
        """Whether the answers without `key` (and what goes with it) end the problems `said`:
        "whole" when they are then a whole deal, "short" when something is missing (the
        checks that said them may not have run), "" when not."""
        trial = copy.deepcopy(self.raw)
        _forget(trial, key)
        _entry, problems, missing = self._read(trial)
        if {str(p) for p in problems} & set(said):
            return ""
        return "short" if missing else "whole"

    def _questions(self, raw: Mapping[str, Any], entry: Any) -> list[str]:
        """The optional questions the game would ask now, of those its deal can have."""
        takes = self.variant.takes(raw, self.table)
        keys = self.variant.questions(raw, entry, self.table)
        return keys if takes is None else [k for k in keys if k in takes]

    def _drop_what_does_not_apply(self) -> None:
        """The contract or bid just answered: the answers it rules out (a pass's taker and
        points, a misère's Tappist) are dropped, said so, and asked again should it change
        back. (Another answer the contract rules out is refused, the contract asked again.)"""
        takes = self.variant.takes(self.raw, self.table)
        if takes is None or self.last != self.variant.fields[0].key:
            return
        gone = [k for k in self.raw if k not in takes and k not in SHARED]
        self.asked.difference_update(
            [k for k in self.asked if k.partition("=")[0] not in takes and k not in SHARED]
        )
        for key in gone:
            del self.raw[key]
        shown_keys = [self.label(k) for k in gone if k in self.fields and k not in ("pile", "side")]
        if shown_keys:
            self.say(
                _("  {answer} left out: it does not go with the other answers").format(
                    answer=_(", ").join(shown_keys)
                )
            )

    def _refused(self, *, again: bool) -> None:
        """The last answer was refused: the state it left is no place to go back to. The
        refused question asked `again` stands where it stood (`<` goes to the one before it);
        another question it calls for comes after it (`<` goes back to the refused one)."""
        if not self.steps:
            return
        self.steps.pop()  # this step: the refused answer in it
        if not again and self.steps:
            self.steps.append(self.steps[-1])  # the refused question's own state, once more

    def _ask_one(self, key: str, required: bool) -> None:
        if key not in self.answered and key in self.raw:
            self.answered.append(key)  # given before any question (an option, an edit)
        if key == "dealer":
            self.raw["dealer"] = ask_dealer(
                self,
                self.raw.get("dealer") or self.hints.get("dealer") or self.session.next_dealer(),
            )
        elif key == "note":
            self._ask_note()
        else:
            ask_field(self, key, self.raw, required=required)
        self.asked.add(key)
        self.refused.pop(key, None)
        self.last = key
        self.answered.append(key)
        if required:
            self.last_required = key

    # --- "Anything else?" --------------------------------------------------------------------

    def _group(self, raw: dict[str, Any], entry: Any) -> bool:
        """Ask "Anything else?" while some rare question is left; True if one was asked."""
        keys = [
            k for k in self._questions(raw, entry) if k not in self.asked and not self._at_once(k)
        ]
        keys += [k for k in ("note",) if k not in self.asked]
        if "dealer" not in self.asked or (not self.ask_dealer and "dealer" not in self.raw):
            keys.append("dealer")  # by turn, and changed here when it was not
        labels: dict[str, list[str]] = {}
        english: dict[str, str] = {}  # h, p, s, dealer work in every language
        for key in keys:
            labels.setdefault(self._label(key), []).append(key)
            english[self._label(key, translated=False).lower()] = self._label(key)
        shown_labels = [
            label for label, ks in labels.items() if any(k not in ("dealer", "note") for k in ks)
        ]
        if not shown_labels:
            return False
        answer = self.ask(
            _("Anything else? ({labels})").format(labels=_(", ").join(shown_labels)),
            "n",
            answers=_(
                "\n  answers: n (nothing else), y (each in turn), or one of: {labels} (or any "
                "unique beginning)"
            ).format(
                labels=_(", ").join(f"{k} ({_initials(k)})" if _initials(k) else k for k in labels)
            ),
        ).strip()
        word = answer.lower()
        if word in NO:
            self.asked.update(keys)
            return True
        if word in YES:
            self.grouped = False  # every question in turn
            return True
        found = [label for label in labels if label.lower().startswith(word)]
        exact = [label for label in labels if label.lower() == word or _initials(label) == word]
        found = exact or found
        if not found and word:
            found = [english[e] for e in english if e == word or _initials(e) == word] or [
                english[e] for e in english if e.startswith(word)
            ]
            found = list(dict.fromkeys(found))
        if len(found) != 1:
            text = _("  ✗ answer n, y, or one of: {labels}").format(labels=_(", ").join(labels))
            if found:
                text += _(" ({answer} could be {choices})").format(
                    answer=shown(answer), choices=_(" or ").join(found)
                )
            self.say(text)
            if self.steps:
                self.steps.pop()  # asked again in the same place: `<` goes to the one before
            return True
        saved = self._step()
        try:
            for key in labels[found[0]]:
                # asked one after the other: a key the first answer rules out is not asked
                entry, problems, _missing = self._read(raw)
                if problems or key not in [*self._questions(raw, entry), "dealer", "note"]:
                    continue
                self._ask_one(key, required=False)
        except Back:  # one question back: "Anything else?" again, as it was
            self._restore(saved)
            if self.steps:
                self.steps.pop()
        return True

    def _label(self, key: str, translated: bool = True) -> str:
        """A rare question's name in "Anything else?" (in English: `translated` off)."""
        tr: Callable[[str], str] = _ if translated else (lambda text: text)
        field = self.fields.get(key)
        if field is not None and field.label:
            return tr(field.label)
        if key in GROUP_LABELS:
            return tr(GROUP_LABELS[key])
        return self.label(key) if translated else key.replace("_", " ")

    def label(self, key: str) -> str:
        """An answer's name, in "Change which answer?"."""
        return field_word(key, self.fields.values())

    def _at_once(self, key: str) -> bool:
        """Asked at once, never in "Anything else?" (as the game declares the field)."""
        field = self.fields.get(key)
        return field is not None and field.asked_at_once

    def _ask_note(self) -> None:
        while True:
            text = self.ask(
                _("Note for this deal (Enter: none)"),
                self.raw.get("note") or self.hints.get("note"),
                answers=_("\n  answers: any text"),
            )
            problem = control_problem(text, "note")
            if problem is None and len(text) <= MAX_TEXT:
                break
            why = problem.what if problem else _("longer than {n} characters").format(n=MAX_TEXT)
            self.say(f"  ✗ {why}")
        if text:
            self.raw["note"] = text
        else:
            self.raw.pop("note", None)

    def _read(self, raw: Mapping[str, Any]) -> tuple[Any, list[Problem], list[str]]:
        fields = {k: v for k, v in raw.items() if k not in ("dealer", "note", "out")}
        try:
            return read_entry(self.variant, fields, self.table), [], []
        except ScorepadError as err:
            problems = [p for p in err.problems if p.field != MISSING]
            return None, problems, list(err.missing)

    def _rank(self, key: str) -> int:
        if key == "dealer":
            return -1
        return self.order.get(key.partition("=")[0], len(self.order))

    def _keep_old(self, raw: dict[str, Any], asked: set[str]) -> dict[str, Any]:
        """Editing: fields never asked about keep their old values."""
        takes = self.variant.takes(raw, self.table)
        old = {
            k: v
            for k, v in self.defaults.items()
            if k not in asked and (takes is None or k in takes or k in SHARED)
        }
        return self.variant.merge(old, raw)

    # --- asking ------------------------------------------------------------------------------

    def ask(
        self,
        question: str,
        default: str | None = None,
        *,
        players: bool = False,
        among: tuple[str, ...] | None = None,
        answers: str = "",
    ) -> str:
        """One answer; `players`: a player is asked for, `?` lists the seated players (or
        `among`: everyone on the roster) and a number picks one in the seating order, from 1;
        `answers`: what else `?` says the question takes."""
        hint = f" [{default}]" if default not in (None, "") else ""
        names = self.table.players if among is None else among
        while True:
            answer = typed(self.ask_line(f"{question}{hint}: "))
            if answer == "<":
                raise Back
            if players and answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(names):
                return names[int(answer) - 1]
            if answer != "?":
                return answer if answer else (default or "")
            text = _("  < goes back one answer; Enter takes the answer in brackets")
            if players:
                text += _("\n  players: {players} (a number or any unique beginning)").format(
                    players=_(", ").join(f"{i} {p}" for i, p in enumerate(names, 1))
                )
            self.say(text + answers)

    def ask_player(self, question: str, default: str | None) -> str:
        """A seated player (`question` names the role), asked until the answer names one."""
        while True:
            answer = self.ask(question, default, players=True)
            try:
                return self.table.resolve(answer, question.lower())
            except ScorepadError as err:
                self.say(f"  ✗ {at_the_table(err.problems[0])}")


def _initials(label: str) -> str:
    """A name of several words by its initials ("petit au bout": pab, as history writes it)."""
    words = label.lower().split()
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def _answered_with(key: str | None) -> set[str]:
    """The answers a question's answer gives: a pile's size and side come with its cards."""
    return PILE if key in PILE else {key} if key else set()


def _forget(raw: dict[str, Any], key: str) -> set[str]:
    """Drop a wrong answer and those that went with it; the keys to ask again."""
    name, _sep, player = key.partition("=")
    if player and isinstance(raw.get(name), dict):
        raw[name].pop(player, None)
        return {key}
    gone = {key, name}
    if name in ("points", "cards"):  # points or a pile: a pile's size and side go with it
        gone |= PILE
    for k in gone:
        raw.pop(k, None)
    return gone


# --- one game field asked, as its `Field` describes it: its question in the game's words, then
# the answer in the shape the field takes (points or a pile's cards and its size, a partner or
# "alone", yes/no, each player's points)


def ask_field(entry: DealEntry, key: str, raw: dict[str, Any], required: bool) -> None:
    """Ask field `key` of the game (`points=Anna`: one player's points) and put the answer
    in `raw`; `required`: "none" is no answer here."""
    name, _sep, player = key.partition("=")
    field = entry.fields.get(name)
    old = entry.defaults.get(name, entry.hints.get(name))
    if player:  # points of one player (misère, two-handed game)
        _ask_player_points(entry, player, raw, old)
        return
    assert field is not None, key
    if key == "partner" and "alone" in entry.fields:
        _ask_partner(entry, field, raw, required, old)
        return
    if field.yes_no:
        _ask_yes_no(entry, field, raw, old)
        return
    shown = _shown(old, field)
    if shown is None and key == "side":
        shown = field.choices[0]
    if shown is None and key == "pile" and isinstance(raw.get("cards"), str):
        listed = len(split_cards(raw["cards"]))  # a size the game allows, from that
        shown = str(entry.variant.pile_default(listed))
    if shown == entry.refused.get(key):
        shown = None  # refused: never offered again
    while True:
        text = entry.ask(
            _question(entry, field, required or shown is not None),
            shown,
            players=field.kind == "player",
            answers=_answers(entry, field),
        )
        if text.lower() in NONE_WORDS and field.kind != "flag":
            if required:
                entry.say(_("  ✗ an answer is needed here"))
                continue
            raw.pop(key, None)
            return
        clash = _alias_clash(entry, text, field)
        if clash:
            entry.say(clash)
            continue
        pile = key == "cards" or (
            key == "points" and "cards" in entry.fields and as_decimal(text) is None
        )
        if pile and not _cards_read(entry, text):
            continue  # a card that is none: said before the pile's size is asked
        break
    if field.kind == "flag":
        raw[key] = text.lower() in ("y", "yes", "true", "1", "oui", "ja")
    elif field.kind == "handfuls":
        raw[key] = [t for t in text.replace(",", " ").split() if t]
    elif key == "points" and "cards" in entry.fields and as_decimal(text) is None:
        raw["cards"] = text  # a pile's cards instead of points
        raw.pop("points", None)
        _pile_after(entry, raw, lambda: ask_field(entry, key, raw, required))  # before checks
    elif key == "cards" and "pile" in entry.fields:
        raw[key] = text
        _pile_after(entry, raw, lambda: ask_field(entry, key, raw, required))
    elif text.lower() in field.usual:  # the usual case changes nothing: not recorded
        raw.pop(key, None)
    else:
        raw[key] = text


def _pile_after(entry: DealEntry, raw: dict[str, Any], redo: Callable[[], None]) -> None:
    """How many cards a pile holds, asked right after its cards: `<` there asks the
    question before it (the cards) again, one question back."""
    try:
        ask_field(entry, "pile", raw, required=False)
    except Back:
        for key in ("points", "cards", "pile", "side", "player"):
            raw.pop(key, None)  # the cards' answer is given again, or points instead
        redo()
        return
    entry.asked.add("pile")


def _cards_read(entry: DealEntry, text: str) -> bool:
    """Whether `text` lists cards of the game's deck; if not, each bad card is said."""
    try:
        entry.variant.deck(entry.table.rules).parse_many(text)
    except ScorepadError as err:
        word = field_word("cards", entry.fields.values())
        for problem in err.problems:
            entry.say(f"  ✗ {word}: {problem.what}")
        return False
    return True


def _alias_clash(entry: DealEntry, text: str, field: Field) -> str | None:
    """Why a beginning of another word for a choice is not taken (`an`, of annulé, while
    Anne plays): such a beginning counts only when it names nothing else, players
    included; a choice's own name, its beginning, or a whole other word always counts."""
    if not field.choices or not field.aliases:
        return None
    aliases = dict(field.aliases)
    word = text.strip().lower().replace("_", "-").replace(" ", "-")
    if not word or word in field.choices or word in aliases:
        return None
    if any(c.startswith(word) for c in field.choices):
        return None
    meant = resolve_choice(word, field.choices, aliases)
    if len(meant) != 1:
        return None  # none or several: the game's reader says so
    people = entry.table.people or entry.table.players
    named = [p for p in people if _names(entry.table, p, text)]
    if not named:
        return None
    return _(
        "  ✗ {answer} could be {choice} or {players}: type more letters (? lists the answers)"
    ).format(answer=shown(text), choice=meant[0], players=_(" or ").join(named))


def _ask_yes_no(entry: DealEntry, field: Field, raw: dict[str, Any], old: Any) -> None:
    """A yes/no question. Enter takes the answer in brackets: the old one when editing,
    else "yes", which records nothing (the scoring assumes no more than the other answers
    prove); never "no", which is a claim of its own (a trickless side's 3 chips)."""
    default = "n" if old is not None and old == field.no_value else "y"
    while True:
        answer = entry.ask(f"{_(field.yes_no)} (y/n)", default, answers=_(YES_NO)).lower()
        if answer in YES or answer in NO:
            break
        entry.say(_("  ✗ answer y or n"))
    if answer in NO:
        raw[field.key] = field.no_value
    elif raw.get(field.key) == field.no_value:
        raw.pop(field.key, None)


def _ask_partner(
    entry: DealEntry, field: Field, raw: dict[str, Any], required: bool, old: Any
) -> None:
    """A partner's name, or 'alone' (Enter too, where the rules allow leaving it out)."""
    default = old or ("alone" if entry.defaults.get("alone") else None)
    hint = _(" or 'alone'") if required else _(" (Enter: the declarer plays alone)")
    while True:
        answer = entry.ask(
            field.question + hint,
            default,
            players=True,
            answers=_("\n  or: alone (the declarer plays alone)")
            + ("" if required else _("; Enter: alone")),
        )
        if answer.lower() in ALONE or (not required and answer.lower() in NONE_WORDS):
            raw["alone"] = True
            raw.pop("partner", None)
            return
        if answer:
            raw["partner"] = answer
            raw.pop("alone", None)
            return
        entry.say(_("  ✗ an answer is needed here"))


def _ask_player_points(entry: DealEntry, player: str, raw: dict[str, Any], old: Any) -> None:
    allow_cards = "player" in entry.fields
    question = _("Card points of {player}").format(player=player)
    if allow_cards:
        question += _(" (the other gets 91 minus them), or the cards of the pile")
    default = old.get(player) if isinstance(old, Mapping) else None
    while True:
        text = entry.ask(
            question,
            None if default is None else str(default),
            answers=_(PLAYER_POINTS_OR_CARDS if allow_cards else PLAYER_POINTS),
        )
        if text:
            break
        entry.say(_("  ✗ an answer is needed here"))
    name, equals, value = text.partition("=")
    if equals and as_decimal(value.strip()) is not None:  # Marco=60: either player's
        try:
            player, text = entry.table.resolve(name.strip()), value.strip()
        except ScorepadError:
            pass  # read as it is, and explained
        else:
            raw["points"] = {player: text}
            return
    if allow_cards and as_decimal(text) is None:
        if not _cards_read(entry, text):
            _ask_player_points(entry, player, raw, old)  # the same question again
            return
        raw["cards"], raw["player"] = text, player
        raw.pop("points", None)
        if "pile" in entry.fields:  # how many: before any check
            _pile_after(entry, raw, lambda: _ask_player_points(entry, player, raw, old))
        return
    points = raw.get("points")
    raw["points"] = {**(points if isinstance(points, Mapping) else {}), player: text}


YES_NO = N_("\n  answers: y (yes) or n (no)")
PLAYER_POINTS = N_("\n  answers: a number (or NAME=X: either player's points)")
PLAYER_POINTS_OR_CARDS = N_(
    "\n  answers: a number (or NAME=X: either player's points), or the cards of the pile "
    "(e.g. 21 1 EX KH; low cards may be left out)"
)
ANSWERS = {  # what `?` says a question takes, by the field's kind (a choice lists its own)
    "flag": YES_NO,
    "number": N_("\n  answers: a number"),
    "integer": N_("\n  answers: a whole number"),
    "cards": N_("\n  answers: the cards of the pile (e.g. 21 1 EX KH; low cards may be left out)"),
    "card": N_("\n  answers: one card (e.g. KH)"),
    "handfuls": N_("\n  answers: PLAYER:TRUMPS, several separated by spaces (e.g. Anna:10)"),
}
POINTS_OR_CARDS = N_(
    "\n  answers: a number, or the cards of a pile (e.g. 21 1 EX KH; low cards may be left out)"
)


def _answers(entry: DealEntry, field: Field) -> str:
    """What `?` lists at a field's question: its choices, or the shape of its answer (the
    players are listed by the question itself)."""
    if field.choices:
        return _choice_answers(field)
    if field.key == "points" and "cards" in entry.fields:
        return _(POINTS_OR_CARDS)
    return _(ANSWERS[field.kind]) if field.kind in ANSWERS else ""


def _choice_answers(field: Field) -> str:
    """A choice's answers, each with its short form, and the other words for them."""
    shorts = short_answers(field.choices, dict(field.aliases))
    pairs = [c if s == c else f"{s} = {c}" for s, c in zip(shorts, field.choices, strict=True)]
    text = _("\n  answers: {answers} (or any unique beginning)").format(answers=_(", ").join(pairs))
    words: dict[str, list[str]] = {}
    for a, c in field.aliases:
        if a not in shorts and a != c and c in field.choices:
            words.setdefault(c, []).append(a)
    others = [f"{c}: {' '.join(w)}" for c, w in words.items()]
    if others:
        text += _("\n  also: {aliases} (whole, or a beginning that names nothing else)").format(
            aliases=_(", ").join(others)
        )
    return text


def _question(entry: DealEntry, field: Field, required: bool) -> str:
    """The field's own help as a question; `required`: no "(Enter: none)" hint. A game
    may ask it its own way given the answers so far (`ask_as`)."""
    text = entry.variant.ask_as(field.key, entry.raw) or field.question
    if field.key == "points" and "cards" in entry.fields:
        text += _(", or the cards of a pile")
    if field.choices:
        shorts = short_answers(field.choices, dict(field.aliases))
        choices = [s for s, c in zip(shorts, field.choices, strict=True) if c not in field.usual]
        text += f" ({'/'.join(choices)})"
    if field.kind == "flag":
        text += " (y/n)"
    elif field.enter_means:
        text += _(field.enter_means)
    elif not required:
        text += _(" (Enter: none)")
    return text


def _names(table: Table, player: str, text: str) -> bool:
    """Whether `text` names `player`, as a name is matched wherever one is typed."""
    try:
        Table(table.variant, (player,), table.rules).resolve(text)
    except ScorepadError:
        return False
    return True


def _shown(old: Any, field: Field) -> str | None:
    if field.kind == "flag":
        return "y" if old else "n"
    if old is None:
        return None
    if isinstance(old, Mapping):
        return " ".join(f"{k}:{v}" for k, v in old.items())
    if isinstance(old, list):  # names: a misère's
        return ", ".join(map(str, old))
    return str(old)


# --- the dealer and who sits out ------------------------------------------------------------


def before_deal(session: Session, n: int) -> Session:
    """The session as it stood when deal n was dealt: the deals before it and the roster
    changes up to it, so that deal n is its next deal (its dealer, who sits out, the seated
    players). Guided entry asks deal n's questions of it; `session` itself when n is next."""
    if n > len(session.deals):
        return session
    changes = tuple(c for c in session.changes if c.from_deal <= n)
    kept = tuple(p for p in session.penalties if p.after < n)  # those before it
    return replace(session, deals=tuple(session.deals[: n - 1]), changes=changes, penalties=kept)


def seat_given(entry: DealEntry, given: Mapping[str, Any]) -> None:
    """The table of a dealer or an `out` given before any question (an option)."""
    session = entry.session
    plan = session.seating_plan()
    people = Table(session.variant, plan.next.roster, session.rules)
    dealer = people.resolve(str(given.get("dealer") or session.next_dealer()), "dealer")
    out = given.get("out")
    names = None
    if out is not None:
        names = tuple(
            people.resolve(str(n), "--out") for n in (out if isinstance(out, list) else [out])
        )
    problems = plan.check_next(dealer, names)
    if problems:
        raise ScorepadError(problems)
    seating = plan.then(Dealt(dealer, False, names)).deals[-1]
    entry.table = seated_table(session.variant, session.rules, seating)


def ask_dealer(entry: DealEntry, default: str) -> str:
    """The dealer, anyone on the roster (the dealer may sit out); at a table where people
    sit out, then who sits out (the proposal: Enter accepts), and the table they leave.
    `<` at "who sits out" asks for the dealer again (one question back)."""
    session = entry.session
    if session.fixed:
        return str(entry.ask_player(_("Dealer"), default))
    plan = session.seating_plan()
    people = Table(session.variant, plan.next.roster, session.rules)
    while True:
        while True:
            answer = entry.ask(_("Dealer"), default, players=True, among=people.players)
            try:
                dealer = people.resolve(answer, "dealer")
                break
            except ScorepadError as err:
                entry.say(f"  ✗ {err.problems[0].what}")
        try:
            out = _ask_out(entry, plan, people, dealer)
        except Back:
            default = dealer
            continue
        break
    seating = plan.then(Dealt(dealer, False, out)).deals[-1]
    if seating.out != seating.proposed:
        entry.raw["out"] = list(seating.out)
    else:
        entry.raw.pop("out", None)
    entry.asked.add("out")  # answered here: an edit's old `out` is not put back
    entry.table = seated_table(session.variant, session.rules, seating)
    entry.say("  " + sitting_out(seating))
    return dealer


def _ask_out(
    entry: DealEntry, plan: SeatingPlan, people: Table, dealer: str
) -> tuple[str, ...] | None:
    """Who (else) sits out when `dealer` deals: None for the rule's choice, unasked."""
    proposed = plan.propose_out(dealer)
    others = tuple(p for p in proposed if p != dealer)
    if not (others or (proposed and dealer not in proposed)):
        return None
    old = entry.defaults.get("out") or entry.raw.get("out")
    had = entry.defaults.get("dealer") or entry.raw.get("dealer")  # the deal's dealer, if any
    if isinstance(old, list) and had not in (None, dealer):
        old = None  # another dealer than the deal had: the rule's choice is offered
    shown = _(", ").join(p for p in old if p != dealer) if isinstance(old, list) else None
    shown = shown if shown is not None else _(", ").join(others)
    while True:
        answer = entry.ask(
            _("Who else sits out") if dealer in proposed else _("Who sits out"),
            shown,
            players=True,
            among=people.players,
            answers=_("\n  answers: who sits out, several separated by commas or spaces"),
        )
        try:
            names = split_names(answer, spaces=True)
            out = tuple(people.resolve(n, "out") for n in names)
        except ScorepadError as err:
            entry.say(f"  ✗ {err.problems[0].what}")
            continue
        problems = plan.check_next(dealer, out)
        if problems:
            for p in problems:
                entry.say(f"  ✗ {p.what}")
            continue
        return out
