"""Deals played out from a real shuffled deck, as a table would enter them.

Each function deals the cards, plays every trick (random cards, random winners, with the
Fool's own rules), counts the piles, and returns what a player would type: the raw deal
fields, and the card points scorepad must find. No trick-taking rule beyond card counts is
followed (who may play what), which is all the scoring ever sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    KING,
    SUITS,
    Card,
    count_pile,
    french_deck,
    piedmont_deck,
    troggu_deck,
    trump,
)
from scorepad.variants.french import discardable, dog_size
from scorepad.variants.french.entry import TARGETS
from scorepad.variants.troggu.entry import TAPP

NAMES = ["Anna", "Bruno", "Chloé", "大輔", "Émile", "Fritz", "Gabi", "Hans"]
HALF = Decimal("0.5")


@dataclass
class Played:
    players: list[str]
    raw: dict[str, Any]
    points: Any  # what the outcome must show: used points, or points per player
    pile_entry: bool = False  # the deal was entered as a pile (pile ± 1 must be refused)
    tricks: int | None = None  # Troggu: the tricks the Tappist's side actually took
    notes: list[str] = field(default_factory=list)


def _listing(rng: random.Random, deck: Any, pile: list[Card]) -> str:
    """A pile as people type it: every counting card, and some low cards too."""
    listed = [c for c in pile if deck.value(c) != deck.low or rng.random() < 0.1]
    rng.shuffle(listed)
    return " ".join(str(c) for c in listed)


def _enter_pile(rng: random.Random, deck: Any, raw: dict[str, Any],
                piles: dict[str, list[Card]], sides: dict[str, str | None]) -> None:
    """One side's pile typed as cards (--cards, --pile, and --side for the other side's)."""
    which = rng.choice(list(sides))
    raw["cards"] = _listing(rng, deck, piles[which])
    raw["pile"] = str(len(piles[which]))
    if sides[which]:
        raw["side"] = sides[which]


def _play(rng: random.Random, hands: dict[str, list[Card]], winners_for: Any,
          keep_back: str | None = None, keep_card: Card | None = None) -> list[tuple]:
    """Every trick: (cards by player, winner). `winners_for(i, cards)` lists who may win."""
    tricks = []
    size = len(next(iter(hands.values())))
    for i in range(size):
        cards = {}
        for p, hand in hands.items():
            choices = [c for c in hand if not (p == keep_back and c == keep_card
                                               and i < size - 1)]
            card = rng.choice(choices)
            hand.remove(card)
            cards[p] = card
        tricks.append((cards, winners_for(i, cards)))
    return tricks


# --- French Tarot ------------------------------------------------------------------------

def french(rng: random.Random, n: int) -> Played | None:
    deck = french_deck()
    cards = list(deck.values)
    rng.shuffle(cards)
    players = NAMES[:n]
    d = dog_size(n)
    hand = (78 - d) // n
    dog, rest = cards[:d], cards[d:]
    hands = {p: rest[i * hand:(i + 1) * hand] for i, p in enumerate(players)}
    contract = rng.choice(["petite", "garde", "garde-sans", "garde-contre"])
    taker = rng.choice(players)
    raw: dict[str, Any] = {"contract": contract, "taker": taker}
    attack = {taker}
    if n == 5:
        partner = rng.choice(players)
        if partner == taker:
            raw["alone"] = True
        else:
            raw["partner"] = partner
            attack.add(partner)
    side = {p: "attack" if p in attack else "defence" for p in players}
    tricks_pile: dict[str, list[Card]] = {"attack": [], "defence": []}
    extra: dict[str, list[Card]] = {"attack": [], "defence": []}
    if contract in ("petite", "garde"):
        full = hands[taker] + dog
        can = [c for c in full if discardable(c)]
        if len(can) < d:
            return None
        discard = rng.sample(can, d)
        hands[taker] = [c for c in full if c not in discard]
        extra["attack"] += discard
    else:
        extra["attack" if contract == "garde-sans" else "defence"] += dog

    trumps = {p: sum(1 for c in hands[p] if c.suit == "T" or c == FOOL_CARD) for p in players}
    mode = rng.choice(["normal"] * 5 + ["attack", "defence"])

    def winners_for(i: int, cards: dict[str, Card]) -> list[str]:
        able = [p for p, c in cards.items() if c != FOOL_CARD]
        if mode != "normal":
            mine = [p for p in able if side[p] == mode]
            return mine or able
        return able

    tricks = _play(rng, {p: list(h) for p, h in hands.items()}, winners_for)
    won_by = []
    fool_event = None
    for i, (cards, able) in enumerate(tricks):
        winner = rng.choice(able)
        last = i == len(tricks) - 1
        owner = next((p for p, c in cards.items() if c == FOOL_CARD), None)
        if last and owner is not None and all(w == side[owner] for w in won_by):
            winner = owner  # a slammer's Excuse led to the last trick wins it
        won_by.append(side[winner])
        others = [c for c in cards.values() if c != FOOL_CARD or owner == winner]
        tricks_pile[side[winner]] += others
        if owner is None or owner == winner:
            continue
        if last:  # the Excuse at the last trick outside a slam changes sides
            tricks_pile[side[winner]].append(FOOL_CARD)
            if side[owner] != side[winner]:
                fool_event = (owner, winner, "lost")
            continue
        tricks_pile[side[owner]].append(FOOL_CARD)
        if side[owner] != side[winner]:
            fool_event = (owner, winner, "owe")
    slam = won_by[0] if len(set(won_by)) == 1 else None
    if fool_event and fool_event[2] == "owe":  # a low card from the owner's tricks, if any
        owner, winner = fool_event[0], fool_event[1]
        low = [c for c in tricks_pile[side[owner]] if deck.value(c) == HALF]
        if low:
            tricks_pile[side[owner]].remove(low[0])
            tricks_pile[side[winner]].append(low[0])
            fool_event = (owner, winner, "given")
        else:
            fool_event = (owner, winner, "owed")
    piles = {s: tricks_pile[s] + extra[s] for s in ("attack", "defence")}
    assert len(piles["attack"]) + len(piles["defence"]) == 78
    counted = count_pile(deck, piles["attack"])
    points, bouts = counted.points, counted.bouts
    if fool_event and fool_event[2] == "owed":
        points += -HALF if side[fool_event[0]] == "attack" else HALF
    target = TARGETS[bouts]
    used = points.to_integral_value(ROUND_CEILING if points > target else ROUND_FLOOR) \
        if points != target else points

    last_cards, last_winner = tricks[-1][0], None
    if trump(1) in last_cards.values():
        last_winner = won_by[-1]
        raw["petit_au_bout"] = last_winner
    if slam:
        raw["slam"] = slam
    if rng.random() < 0.2:
        raw["slam_announced"] = True
    threshold = {3: 13, 4: 10, 5: 8}[n]
    shown = [f"{p}:{rng.randint(threshold, t)}" for p, t in trumps.items()
             if t >= threshold and rng.random() < 0.5]
    if shown:
        raw["handfuls"] = shown

    pile_entry = rng.random() < 0.5
    typed_adjusted = False
    if pile_entry:
        _enter_pile(rng, deck, raw, piles, {"attack": None, "defence": "defence"})
    else:
        raw["points"] = str(counted.points)
        raw["bouts"] = str(bouts)
        if fool_event and fool_event[2] == "owed" and slam and rng.random() < 0.5:
            raw["points"] = str(points)  # as the FFT prints it: 86.5 + 0.5 = 87
            typed_adjusted = True
    if fool_event and not typed_adjusted:
        owner, winner, what = fool_event
        needed = what == "owed" and not slam  # a slam's owed Excuse shows in its pile
        if needed or rng.random() < 0.5:
            raw.update(fool=owner, fool_winner=winner, fool_exchange=what)
    return Played(players, raw, used, pile_entry)


# --- Troggu --------------------------------------------------------------------------------

def troggu(rng: random.Random, n: int) -> Played | None:
    deck = troggu_deck()
    cards = list(deck.values)
    rng.shuffle(cards)
    players = NAMES[:n]
    size = TAPP[n]
    hand = (62 - size) // n
    tapp, rest = cards[:size], cards[size:]
    hands = {p: rest[i * hand:(i + 1) * hand] for i, p in enumerate(players)}
    in_tapp = FOOL_CARD in tapp and trump(1) in tapp
    bids = ["tapp", "solo"] + (["misere"] if n <= 6 or in_tapp else [])
    bid = "misere" if n >= 7 and in_tapp else rng.choice(bids)
    raw: dict[str, Any] = {"bid": bid}
    team: set[str] = set()
    extra: list[Card] = []
    if bid != "misere":
        tappist = rng.choice(players)
        raw["tappist"] = tappist
        team = {tappist}
        if bid == "tapp":
            full = hands[tappist] + tapp
            kings = [Card(s, KING) for s in SUITS]
            can = [c for c in full if deck.value(c) < 5]
            if all(k in full for k in kings) and rng.random() < 0.5:
                discard = kings + rng.sample(can, size - 4) if len(can) >= size - 4 else None
            else:
                discard = rng.sample(can, size) if len(can) >= size else None
            if discard is None:
                return None
            hands[tappist] = [c for c in full if c not in discard]
            extra = discard
        else:
            extra = list(tapp)
        if n >= 7:
            callable_ = [c for c in deck.values if c not in (FOOL_CARD, trump(21))]
            called = rng.choice(callable_)
            raw["called"] = str(called)
            holder = next((p for p, h in hands.items() if called in h), None)
            if holder is None or holder == tappist:
                raw["alone"] = True
            else:
                raw["partner"] = holder
                team.add(holder)
    unit = {p: (p if bid == "misere" else ("team" if p in team else "opp")) for p in players}
    escaper = next((p for p, h in hands.items() if FOOL_CARD in h), None)
    keep_back = escaper if escaper and rng.random() < 0.4 else None
    mode = rng.choice(["normal"] * 4 + ["none", "all"])

    def winners_for(i: int, cards: dict[str, Card]) -> list[str]:
        bättler = [p for p, c in cards.items() if c == FOOL_CARD and p != keep_back]
        if bättler:
            return bättler  # the highest trump wins
        able = [p for p, c in cards.items() if c != FOOL_CARD]
        if mode != "normal" and bid != "misere":
            mine = [p for p in able if (p in team) == (mode == "all")]
            return mine or able
        return able

    tricks = _play(rng, {p: list(h) for p, h in hands.items()}, winners_for, keep_back,
                   FOOL_CARD)
    pile: dict[str, list[Card]] = {u: [] for u in unit.values()}
    won: dict[str, int] = {u: 0 for u in unit.values()}
    event = None
    for i, (cards, able) in enumerate(tricks):
        winner = rng.choice(able)
        kept = keep_back is not None and cards.get(keep_back) == FOOL_CARD
        pile[unit[winner]] += [c for c in cards.values() if not (kept and c == FOOL_CARD)]
        won[unit[winner]] += 1
        if kept and i == len(tricks) - 1:
            mine = unit[keep_back]
            if mine == unit[winner]:
                pile[mine].append(FOOL_CARD)
            elif pile[mine]:
                lowest = min(pile[mine], key=deck.value)
                pile[mine].remove(lowest)
                pile[unit[winner]].append(lowest)
                pile[mine].append(FOOL_CARD)
                event = (keep_back, winner, "given")
            else:
                pile[unit[winner]].append(FOOL_CARD)
                event = (keep_back, winner, "lost")
    if bid == "misere":
        points = {p: count_pile(deck, pile[p]).points for p in players}
        raw["points"] = {p: str(v) for p, v in points.items()}
        if event and rng.random() < 0.5:
            raw.update(fool=event[0], fool_winner=event[1], fool_exchange=event[2])
        return Played(players, raw, points)
    pile["team"] += extra
    assert len(pile["team"]) + len(pile["opp"]) == 62
    points = count_pile(deck, pile["team"]).points
    pile_entry = rng.random() < 0.5
    if pile_entry:
        _enter_pile(rng, deck, raw, pile, {"team": None, "opp": "opponents"})
    else:
        raw["points"] = str(points)
    if rng.random() < 0.5:
        raw["tricks"] = str(won["team"])
    if event and rng.random() < 0.6:
        raw.update(fool=event[0], fool_winner=event[1], fool_exchange=event[2])
    return Played(players, raw, points, pile_entry, tricks=won["team"])


# --- Piedmontese two-handed tarot ---------------------------------------------------------

def piedmont(rng: random.Random, angel: int = 20) -> Played:
    deck = piedmont_deck(angel)
    cards = list(deck.values)
    rng.shuffle(cards)
    players = NAMES[:2]
    hands = {players[0]: cards[:39], players[1]: cards[39:]}

    def winners_for(i: int, played: dict[str, Card]) -> list[str]:
        return [p for p, c in played.items() if c != FOOL_CARD]  # the Matto never wins

    piles: dict[str, list[Card]] = {p: [] for p in players}
    matto = next(p for p, h in hands.items() if FOOL_CARD in h)
    for played, able in _play(rng, hands, winners_for):
        winner = rng.choice(able)
        for c in played.values():
            piles[matto if c == FOOL_CARD else winner].append(c)
    exact = {p: count_pile(deck, piles[p]).points for p in players}
    rounded = {p: v.to_integral_value(ROUND_CEILING) for p, v in exact.items()}
    assert sum(rounded.values()) == 91
    raw: dict[str, Any] = {}
    how = rng.choice(["one", "both", "both-rounded", "pile"])
    who = rng.choice(players)
    pile_entry = how == "pile"
    if how == "one":
        raw["points"] = {who: str(rng.choice([exact[who], rounded[who]]))}
    elif how == "both":
        raw["points"] = {p: str(v) for p, v in exact.items()}
    elif how == "both-rounded":
        raw["points"] = {p: str(v) for p, v in rounded.items()}
    else:
        raw.update(cards=_listing(rng, deck, piles[who]), pile=str(len(piles[who])), player=who)
    if rng.random() < 0.5:
        raw["fool"] = matto
    return Played(players, raw, rounded, pile_entry)
