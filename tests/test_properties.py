"""Invariants over many generated deals: zero-sum settlements, card totals, round trips."""

from __future__ import annotations

import itertools
import tomllib
from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import simulate
from scorepad import core, scores, storage
from scorepad.cards import count_pile, french_deck, piedmont_deck, troggu_deck
from scorepad.storage import document
from scorepad.variants.piedmont import round_up

HALF = Decimal("0.5")


@given(st.integers(3, 5), st.lists(st.randoms(use_true_random=False), min_size=1, max_size=4),
       st.sampled_from(["seed", "fft"]))
def test_french_deals_sum_to_zero_and_survive_save_and_load(n, rngs, profile):
    session = core.new_session("french", simulate.NAMES[:n], profile=profile)
    for rng in rngs:  # deals played from a shuffled deck (tests/simulate.py)
        played = simulate.french(rng, n)
        if played is not None:
            session = core.add_deal(session, played.raw)
    for outcome in scores.outcomes(session):
        assert sum(outcome.scores.values()) == 0
        assert set(outcome.scores) == set(session.players)
    text = storage.dumps(session)
    assert document.session_from_document(tomllib.loads(text)) == session
    assert storage.dumps(document.session_from_document(tomllib.loads(text))) == text


@given(st.integers(3, 8), st.randoms(use_true_random=False))
def test_troggu_settlements_sum_to_zero(n, rng):
    played = simulate.troggu(rng, n)
    if played is None:
        return
    session = core.add_deal(core.new_session("troggu", played.players), played.raw)
    [outcome] = scores.outcomes(session)
    assert sum(outcome.scores.values()) == 0
    text = storage.dumps(session)
    assert document.session_from_document(tomllib.loads(text)) == session


@given(st.integers(3, 8), st.randoms(use_true_random=False), st.booleans())
def test_the_trick_proof_from_the_points_scored_is_the_entry_s(n, rng, tricks_known):
    """Scoring hands prove_tricks the points it has counted: the proof is the entry's own,
    the trick count played among its counts."""
    from scorepad.variants.troggu import prove_tricks, team_points

    played = simulate.troggu(rng, n)
    if played is None or played.raw["bid"] == "misere":
        return
    raw = dict(played.raw)
    if not tricks_known:
        raw.pop("tricks", None)
    session = core.add_deal(core.new_session("troggu", played.players), raw)
    [deal] = session.deals
    points, _lines = team_points(deal.entry, explain=False)
    proof = prove_tricks(deal.entry, n, points)
    assert proof == prove_tricks(deal.entry, n)
    assert played.tricks in proof.counts


@given(st.permutations(list(troggu_deck().values)), st.lists(st.integers(0, 62), max_size=7))
def test_any_split_of_the_62_cards_counts_114(cards, cuts):
    deck = troggu_deck()
    bounds = [0, *sorted(cuts), 62]
    piles = [cards[a:b] for a, b in itertools.pairwise(bounds)]
    assert sum(count_pile(deck, pile).points for pile in piles) == 114


@given(st.permutations(list(french_deck().values)), st.integers(0, 78))
def test_any_split_of_the_78_french_cards_counts_91(cards, cut):
    deck = french_deck()
    a, b = count_pile(deck, cards[:cut]), count_pile(deck, cards[cut:])
    assert a.points + b.points == 91
    assert a.bouts + b.bouts == 3


@given(st.permutations(list(piedmont_deck().values)), st.integers(0, 38), st.sampled_from([20, 21]))
def test_piedmont_odd_piles_round_to_91(cards, half, angel):
    deck = piedmont_deck(angel)
    cut = 2 * half + 1  # odd: the Matto makes every pile odd
    piles = [cards[:cut], cards[cut:]]
    counted = [count_pile(deck, p) for p in piles]
    assert all(c.points % 1 == HALF for c in counted)
    assert sum(round_up(c.points) for c in counted) == 91


@given(st.sampled_from(["french", "troggu", "piedmont"]), st.integers(3, 8),
       st.lists(st.randoms(use_true_random=False), min_size=1, max_size=3))
def test_every_game_s_deals_survive_a_save_and_load(game, n, rngs):
    """What a save writes (`storage.dumps`: the text parsed back, not checked again) reads
    back with every check as the very session, for every kind of deal a table plays."""
    n = {"french": min(n, 5), "piedmont": 2}.get(game, n)
    players = simulate.NAMES[:n]
    session = core.new_session(game, players)
    for rng in rngs:
        played = getattr(simulate, game)(rng) if game == "piedmont" else \
            getattr(simulate, game)(rng, n)
        if played is not None:
            session = core.add_deal(session, played.raw)
    assert storage.load_bytes(storage.dumps(session).encode("utf-8"), Path("s.toml")) == session


@given(st.sampled_from(["french", "troggu", "piedmont"]), st.integers(3, 8),
       st.randoms(use_true_random=False))
def test_scores_without_their_explanation_are_the_same_scores(game, n, rng):
    """Tables and totals score deals without the arithmetic's text: the same outcome."""
    from dataclasses import replace

    from scorepad.variants import get_variant

    n = {"french": min(n, 5), "piedmont": 2}.get(game, n)
    played = simulate.piedmont(rng) if game == "piedmont" else getattr(simulate, game)(rng, n)
    if played is None:
        return
    session = core.add_deal(core.new_session(game, played.players), played.raw)
    [deal] = session.deals
    explained = get_variant(game).score(deal.entry, session.table)
    assert explained.explain and scores.score(session, deal) == explained
    assert get_variant(game).score(deal.entry, session.table, explain=False) == \
        replace(explained, explain=())
    assert list(scores.iter_outcomes(session)) == [replace(explained, explain=())]


@given(st.text(alphabet=st.sampled_from(
    "aé大\n\t \u3000\xa0\x1b\x07\r\x00\x7f\x85\xad\u200b\u200d\ufe0f\u2028\u2029\ufeff\ue000"
)) | st.text())
def test_printable_takes_its_short_cut_only_where_nothing_is_escaped(text):
    """text.printable's quick test (isprintable once \\n and \\t are set aside) gives what
    the character-by-character reading gives: every control character escaped, nothing else
    changed."""
    import unicodedata

    from scorepad.text import printable

    def control(ch):  # the rule, as its docstring says: not \n or \t, not the emoji joiners
        return ch not in "\n\t\u200d\ufe0f" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")

    slow = "".join(repr(ch)[1:-1] if control(ch) else ch for ch in text)
    assert printable(text) == slow
