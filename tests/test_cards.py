from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.cards import (
    FOOL_CARD,
    Card,
    count_pile,
    french_deck,
    piedmont_deck,
    read_card,
    troggu_deck,
    trump,
)
from scorepad.errors import ScorepadError


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("21", trump(21)), ("T1", trump(1)), ("t7", trump(7)), ("EX", FOOL_CARD),
        ("excuse", FOOL_CARD), ("F", FOOL_CARD), ("fool", FOOL_CARD), ("KH", Card("H", 14)),
        ("RH", Card("H", 14)), ("K♥", Card("H", 14)), ("K♥️", Card("H", 14)),
        ("QS", Card("S", 13)), ("DS", Card("S", 13)), ("DD", Card("D", 13)),
        ("CC", Card("C", 12)), ("NC", Card("C", 12)), ("cavalierC", Card("C", 12)),
        ("JD", Card("D", 11)), ("VD", Card("D", 11)), ("10D", Card("D", 10)),
        ("1H", Card("H", 1)), ("c♣", Card("C", 12)), ("q♦", Card("D", 13)),
    ],
)  # fmt: skip
def test_notation(token, card):
    assert read_card(token) == card


@pytest.mark.parametrize("token", ["", "X", "ZZ", "KX", "H", "queenZ"])
def test_not_a_card(token):
    assert read_card(token) is None


def test_game_names():
    assert troggu_deck().parse("Bättler") == FOOL_CARD
    assert troggu_deck().parse("baetler") == FOOL_CARD
    assert piedmont_deck().parse("matto") == FOOL_CARD
    assert piedmont_deck().parse("angel") == trump(20)
    assert piedmont_deck(21).parse("angel") == trump(21)
    assert piedmont_deck().parse("bagatto") == trump(1)


@pytest.mark.parametrize(
    ("deck", "size", "total"),
    [(french_deck(), 78, Decimal(91)), (troggu_deck(), 62, Decimal(114)),
     (piedmont_deck(), 78, Decimal(90)), (piedmont_deck(21), 78, Decimal(90))],
)  # fmt: skip
def test_deck_sizes_and_totals(deck, size, total):
    assert deck.size == size
    assert deck.total == total


def test_troggu_deck_lacks_cards_by_name():
    deck = troggu_deck()
    for token in ("7H", "2S", "22", "10D", "1S"):
        with pytest.raises(ScorepadError, match=f"card '{token}' is not in the troggu deck"):
            deck.parse(token)
    assert deck.parse("6H") == Card("H", 6)
    assert deck.parse("5S") == Card("S", 5)


def test_piedmont_values():
    deck = piedmont_deck()
    assert deck.value(trump(20)) == Decimal("4.5")  # the Angel
    assert deck.value(trump(21)) == Decimal("0.5")  # an ordinary trump here
    assert deck.value(FOOL_CARD) == Decimal("3.5")  # the Matto
    assert deck.value(Card("H", 11)) == Decimal("1.5")  # the jack, not the seed's 2.5
    assert piedmont_deck(21).value(trump(20)) == Decimal("0.5")


def test_parse_many_reports_every_problem():
    with pytest.raises(ScorepadError) as err:
        french_deck().parse_many("21, KH kh 23 ZZ")
    assert [p.what for p in err.value.problems] == [
        "card 'kh' is listed twice",
        "card '23' is not in the french deck (trumps 1–21, the Excuse, and K Q C J 10–1 in "
        "S H D C)",
        "'ZZ' is not a card notation (e.g. 21, EX, KH, 10D, Q♠)",
    ]


def test_count_pile_french_example_9():
    deck = french_deck()
    cards = deck.parse_many("21 1 EX K♥ K♠ Q♦ C♣ J♥")
    counted = count_pile(deck, cards, 30)
    assert (counted.points, counted.bouts, counted.cards) == (Decimal(41), 3, 30)


def test_count_pile_troggu_example_8():
    deck = troggu_deck()
    counted = count_pile(deck, deck.parse_many("bättler 21 1 K♥ K♠ Q♦ C♣ J♥"), 20)
    assert counted.points == 46


def test_count_pile_needs_every_counting_card_listed():
    deck = french_deck()
    with pytest.raises(ScorepadError, match="list every counting card"):
        count_pile(deck, (), 78)
    with pytest.raises(ScorepadError, match="a pile holds 0 to 78 cards"):
        count_pile(deck, (), 79)


DECKS = [french_deck(), troggu_deck(), piedmont_deck(), piedmont_deck(21)]


def decimal_count(deck, cards, size):
    """A pile counted card by card in Decimals, as count_pile once did: (points, low cards
    listed, bouts)."""
    listed = sum((deck.value(c) for c in cards), Decimal(0))
    return (
        listed + (size - len(cards)) * deck.low,
        sum(1 for c in cards if deck.value(c) == deck.low),
        sum(1 for c in cards if c in deck.bouts),
    )


@given(st.sampled_from(DECKS), st.data())
def test_count_pile_is_the_decimal_count(deck, data):
    cards = tuple(data.draw(st.lists(st.sampled_from(list(deck.values)), unique=True)))
    pile = data.draw(st.none() | st.integers(-2, deck.size + 2))
    size = len(cards) if pile is None else pile
    if not 0 <= size <= deck.size:
        expected = f"a pile holds 0 to {deck.size} cards, not {size}"
    elif len(cards) > size:
        expected = "are listed but the pile holds only"
    elif size - len(cards) > deck.low_cards() - decimal_count(deck, cards, size)[1]:
        expected = "list every counting card"
    else:
        counted = count_pile(deck, cards, pile)
        points, _low, bouts = decimal_count(deck, cards, size)
        assert (counted.points, counted.bouts, counted.cards) == (points, bouts, size)
        assert str(counted.points) == str(points)  # written alike too: 41.0 in French, 46 here
        return
    with pytest.raises(ScorepadError) as err:
        count_pile(deck, cards, pile)
    [problem] = err.value.problems
    assert expected in problem.what
