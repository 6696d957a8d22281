"""Invariants over many generated deals: zero-sum settlements, card totals, round trips."""

from __future__ import annotations

import itertools
import tomllib
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad import core, storage
from scorepad.cards import count_pile, french_deck, piedmont_deck, troggu_deck
from scorepad.variants.piedmont import local_count, round_up
from scorepad.variants.troggu import TAPP

NAMES = ["Anna", "Bruno", "Chloé", "大輔", "Émile", "Fritz", "Gabi", "Hans"]
HALF = Decimal("0.5")


@st.composite
def french_deals(draw):
    n = draw(st.integers(3, 5))
    players = NAMES[:n]
    contract = draw(st.sampled_from(["petite", "garde", "garde-sans", "garde-contre", "pass"]))
    raw = {"contract": contract}
    if contract == "pass":
        return players, raw
    taker = draw(st.sampled_from(players))
    raw["taker"] = taker
    if n == 5 and draw(st.booleans()):
        raw["partner"] = draw(st.sampled_from([p for p in players if p != taker]))
    bouts = draw(st.integers(0, 3))
    lo, hi = int(9 * bouts), int(182 - 9 * (3 - bouts))  # in halves
    halves = draw(st.integers(lo, hi))
    if n == 4:
        halves -= halves % 2
        halves = max(halves, lo + lo % 2)
    raw["points"] = str(Decimal(halves) * HALF)
    raw["bouts"] = str(bouts)
    threshold = {3: 13, 4: 10, 5: 8}[n]
    shown = draw(st.lists(st.sampled_from(players), unique=True, max_size=2))
    trumps = [draw(st.integers(threshold, threshold + 2)) for _ in shown]
    if sum(trumps) > 22:  # two handfuls cannot show more than the 22 trumps there are
        shown, trumps = shown[:1], trumps[:1]
    raw["handfuls"] = [f"{p}:{t}" for p, t in zip(shown, trumps, strict=True)]
    if draw(st.booleans()):
        raw["petit_au_bout"] = draw(st.sampled_from(["attack", "defence"]))
    points = Decimal(halves) * HALF
    if points >= 87 and draw(st.booleans()):
        raw["slam"] = "attack"
    elif points <= 4 and draw(st.booleans()):
        raw["slam"] = "defence"
    if draw(st.booleans()):
        raw["slam_announced"] = True
    return players, raw


@settings(max_examples=300, deadline=None)
@given(st.lists(french_deals(), min_size=1, max_size=4), st.sampled_from(["seed", "fft"]))
def test_french_deals_sum_to_zero_and_survive_save_and_load(deals, profile):
    players = deals[0][0]
    session = core.new_session("french", players, profile=profile)
    for these, raw in deals:
        if len(these) == len(players):
            session = core.add_deal(session, raw)
    for outcome in core.outcomes(session):
        assert sum(outcome.scores.values()) == 0
        assert set(outcome.scores) == set(players)
    text = storage.dumps(session)
    assert storage.session_from_document(tomllib.loads(text)) == session
    assert storage.dumps(storage.session_from_document(tomllib.loads(text))) == text


@st.composite
def troggu_deals(draw):
    n = draw(st.integers(3, 8))
    players = NAMES[:n]
    bid = draw(st.sampled_from(["tapp", "solo", "misere"]))
    if bid == "misere":
        budget = 114 - TAPP[n] * 2  # a Tapp of 2-point cards on average: a possible total
        cuts = sorted(draw(st.lists(st.integers(0, budget), min_size=n - 1, max_size=n - 1)))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, budget], strict=True)]
        return players, {"bid": bid, "points": dict(zip(players, parts, strict=True))}
    tappist = draw(st.sampled_from(players))
    raw = {"bid": bid, "tappist": tappist, "points": str(draw(st.integers(0, 114)))}
    if n >= 7:
        others = [p for p in players if p != tappist]
        if draw(st.booleans()):
            raw["partner"] = draw(st.sampled_from(others))
        else:
            raw["alone"] = True
    return players, raw


@settings(max_examples=300, deadline=None)
@given(troggu_deals())
def test_troggu_settlements_sum_to_zero(deal):
    players, raw = deal
    session = core.add_deal(core.new_session("troggu", players), raw)
    [outcome] = core.outcomes(session)
    assert sum(outcome.scores.values()) == 0
    text = storage.dumps(session)
    assert storage.session_from_document(tomllib.loads(text)) == session


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(troggu_deck().values)), st.lists(st.integers(0, 62), max_size=7))
def test_any_split_of_the_62_cards_counts_114(cards, cuts):
    deck = troggu_deck()
    bounds = [0, *sorted(cuts), 62]
    piles = [cards[a:b] for a, b in itertools.pairwise(bounds)]
    assert sum(count_pile(deck, pile).points for pile in piles) == 114


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(french_deck().values)), st.integers(0, 78))
def test_any_split_of_the_78_french_cards_counts_91(cards, cut):
    deck = french_deck()
    a, b = count_pile(deck, cards[:cut]), count_pile(deck, cards[cut:])
    assert a.points + b.points == 91
    assert a.bouts + b.bouts == 3


@settings(max_examples=300, deadline=None)
@given(st.permutations(list(piedmont_deck().values)), st.integers(0, 38), st.sampled_from([20, 21]))
def test_piedmont_odd_piles_round_to_91_and_local_counting_agrees(cards, half, angel):
    deck = piedmont_deck(angel)
    cut = 2 * half + 1  # odd: the Matto makes every pile odd
    piles = [cards[:cut], cards[cut:]]
    counted = [count_pile(deck, p) for p in piles]
    assert all(c.points % 1 == HALF for c in counted)
    assert sum(round_up(c.points) for c in counted) == 91
    for pile, c in zip(piles, counted, strict=True):
        listed = [card for card in pile if deck.value(card) != deck.low]
        if listed:  # with a counting card left single, the local way gives the rounded total
            assert local_count(deck, listed, len(pile)) == round_up(c.points)
        else:  # a pile of only low cards: the local way gives one less (see the README)
            assert local_count(deck, listed, len(pile)) == round_up(c.points) - 1
