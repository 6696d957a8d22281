"""Guided entry at the table: ask, in table order, only for what is missing and relevant.

Driven by the variant's own description: its fields (kind, help, choices), the fields its
reader reports missing, and its `questions` hook for optional ones (partner, bonuses that
can apply). Each answer is checked at once by the variant's reader; a bad answer is
explained and asked again. Reading and writing go through the `ask` and `say` callables
the command line passes in, so this module never touches the terminal itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.cards import split_cards
from scorepad.errors import Problem, ScorepadError
from scorepad.model import Session
from scorepad.variants import MISSING, Field, Variant, as_decimal, foreign_option, get_variant

Ask = Callable[[str], str]
Say = Callable[[str], None]
NONE_WORDS = ("", "-", "none", "no", "n")
YES = ("y", "yes", "o", "oui", "j", "ja")
NO = ("n", "no", "non", "nein")


def guided_fields(
    session: Session,
    given: Mapping[str, Any],
    ask: Ask,
    say: Say,
    *,
    defaults: Mapping[str, Any] | None = None,
    announce: str = "",
) -> dict[str, Any]:
    """The raw fields of one deal: `given` (from options) completed by questions.

    With `defaults` (editing a deal), every question shows the old value, Enter keeps it.
    `announce` (where the deal goes) is said once the options are known to fit the game.
    """
    variant = get_variant(session.variant)
    keys = {f.key for f in variant.fields} | {"dealer", "note"}
    foreign = [Problem("", foreign_option(k, variant)) for k in given if k not in keys]
    if foreign:  # no question can mend an option of another game
        raise ScorepadError(foreign)
    if announce:
        say(f"{announce} (Ctrl-C leaves the file as it was)")
    return _Guide(session, variant, ask, say, defaults or {}).run(dict(given))


class _Guide:
    def __init__(self, session: Session, variant: Variant, ask: Ask, say: Say,
                 defaults: Mapping[str, Any]) -> None:  # fmt: skip
        self.session = session
        self.table = session.table
        self.variant = variant
        self.ask_line = ask
        self.say = say
        self.defaults = defaults
        self.fields = {f.key: f for f in variant.fields}
        self.asked: set[str] = set()
        self.order = {f.key: i for i, f in enumerate(variant.fields)}

    def run(self, raw: dict[str, Any]) -> dict[str, Any]:
        asked = self.asked = set(raw)
        if "dealer" not in raw:
            raw["dealer"] = self._ask_player("Dealer", self.defaults.get("dealer")
                                             or self.session.next_dealer())  # fmt: skip
        last: str | None = None
        last_required: str | None = None
        while True:
            entry, problems, missing = self._read(raw)
            if problems:
                for p in problems:
                    self.say(f"  ✗ {p.what}")
                fields = {p.field or last for p in problems}
                if all(k in asked and k not in raw for k in fields):
                    # every problem names a question already declined (a slam that would make
                    # the points possible): the answer that needs it is asked again instead,
                    # and the declined question may come again after it
                    asked.difference_update(str(k) for k in fields)
                    fields = {last_required}
                keys = sorted({str(k) for k in fields if k}, key=self._rank)
                if not keys:
                    raise ScorepadError(problems)
                for key in keys:
                    asked.difference_update(_forget(raw, str(key)))
                missing = self._read(raw)[2]
                key = str(keys[0])  # ask again at once, whatever else is still wrong
                self._ask_field(key, raw, required=key in missing)
                asked.add(key)
                last = key
                if key in missing:
                    last_required = key
                continue
            optional = [k for k in self.variant.questions(raw, entry, self.table)
                        if k not in asked]  # fmt: skip
            candidates = [*missing, *optional]
            if not candidates:
                if self.defaults:
                    return self._keep_old(raw, asked)
                return raw
            key = min(candidates, key=self._rank)
            self._ask_field(key, raw, required=key in missing)
            asked.add(key)
            last = key
            if key in missing:
                last_required = key

    def _read(self, raw: Mapping[str, Any]) -> tuple[Any, list[Problem], list[str]]:
        fields = {k: v for k, v in raw.items() if k not in ("dealer", "note")}
        try:
            return self.variant.read_entry(fields, self.table), [], []
        except ScorepadError as err:
            problems = [p for p in err.problems if p.field != MISSING]
            return None, problems, list(err.missing)

    def _rank(self, key: str) -> int:
        return self.order.get(key.partition("=")[0], len(self.order))

    def _keep_old(self, raw: dict[str, Any], asked: set[str]) -> dict[str, Any]:
        """Editing: fields never asked about keep their old values."""
        old = {k: v for k, v in self.defaults.items() if k not in asked}
        return self.variant.merge(old, raw)

    # --- asking ------------------------------------------------------------------------------

    def _ask(self, question: str, default: str | None = None) -> str:
        hint = f" [{default}]" if default not in (None, "") else ""
        answer = self.ask_line(f"{question}{hint}: ").strip()
        return answer if answer else (default or "")

    def _ask_player(self, question: str, default: str | None) -> str:
        while True:
            answer = self._ask(question, default)
            try:
                return self.table.resolve(answer, question.lower())
            except ScorepadError as err:
                self.say(f"  ✗ {err.problems[0].what}")

    def _ask_field(self, key: str, raw: dict[str, Any], required: bool) -> None:
        name, _, player = key.partition("=")
        field = self.fields.get(name)
        old = self.defaults.get(name)
        if player:  # points of one player (misère, two-handed game)
            self._ask_player_points(player, raw, old)
            return
        assert field is not None, key
        if key == "partner" and "alone" in self.fields:
            self._ask_partner(field, raw, required, old)
            return
        if field.yes_no:
            self._ask_yes_no(field, raw, old)
            return
        shown = _shown(old, field)
        if shown is None and key == "side":
            shown = field.choices[0]
        if shown is None and key == "pile" and isinstance(raw.get("cards"), str):
            shown = str(len(split_cards(raw["cards"])))
        while True:
            text = self._ask(self._question(field, required or shown is not None), shown)
            if text.lower() in NONE_WORDS and field.kind != "flag":
                if required:
                    self.say("  ✗ an answer is needed here")
                    continue
                raw.pop(key, None)
                return
            break
        if field.kind == "flag":
            raw[key] = text.lower() in ("y", "yes", "true", "1", "oui", "ja")
        elif field.kind == "handfuls":
            raw[key] = [t for t in text.replace(",", " ").split() if t]
        elif key == "points" and "cards" in self.fields and as_decimal(text) is None:
            raw["cards"] = text  # a pile's cards instead of points
            raw.pop("points", None)
            self._ask_field("pile", raw, required=False)  # how many: before any check
            self.asked.add("pile")
        elif key == "cards" and "pile" in self.fields:
            raw[key] = text
            self._ask_field("pile", raw, required=False)
            self.asked.add("pile")
        elif key == "fool_exchange" and text.lower() in ("given", "made") \
                and "owed" in field.choices:  # the usual case changes nothing: not recorded
            raw.pop(key, None)
        else:
            raw[key] = text

    def _ask_yes_no(self, field: Field, raw: dict[str, Any], old: Any) -> None:
        """A yes/no question with no default: Enter never stands for "none" here."""
        default = None if old is None else ("n" if old == field.no_value else "y")
        while True:
            answer = self._ask(f"{field.yes_no} (y/n)", default).lower()
            if answer in YES or answer in NO:
                break
            self.say("  ✗ answer y or n")
        if answer in NO:
            raw[field.key] = field.no_value
        elif raw.get(field.key) == field.no_value:
            raw.pop(field.key, None)

    def _ask_partner(self, field: Field, raw: dict[str, Any], required: bool,
                     old: Any) -> None:  # fmt: skip
        """A partner's name, or 'alone' (Enter too, where the rules allow leaving it out)."""
        default = old or ("alone" if self.defaults.get("alone") else None)
        hint = " or 'alone'" if required else " (Enter: the declarer plays alone)"
        while True:
            answer = self._ask(field.question + hint, default)
            if answer.lower() == "alone" or (not required and answer.lower() in NONE_WORDS):
                raw["alone"] = True
                raw.pop("partner", None)
                return
            if answer:
                raw["partner"] = answer
                raw.pop("alone", None)
                return
            self.say("  ✗ an answer is needed here")

    def _ask_player_points(self, player: str, raw: dict[str, Any], old: Any) -> None:
        allow_cards = "player" in self.fields
        question = f"Card points of {player}"
        if allow_cards:
            question += " (the other gets 91 minus them), or the cards of the pile"
        default = old.get(player) if isinstance(old, Mapping) else None
        while True:
            text = self._ask(question, None if default is None else str(default))
            if text:
                break
            self.say("  ✗ an answer is needed here")
        if allow_cards and as_decimal(text) is None:
            raw["cards"], raw["player"] = text, player
            raw.pop("points", None)
            return
        points = raw.get("points")
        raw["points"] = {**(points if isinstance(points, Mapping) else {}), player: text}

    def _question(self, field: Field, required: bool) -> str:
        """The field's own help as a question; `required`: no "(Enter: none)" hint."""
        text = field.question
        if field.key == "points" and "cards" in self.fields:
            text += ", or the cards of a pile"
        if field.choices:
            choices = [c for c in field.choices if not (c == "given" and "owed" in field.choices)]
            text += f" ({'/'.join(choices)})"
        if field.kind == "flag":
            text += " (y/n)"
        elif field.key == "fool_exchange" and "owed" in field.choices:
            text += " (Enter: exchanged as usual)"
        elif not required:
            text += " (Enter: none)"
        return text


def _shown(old: Any, field: Field) -> str | None:
    if field.kind == "flag":
        return "y" if old else "n"
    if old is None:
        return None
    if isinstance(old, Mapping):
        return " ".join(f"{k}:{v}" for k, v in old.items())
    return str(old)


def _forget(raw: dict[str, Any], key: str) -> set[str]:
    """Drop a wrong answer and those that went with it; the keys to ask again."""
    name, _, player = key.partition("=")
    if player and isinstance(raw.get(name), dict):
        raw[name].pop(player, None)
        return {key}
    gone = {key, name}
    if name in ("points", "cards"):  # points or a pile: a pile's size and side go with it
        gone |= {"points", "cards", "pile", "side"}
    for k in gone:
        raw.pop(k, None)
    return gone
