"""Reading a deal's raw fields (from command-line options or a session file) with a `Reader`,
which collects every problem instead of stopping at the first. Shared by the games; it knows
one game at a time (the registry, which knows them all, says which game a stray field
belongs to: `variants.read_entry`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from scorepad.cards import Card, Deck, PileCount, count_pile, display_order
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Table
from scorepad.text import shown
from scorepad.variants.base import Variant, field_word


def resolve_choice(
    value: str, choices: Sequence[str], aliases: Mapping[str, str] = {}
) -> list[str]:
    """The choices `value` may mean: the exact name or alias, else the choices it is a
    prefix of (`pet` is petite), else the aliases it is a prefix of. One: found."""
    if value in choices:  # as the file writes it
        return [value]
    word = value.strip().lower().replace("_", "-").replace(" ", "-")
    if word in choices:
        return [word]
    if word in aliases:
        return [aliases[word]]
    if not word:
        return []
    found = [c for c in choices if c.startswith(word)]
    if not found:
        found = list(dict.fromkeys(t for a, t in aliases.items() if a.startswith(word)))
    return found


def short_answers(choices: Sequence[str], aliases: Mapping[str, str] = {}) -> list[str]:
    """What to type for each choice, as short as it can be: its shortest alias or prefix
    that means it alone (garde-sans: gs; pass: pass when p is petite)."""
    result = []
    for choice in choices:
        typed = [
            a
            for a, t in aliases.items()
            if (t == choice and a.isascii() and a.isalpha())
            or (t == choice and a.isascii() and "-" not in a and len(a) <= 3)
        ]
        typed += [choice[:i] for i in range(1, len(choice))]
        fits = [t for t in typed if resolve_choice(t, choices, aliases) == [choice]]
        best = min(fits, key=len, default=choice)
        result.append(choice if len(choice) <= 4 or len(best) >= len(choice) - 1 else best)
    return result


class ForeignKey(Problem):
    """A raw field the game does not read (its `field`): "bid is not a field of a french deal".
    Only the registry knows the other games, so it says which game the field belongs to
    instead, where the deal is read (`variants.read_entry`)."""


def not_a_field(key: str, game: str) -> str:
    """Why `key` is refused by `game`, when no game has it."""
    return _("{key} is not a field of a {name} deal").format(key=shown(key), name=game)


NUMBER = re.compile(r"[+-]?(?:[0-9]{1,9}(?:[.,][0-9]{0,9})?|[.,][0-9]{1,9})", re.ASCII)


def as_decimal(value: Any) -> Decimal | None:
    """A number as people type it (ASCII digits, a point or a comma), of sensible size:
    "²", "٣", "1e-999999999" or a thousand digits are no numbers here."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Decimal(value) if abs(value) < 10**9 else None
    if isinstance(value, float):
        value = repr(value) if abs(value) < 1e9 else ""
        value = value.removesuffix(".0") if value.endswith(".0") else value
    text = str(value).strip() if isinstance(value, str | float) else ""
    if not NUMBER.fullmatch(text):
        return None
    try:
        return Decimal(text.replace(",", "."))
    except InvalidOperation:
        return None


@dataclass(frozen=True)
class PointsOrPile:
    """The declaring side's card points as given (`Reader.points_or_pile`): the points typed,
    or a pile's cards, its size and whose it is (`side`), with the pile's count."""

    points: Decimal | None
    cards: tuple[Card, ...] | None
    pile: int | None
    side: str
    counted: PileCount | None  # the pile's count, when cards were given and add up


class Reader:
    """Reads fields of a raw entry, recording problems and which keys were used."""

    def __init__(self, raw: Mapping[str, Any], table: Table, variant: Variant) -> None:
        # options not given are None: taken as absent (a file's fields never are)
        self.raw = {k: v for k, v in raw.items() if v is not None} if None in raw.values() else raw
        self.table = table
        self.variant = variant
        self.problems: list[Problem] = []
        self.missing: list[tuple[str, str]] = []  # (key, how to give it)
        self.used: set[str] = set()

    def word(self, key: str) -> str:
        """A field's name in a sentence, as the game declares it (`field_word`)."""
        return field_word(key, self.variant.fields)

    def add(self, what: str, field: str | None = None, asked: str | None = None) -> None:
        """A problem with the deal; `asked` says it at the table when `what` names options."""
        self.problems.append(Problem("", what, field, asked))

    @property
    def complete(self) -> bool:
        """Nothing wrong and nothing missing so far: cross-field checks may run."""
        return not self.problems and not self.missing

    def require(self, key: str, how: str) -> None:
        """Note a field that must still be given; all of them make one `missing:` problem."""
        self.missing.append((key, how))

    def has(self, key: str) -> bool:
        return key in self.raw

    def get(self, key: str) -> Any:
        value = self.raw.get(key)
        if value is not None:
            self.used.add(key)
        return value

    def text(self, key: str) -> str | None:
        value = self.raw.get(key)
        if value is None:
            return None
        self.used.add(key)
        if not isinstance(value, str):
            self.add(
                _("{key} must be text, not {value}").format(key=self.word(key), value=shown(value)),
                key,
            )
            return None
        return value

    def choice(
        self, key: str, choices: Iterable[str], aliases: Mapping[str, str] = {}
    ) -> str | None:
        if key not in self.raw:  # most fields of a deal: at once
            return None
        value = self.text(key)
        if value is None:
            return None
        options = tuple(choices)
        found = resolve_choice(value, options, aliases)
        if len(found) == 1:
            return found[0]
        label = self.word(key)
        if found:
            self.add(
                _("{label} {value} could be {found}: type more letters").format(
                    label=label, value=shown(value), found=_(" or ").join(found)
                ),
                key,
            )
        else:
            self.add(
                _("{label} {value} is not one of {options}").format(
                    label=label, value=shown(value), options=_(", ").join(options)
                ),
                key,
            )
        return None

    def player(self, key: str, role: str | None = None) -> str | None:
        if key not in self.raw:
            return None
        value = self.text(key)
        if value is None or value in self.table.players:  # None, or as the file writes it
            return value
        try:
            return self.table.resolve(value, role or self.word(key))
        except ScorepadError as err:
            self.problems.extend(Problem(p.where, p.what, key) for p in err.problems)
            return None

    def flag(self, key: str) -> bool:
        if key not in self.raw:
            return False
        value = self.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.add(
                _("{key} must be true or false, not {value}").format(
                    key=self.word(key), value=shown(value)
                ),
                key,
            )
            return False
        return value

    def integer(self, key: str, lo: int, hi: int, what: str = "") -> int | None:
        if key not in self.raw:
            return None
        value = self.get(key)
        if value is None or (value.__class__ is int and lo <= value <= hi):
            return value
        number = as_decimal(value)
        if number is None or number != number.to_integral_value():
            self.add(
                _("{key} must be a whole number, not {value}").format(
                    key=self.word(key), value=shown(value)
                ),
                key,
            )
            return None
        if not lo <= number <= hi:
            self.add(
                _("{key} {number} is outside {lo}–{hi}{what}").format(
                    key=self.word(key), number=number, lo=lo, hi=hi, what=what
                ),
                key,
            )
            return None
        return int(number)

    def number(
        self, value: Any, hi: int, step: Decimal, key: str = "points", player: str | None = None
    ) -> Decimal | None:
        """Points in 0–hi, a multiple of `step` (`player`: whose, in points by player)."""
        number = as_decimal(value)
        if number is not None and 0 <= number <= hi and not number % step:
            return number
        label = self.word(key)
        if player is not None:  # the problem's field names the player: points=Anna
            label, key = _("{key} of {player}").format(key=label, player=player), f"{key}={player}"
        if number is None:
            self.add(
                _("{label} must be a number, not {value}").format(label=label, value=shown(value)),
                key,
            )
            return None
        if not 0 <= number <= hi:
            self.add(
                _("{label} {number} is outside 0–{hi}").format(label=label, number=number, hi=hi),
                key,
            )
            return None
        self.add(
            _("{label} {number} is not a multiple of {step}").format(
                label=label, number=number, step=step
            ),
            key,
        )
        return None

    def points(self, key: str, hi: int, step: Decimal) -> Decimal | None:
        value = self.get(key)
        if value is None:
            return None
        if isinstance(value, Mapping):
            self.add(
                _(
                    "{key} takes one number for the declaring side here, not points by player"
                ).format(key=self.word(key)),
                key,
            )
            return None
        return self.number(value, hi, step, key)

    def points_by_player(self, key: str, hi: int, step: Decimal) -> dict[str, Decimal] | None:
        value = self.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.add(
                _("{key} needs NAME=X for each player, not {value}").format(
                    key=self.word(key), value=shown(value)
                ),
                key,
            )
            return None
        result: dict[str, Decimal] = {}
        for name, x in value.items():
            try:
                player = self.table.resolve(str(name))
            except ScorepadError as err:
                self.problems.extend(Problem(p.where, p.what, key) for p in err.problems)
                continue
            if player in result:
                self.add(
                    _("{key} names {player} twice").format(key=self.word(key), player=player), key
                )
                continue
            number = self.number(x, hi, step, key, player)
            if number is not None:
                result[player] = number
        return result

    def cards(self, key: str, deck: Deck) -> tuple[Card, ...] | None:
        value = self.get(key)
        if value is None:
            return None
        if not isinstance(value, str | list):
            self.add(
                _('{key} must be card notation like "21 1 EX KH", not {value}').format(
                    key=self.word(key), value=shown(value)
                ),
                key,
            )
            return None
        try:
            cards = deck.parse_many(value if isinstance(value, str) else [str(v) for v in value])
            return tuple(sorted(cards, key=display_order))
        except ScorepadError as err:
            self.problems.extend(
                Problem("", f"{self.word(key)}: {p.what}", key) for p in err.problems
            )
            return None

    def card(self, key: str, deck: Deck) -> Card | None:
        cards = self.cards(key, deck)
        if cards is None:
            return None
        if len(cards) != 1:
            self.add(
                _("{key} takes one card, not {cards}").format(key=self.word(key), cards=len(cards)),
                key,
            )
            return None
        return cards[0]

    def points_or_pile(
        self,
        deck: Deck,
        hi: int,
        step: Decimal,
        sides: tuple[str, str],
        side_aliases: Mapping[str, str],
        how: str,
    ) -> PointsOrPile:
        """The declaring side's card points: `--points X`, or a pile's `--cards` with
        `--pile N` (and `--side`, whose pile it is). `how` says what to give when neither is
        (untranslated: translated when said)."""
        raw = self.raw  # what is not given is not read (a call less a field)
        given_points, given_cards = "points" in raw, "cards" in raw
        points = self.points("points", hi, step) if given_points else None
        cards = self.cards("cards", deck) if given_cards else None
        pile = self.integer("pile", 0, deck.size) if "pile" in raw else None
        side = (self.choice("side", sides, side_aliases) if "side" in raw else None) or sides[0]
        counted = None
        if given_points and given_cards:
            self.add(_("give either --points or --cards, not both"), "cards")
        elif given_cards:
            if cards is not None:
                try:
                    counted = count_pile(deck, cards, pile)
                except ScorepadError as err:
                    self.problems.extend(
                        Problem("", _("cards: {what}").format(what=p.what), "cards")
                        for p in err.problems
                    )
        elif given_points:
            for key in ("pile", "side"):
                if self.has(key):
                    self.add(_("--{key} goes with --cards, not with --points").format(key=key), key)
        else:
            self.require("points", _(how))
        return PointsOrPile(
            points=points if given_points else None,
            cards=cards,
            pile=pile if given_cards else None,
            side=side,
            counted=counted,
        )

    def finish(self) -> None:
        for key in self.raw:
            if key not in self.used:
                self.problems.append(ForeignKey("", not_a_field(key, self.variant.name), key))
        problems = list(self.problems)
        if self.missing:
            hows = "; ".join(how for _key, how in self.missing)
            problems.append(Problem("", _("missing: ") + hows, MISSING))
        if problems:
            raise ScorepadError(problems, [key for key, _how in self.missing])


MISSING = "<missing>"  # the field of the one problem that lists the missing fields


FOOL_KEYS = ("fool", "fool_winner", "fool_exchange")


FOOL_HOW = {
    "fool": N_("--fool NAME (who played the {})"),
    "fool_winner": N_("--fool-winner NAME (who won that trick)"),
    "fool_exchange": N_("--fool-exchange (what became of the {})"),
}


def fool_event_complete(r: Reader, values: tuple[str | None, ...], fool_name: str) -> bool:
    """True when the Fool event (the values read of `FOOL_KEYS`) is given in full; a partial
    one requires the rest."""
    if values == (None, None, None):
        return False  # most deals: no Fool event
    for key, value in zip(FOOL_KEYS, values, strict=True):
        if not value and not r.has(key):  # given but wrong: already a problem
            r.require(key, _(FOOL_HOW[key]).format(_(fool_name)))
    return all(values)


def fool_pile_problem(
    fool: Card,
    fool_name: str,
    cards: Sequence[Card],
    pile_owner: str,
    holder: str,
    exchange: str,
) -> str | None:
    """The listed pile must hold the Fool exactly when its holder's side owns the pile."""
    listed = fool in cards
    if listed == (holder == pile_owner):
        return None
    where = _("is") if listed else _("is not")
    return _(
        "the {fool_name} {where} in the listed pile ({pile_owner}), but with "
        "--fool-exchange {exchange} it ends with {holder}"
    ).format(
        fool_name=_(fool_name), where=where, pile_owner=pile_owner, exchange=exchange, holder=holder
    )
