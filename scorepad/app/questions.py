"""One field of a game asked at the table, as its `Field` describes it: its question in the
game's words, then the answer in the shape the field takes (points or a pile's cards and its
size, a partner or "alone", yes/no, each player's points). The entry (`guided.DealEntry`)
decides which field comes next."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.app.asking import ALONE, NO, NONE_WORDS, YES, Back, Entry
from scorepad.cards import split_cards
from scorepad.errors import ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Table
from scorepad.text import shown
from scorepad.variants.base import Field, field_word
from scorepad.variants.reader import as_decimal, resolve_choice, short_answers


def ask_field(entry: Entry, key: str, raw: dict[str, Any], required: bool) -> None:
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


def _pile_after(entry: Entry, raw: dict[str, Any], redo: Callable[[], None]) -> None:
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


def _cards_read(entry: Entry, text: str) -> bool:
    """Whether `text` lists cards of the game's deck; if not, each bad card is said."""
    try:
        entry.variant.deck(entry.table.rules).parse_many(text)
    except ScorepadError as err:
        word = field_word("cards", entry.fields.values())
        for problem in err.problems:
            entry.say(f"  ✗ {word}: {problem.what}")
        return False
    return True


def _alias_clash(entry: Entry, text: str, field: Field) -> str | None:
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


def _ask_yes_no(entry: Entry, field: Field, raw: dict[str, Any], old: Any) -> None:
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


def _ask_partner(entry: Entry, field: Field, raw: dict[str, Any], required: bool, old: Any) -> None:
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


def _ask_player_points(entry: Entry, player: str, raw: dict[str, Any], old: Any) -> None:
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


def _answers(entry: Entry, field: Field) -> str:
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


def _question(entry: Entry, field: Field, required: bool) -> str:
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
