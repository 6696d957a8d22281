"""Cards as people type them, the decks of each game, and counting a pile's card points.

Card points are exact: `Decimal` values that are whole or end in .5, never floats.
A deck is data (its cards, their values, extra names), so a game with another deck
(Troggu's 62 cards, the Piedmontese Angel) is a new `Deck`, not new code.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _, ngettext
from scorepad.text import num, plural, points_of, shown

TRUMP = "T"
FOOL = "F"
SUITS = "SHDC"
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
FACE_LETTERS = {JACK: "J", KNIGHT: "C", QUEEN: "Q", KING: "K"}
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_WORDS = {
    **dict.fromkeys(("k", "r", "king", "roi", "re", "キング"), KING),
    **dict.fromkeys(("q", "d", "queen", "dame", "regina", "クイーン"), QUEEN),
    **dict.fromkeys(("c", "n", "cavalier", "knight", "cavall", "cavallo", "ナイト"), KNIGHT),
    **dict.fromkeys(("j", "v", "jack", "valet", "fante", "ジャック"), JACK),
}
FOOL_WORDS = ("ex", "f", "fool", "excuse", "0", "エクスキューズ")
HALF = Decimal("0.5")


_INTERNED: dict[tuple[str, int], Card] = {}


@dataclass(frozen=True, eq=False)  # one object per card: equal is identical (`__new__`)
class Card:
    """A card: a trump (suit "T", rank 1–21), the Fool (suit "F", rank 0) or a suit card.

    Suit cards have rank 1–10, 11 jack, 12 knight (cavalier), 13 queen, 14 king.
    """

    suit: str
    rank: int

    def __new__(cls, suit: str, rank: int) -> Card:
        # one object per card, so that a card hashes and compares by identity, in C: every
        # deal looks its cards up in the deck (a generated __hash__ costs 8 % of `standings`
        # of an evening). The notation bounds what a file can make: a few hundred cards.
        card = _INTERNED.get((suit, rank))
        if card is None:
            card = _INTERNED[(suit, rank)] = object.__new__(cls)
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[str, int]]:
        return Card, (self.suit, self.rank)  # copies and pickles are the one card too

    def __str__(self) -> str:
        if self.suit == TRUMP:
            return str(self.rank)
        if self.suit == FOOL:
            return "EX"
        return FACE_LETTERS.get(self.rank, str(self.rank)) + self.suit


def trump(n: int) -> Card:
    return Card(TRUMP, n)


FOOL_CARD = Card(FOOL, 0)


@dataclass(frozen=True)
class Deck:
    """A game's deck: which cards exist, what each is worth, and the names players use."""

    name: str
    values: Mapping[Card, Decimal]
    low: Decimal  # the value of a card that does not count (unlisted cards in a pile)
    fool_name: str
    bouts: frozenset[Card] = frozenset()
    names: Mapping[str, Card] = field(default_factory=dict)  # extra words: "matto", "angel", …
    shape: str = ""  # says what the deck holds, for error messages
    labels: Mapping[Card, str] = field(default_factory=dict)  # "Bättler", "Matto", "Angel"
    # each token read, and its card: a big file names the same few dozen tokens thousands of
    # times (reading them again is 30 % of `standings` of 10,000 French deals)
    parsed: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)

    def label(self, card: Card) -> str:
        return self.labels.get(card, str(card))

    def format(self, cards: Iterable[Card]) -> str:
        """Cards as this game's players name them, in the order they lay them out (as the
        session file stores them: in English)."""
        return " ".join(self.label(c) for c in sorted(cards, key=display_order))

    def shown(self, card: Card) -> str:
        """A card's name for people, in the language (the Bättler: ベットラー)."""
        return _(self.labels[card]) if card in self.labels else str(card)

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def total(self) -> Decimal:
        return sum(self.values.values(), Decimal(0))

    def value(self, card: Card) -> Decimal:
        return self.values[card]

    def low_cards(self) -> int:
        """How many cards of the deck do not count (a pile's unlisted cards are of them)."""
        return list(self.values.values()).count(self.low)

    def parse(self, token: str) -> Card:
        """One card from its notation, or a ScorepadError naming the token."""
        card = self.parsed.get(token)
        if card is not None:
            return card
        card = read_card(token, self.names)
        if card is None:
            raise ScorepadError.at(
                "",
                _("{token} is not a card notation (e.g. 21, EX, KH, 10D, Q♠)").format(
                    token=shown(token)
                ),
            )
        if card not in self.values:
            hint = f" ({_(self.shape)})" if self.shape else ""
            raise ScorepadError.at(
                "",
                _("card {token} is not in the {name} deck{hint}").format(
                    token=shown(token), name=self.name, hint=hint
                ),
            )
        if len(self.parsed) < 4096:  # what one file can make it hold is bounded
            self.parsed[token] = card
        return card

    def parse_many(self, text: str | Iterable[str]) -> tuple[Card, ...]:
        """Cards separated by spaces or commas; every bad or repeated card is reported."""
        tokens = split_cards(text) if isinstance(text, str) else text
        cards: list[Card] = []
        seen: set[Card] = set()
        problems: list[Problem] = []
        for token in tokens:
            try:
                card = self.parse(token)
            except ScorepadError as err:
                problems.extend(err.problems)
                continue
            if card in seen:
                problems.append(
                    Problem("", _("card {token} is listed twice").format(token=shown(token)))
                )
            else:
                cards.append(card)
                seen.add(card)
        if problems:
            raise ScorepadError(problems)
        return tuple(cards)


_SEPARATORS = re.compile(r"[\s,;]+")


def split_cards(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def read_card(token: str, names: Mapping[str, Card] = {}) -> Card | None:
    """Parse the notation of cli.md; None when it is no card notation at all."""
    t = token.strip().replace("\ufe0f", "").lower()
    if t in names:
        return names[t]
    if t in FOOL_WORDS:
        return FOOL_CARD
    m = re.fullmatch(r"(?:t|切り札)?([0-9]{1,2})", t)
    if m:
        n = int(m.group(1))
        return trump(n) if n > 0 else FOOL_CARD
    if len(t) < 2:
        return None
    suit = SUIT_SYMBOLS.get(t[-1], t[-1].upper())
    if suit not in SUITS:
        return None
    rank_text = t[:-1].rstrip(" -_")
    if rank_text.isascii() and rank_text.isdigit() and len(rank_text) <= 2:
        rank = int(rank_text)
        # out-of-range numbers (11S, 0H) become ranks no deck has, so the deck names them
        return Card(suit, rank if 1 <= rank <= 10 else 100 + rank)
    rank_word = RANK_WORDS.get(rank_text)
    return Card(suit, rank_word) if rank_word else None


@functools.cache  # a big file's piles sort the same few dozen cards thousands of times
def display_order(card: Card) -> tuple[int, int]:
    """The sort key as players lay out a pile: trumps high to low, the Fool, then S H D C."""
    group = {TRUMP: 0, FOOL: 1}.get(card.suit, 2 + SUITS.find(card.suit))
    return group, -card.rank


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True)
class PileCount:
    """A pile counted: its card points, its bouts (oudlers) and its number of cards."""

    points: Decimal
    bouts: int
    cards: int


def count_pile(deck: Deck, cards: Sequence[Card], pile: int | None = None) -> PileCount:
    """Card points of a pile: the listed cards plus `pile - len(cards)` unlisted low cards."""
    size = len(cards) if pile is None else pile
    if size < 0 or size > deck.size:
        raise ScorepadError.at(
            "", _("a pile holds 0 to {size} cards, not {size2}").format(size=deck.size, size2=size)
        )
    if len(cards) > size:
        raise ScorepadError.at(
            "",
            _("{cards} are listed but the pile holds only {size}").format(
                cards=plural(len(cards), "card"), size=size
            ),
        )
    values = [deck.values[c] for c in cards]
    unlisted = size - len(cards)
    low_left = deck.low_cards() - values.count(deck.low)
    if unlisted > low_left:
        raise ScorepadError.at(
            "",
            ngettext(
                "the pile holds {size} card but only {cards} are listed and the deck has "
                "{low_left} left for the other {unlisted}: list every counting card",
                "the pile holds {size} cards but only {cards} are listed and the deck has "
                "{low_left} left for the other {unlisted}: list every counting card",
                size,
            ).format(
                size=size,
                cards=len(cards),
                low_left=plural(low_left, "low card"),
                unlisted=unlisted,
            ),
        )
    # the values' own sum: written as they are (41.0 in a French pile, 46 in a Troggu one)
    points = sum(values, Decimal(0)) + unlisted * deck.low
    return PileCount(points=points, bouts=len(deck.bouts.intersection(cards)), cards=size)


def describe_pile(deck: Deck, label: str, cards: Sequence[Card], counted: PileCount) -> str:
    """ "taker's pile: 30 cards, 8 listed (21 1 EX KS KH QD CC JH) and 22 low cards → 41"."""
    listed = " ".join(deck.shown(c) for c in sorted(cards, key=display_order)) or _("none")
    low = counted.cards - len(cards)
    return _("{label}: {cards}, {cards2} listed ({shown}) and {low} → {points}").format(
        label=label,
        cards=plural(counted.cards, "card"),
        cards2=len(cards),
        shown=listed,
        low=plural(low, "low card"),
        points=points_of(counted.points),
    )


def pile_sum(deck: Deck, cards: Sequence[Card], counted: PileCount) -> str:
    """ "Matto 3.5 + Angel 4.5 + … + 31 low × 0.5 = 50.5": a pile's count, card by card."""
    ordered = sorted(cards, key=display_order)
    parts = [f"{deck.shown(c)} {num(deck.value(c))}" for c in ordered]
    low = counted.cards - len(cards)
    if low:
        parts.append(_("{low} low × {low2}").format(low=low, low2=num(deck.low)))
    return f"{' + '.join(parts) or '0'} = {num(counted.points)}"


# --- the decks -------------------------------------------------------------------------------


def _suit_values(
    ranks: Iterable[int], faces: Mapping[int, Decimal], low: Decimal, suits: str = SUITS
) -> dict[Card, Decimal]:
    return {Card(s, r): faces.get(r, low) for s in suits for r in ranks}


FRENCH_FACES = {
    KING: Decimal("4.5"),
    QUEEN: Decimal("3.5"),
    KNIGHT: Decimal("2.5"),
    JACK: Decimal("1.5"),
}


def french_deck() -> Deck:
    values = {trump(n): HALF for n in range(1, 22)}
    values.update({trump(21): Decimal("4.5"), trump(1): Decimal("4.5"), FOOL_CARD: Decimal("4.5")})
    values.update(_suit_values(range(1, 15), FRENCH_FACES, HALF))
    return Deck(
        name="french",
        values=values,
        low=HALF,
        fool_name="Excuse",
        bouts=frozenset({trump(21), trump(1), FOOL_CARD}),
        shape=N_("trumps 1–21, the Excuse, and K Q C J 10–1 in S H D C"),
    )


def troggu_deck() -> Deck:
    one = Decimal(1)
    faces = {KING: Decimal(5), QUEEN: Decimal(4), KNIGHT: Decimal(3), JACK: Decimal(2)}
    values = {trump(n): one for n in range(1, 22)}
    values.update({trump(21): Decimal(5), trump(1): Decimal(5), FOOL_CARD: Decimal(5)})
    # Cups (H) and Coins (D) keep 1–6; Swords (S) and Batons (C) keep 10–5.
    values.update(_suit_values([*range(1, 7), *range(11, 15)], faces, one, "HD"))
    values.update(_suit_values([*range(5, 11), *range(11, 15)], faces, one, "SC"))
    names = {w: FOOL_CARD for w in ("baetler", "baettler", "bättler", "battler", "ベットラー")}
    return Deck(
        name="troggu",
        values=values,
        low=one,
        fool_name="Bättler",
        bouts=frozenset({trump(21), trump(1), FOOL_CARD}),
        names=names,
        labels={FOOL_CARD: N_("Bättler")},
        shape=N_(
            "trumps 1–21, the Bättler, Cups H and Coins D: K Q C J 1–6, "
            "Swords S and Batons C: K Q C J 10–5"
        ),
    )


def piedmont_deck(angel: int = 20) -> Deck:
    values = {trump(n): HALF for n in range(1, 22)}
    values.update(
        {trump(angel): Decimal("4.5"), trump(1): Decimal("4.5"), FOOL_CARD: Decimal("3.5")}
    )
    values.update(_suit_values(range(1, 15), FRENCH_FACES, HALF))
    names = {
        "matto": FOOL_CARD,
        "angel": trump(angel),
        "angelo": trump(angel),
        "bagatto": trump(1),
        "マット": FOOL_CARD,
        "エンジェル": trump(angel),
        "バガット": trump(1),
    }
    return Deck(
        name="piedmont",
        values=values,
        low=HALF,
        fool_name="Matto",
        bouts=frozenset({trump(angel), trump(1)}),
        names=names,
        labels={FOOL_CARD: N_("Matto"), trump(angel): N_("Angel"), trump(1): N_("Bagatto")},
        shape=N_("trumps 1–21 (the Angel, the Bagatto), the Matto, and K Q C J 10–1 in S H D C"),
    )


# --- what a holding can be worth -------------------------------------------------------------


def holding_range(
    deck: Deck,
    free: int,
    restricted: int = 0,
    *,
    eligible: Callable[[Card], bool] = lambda card: True,
    bouts: int | None = None,
    fixed: Sequence[Card] = (),
) -> tuple[Decimal, Decimal] | None:
    """The least and the most a holding of `free + restricted` cards can be worth.

    Any card may be among the `free` ones (tricks won); the `restricted` ones must be
    `eligible` (a discard's rules). `fixed` cards are part of the holding for sure (counted
    in neither number); with `bouts`, the holding has exactly that many of the deck's bouts,
    `fixed` ones included. None when no such holding exists.
    """
    pool = [c for c in deck.values if c not in fixed]
    base = sum((deck.value(c) for c in fixed), Decimal(0))
    if bouts is not None:
        need = bouts - sum(1 for c in fixed if c in deck.bouts)
        spare = [c for c in pool if c in deck.bouts]
        if not 0 <= need <= len(spare):
            return None
        chosen = sorted(spare, key=deck.value, reverse=True)[:need]
        for card in chosen:  # a bout that may be restricted takes a restricted place first
            if eligible(card) and restricted > 0:
                restricted -= 1
            elif free > 0:
                free -= 1
            else:
                return None
        base += sum((deck.value(c) for c in chosen), Decimal(0))
        pool = [c for c in pool if c not in deck.bouts]
    if free < 0 or restricted < 0 or free + restricted > len(pool):
        return None
    ends = []
    for descending in (False, True):
        total, left_free, left = base, free, free + restricted
        for card in sorted(pool, key=deck.value, reverse=descending):
            if left == 0:
                break
            if not eligible(card):
                if left_free == 0:
                    continue
                left_free -= 1
            total += deck.value(card)
            left -= 1
        if left:
            return None
        ends.append(total)
    return ends[0], ends[1]
