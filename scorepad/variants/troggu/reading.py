"""Troggu, the Swiss 62-card tarot, 3 to 8 players, settled in chips (rules/troggu.md).

Every number of the chip settlement comes from the seed alone, so each is a setting.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    KING,
    SUITS,
    Card,
    Deck,
    PileCount,
    count_pile,
    describe_pile,
    display_order,
    holding_range,
    troggu_deck,
    trump,
)
from scorepad.errors import Problem
from scorepad.i18n import N_, _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, points_of, scores_line, shown, signed, span
from scorepad.variants import (
    Field,
    NotAsSaved,
    Reader,
    Saved,
    check_outcome,
    compact,
    fool_event_complete,
    fool_fields,
    fool_pile_problem,
    merge_raw,
    with_prompts,
)

TOTAL = 114
TAPP = {3: 8, 4: 10, 5: 7, 6: 8, 7: 6, 8: 6}
BIDS = ("tapp", "solo", "misere")
BID_ALIASES = {
    "タップ": "tapp",
    "ソロ": "solo",
    "ミゼール": "misere",
    "ミゼル": "misere",
    "take": "tapp",
    "nehm": "tapp",
    "ich-nehms": "tapp",
    "ich-nehm's": "tapp",
    "tappä": "tapp",
    "tappu": "tapp",
    "misère": "misere",
    "all-pass": "misere",
    "pass": "misere",
    "パス": "misere",
}
# all passed: a misère, but with 7 or 8 players the forced game of the Bättler's (or trump
# 1's) holder, a Tapp game; a misère there is said as such (both cards in the Tapp)
PASS_WORDS = ("pass", "all-pass", "passe", "パス")
SIDES = ("tappist", "opponents")
BID_WORDS = {"tapp": N_("tapp"), "solo": N_("solo"), "misere": N_("misère")}
SIDE_ALIASES = {
    "attack": "tappist",
    "defence": "opponents",
    "defense": "opponents",
    "tapp": "tappist",
}
TIES = ("tied-pay-untied", "nobody-pays")
ONE = Decimal(1)

SEED: dict[str, Setting] = {
    "win_points": 58,
    "draw_points": 57,
    "low_points": 30,
    "chips": 1,
    "chips_low": 2,
    "chips_no_trick": 3,
    "solo_factor": 2,
    "partner_share": 2,
    "misere_chips": 1,
    "misere_ties": "tied-pay-untied",
}
REPLACES = {
    "points": ("cards", "pile", "side"),
    "cards": ("points",),
    "partner": ("alone",),
    "alone": ("partner",),
}

PILE_NAMES = {"tappist": N_("tappist pile"), "opponents": N_("opponents pile")}


@dataclass(frozen=True)
class TrogguEntry:
    bid: str
    tappist: str | None = None
    partner: str | None = None
    alone: bool = False
    called: Card | None = None
    forced: bool = False
    tricks: int | None = None
    points: Decimal | None = None
    cards: tuple[Card, ...] | None = None
    pile: int | None = None
    side: str = "tappist"
    misere: tuple[tuple[str, Decimal], ...] = ()
    fool: str | None = None
    fool_winner: str | None = None
    fool_exchange: str | None = None

    def team(self) -> tuple[str, ...]:
        if self.tappist is None:
            return ()
        return (self.tappist, self.partner) if self.partner else (self.tappist,)


DECK = troggu_deck()


# --- card counts: every bound below comes from the deck, the Tapp and the hands -------------


def hand_size(players: int) -> int:
    return (DECK.size - TAPP[players]) // players


@functools.cache
def most_valuable(n: int) -> Decimal:
    """The most n cards of the deck can be worth (the Tapp's points are at most this)."""
    return sum(sorted(DECK.values.values(), reverse=True)[:n], Decimal(0))


KINGS = tuple(Card(suit, KING) for suit in SUITS)


def discardable(card: Card) -> bool:
    """The Tappist may not discard a 5-point card (except all four kings together)."""
    return DECK.value(card) < 5


@functools.cache  # a few dozen cases, asked for every deal of a file
def tappist_range(bid: str, players: int, tricks: int) -> tuple[Decimal, Decimal]:
    """What the Tappist's side can hold after `tricks` tricks: the trick cards plus the Tapp
    (Solo: as dealt) or the discard (a Tapp game: no 5-point card, or all four kings)."""
    free, tapp = tricks * players, TAPP[players]
    if bid == "solo":
        span = holding_range(DECK, free + tapp)
        assert span is not None
        return span
    spans = [
        holding_range(DECK, free, tapp, eligible=discardable),
        holding_range(DECK, free, tapp - 4, eligible=discardable, fixed=KINGS),
    ]
    found = [x for x in spans if x is not None]
    return min(x[0] for x in found), max(x[1] for x in found)


def misere_fits(players: int, points: Decimal) -> bool:
    """Whether one player can take `points` in a misère: the cards of some number of tricks
    (one card from each player a trick, each worth at least 1)."""
    return any(
        t * players <= points <= most_valuable(t * players) for t in range(hand_size(players) + 1)
    )


@functools.cache
def misere_tapp_range(players: int) -> tuple[Decimal, Decimal]:
    """What the Tapp left aside in a misère is worth. With 7 or 8 players a misère happens
    only when the Bättler and trump 1 are both in the Tapp."""
    tapp = TAPP[players]
    if players >= 7:
        span = holding_range(DECK, tapp - 2, fixed=(FOOL_CARD, trump(1)))
    else:
        span = holding_range(DECK, tapp)
    assert span is not None
    return span


@functools.cache
def points_fit(bid: str, players: int, tricks: int, points: Decimal) -> bool:
    """Whether the Tappist's side can hold `points` after `tricks` tricks: its own cards
    within `tappist_range`, and the opponents' cards (every other trick) within what that
    many cards can be worth (none, or at least one point a card)."""
    least, most = tappist_range(bid, players, tricks)
    cards = (hand_size(players) - tricks) * players
    return least <= points <= most and cards <= TOTAL - points <= most_valuable(cards)


def pile_cards(players: int, tricks: int, side: str) -> int:
    """How many cards a side's pile holds when the Tappist's side took `tricks` tricks:
    a trick holds one card from each player; the Tappist's pile holds the discard (or the
    Tapp) too."""
    if side == "tappist":
        return players * tricks + TAPP[players]
    return players * (hand_size(players) - tricks)


@dataclass(frozen=True)
class TrickProof:
    """What the entered deal proves about the tricks of the Tappist's side, found once and
    used by the checks and the scoring alike.

    `counts`: the trick counts still possible, in order (empty: none; the checks refuse it).
    `how`: what fixed the count when only one is left: "tricks" (entered), "fool" (a lost
    Bättler), "pile" (the listed pile's size) or "points"; "" while it stays open.
    `failed`: the step that left no count ("pile" or "points"), `before`: the counts it had.
    """

    counts: tuple[int, ...]
    how: str = ""
    failed: str = ""
    before: tuple[int, ...] = ()

    @property
    def tricks(self) -> int | None:
        return self.counts[0] if len(self.counts) == 1 else None


def pile_size(e: TrogguEntry) -> int | None:
    if e.cards is None:
        return None
    return len(e.cards) if e.pile is None else e.pile


def entered_points(e: TrogguEntry) -> Decimal:
    if e.cards is None:
        assert e.points is not None
        return e.points
    counted = count_pile(DECK, e.cards, e.pile).points
    return counted if e.side == "tappist" else TOTAL - counted


def prove_tricks(e: TrogguEntry, players: int) -> TrickProof:
    """The Tappist side's possible trick counts, narrowed by each thing entered in turn."""
    hand = hand_size(players)
    counts, how = tuple(range(hand + 1)), ""
    steps: list[tuple[str, Any]] = []
    if e.tricks is not None:
        steps.append(("tricks", lambda t: t == e.tricks))
    if e.fool_exchange == "lost" and e.fool is not None:  # the side that loses it took none
        mine = e.fool in e.team()
        steps.append(("fool", lambda t: (t if mine else hand - t) == 0))
    size = pile_size(e)
    if size is not None:
        steps.append(("pile", lambda t: pile_cards(players, t, e.side) == size))
    points = entered_points(e)
    steps.append(("points", lambda t: points_fit(e.bid, players, t, points)))
    for step, keep in steps:
        left = tuple(t for t in counts if keep(t))
        if not left:
            if step in ("tricks", "fool"):  # entered against each other: _check_fool says so
                continue
            return TrickProof((), failed=step, before=counts)
        if len(left) == 1 and len(counts) > 1:
            how = step
        counts = left
    return TrickProof(counts, how)


@functools.cache
def point_spans(bid: str, players: int) -> tuple[tuple[Decimal, Decimal], ...]:
    """The Tappist side's possible points over every trick count, as disjoint spans."""
    possible = [
        p
        for p in range(TOTAL + 1)
        if any(points_fit(bid, players, t, Decimal(p)) for t in range(hand_size(players) + 1))
    ]
    spans: list[list[int]] = []
    for p in possible:
        if spans and spans[-1][1] == p - 1:
            spans[-1][1] = p
        else:
            spans.append([p, p])
    return tuple((Decimal(lo), Decimal(hi)) for lo, hi in spans)


class Troggu:
    name = "troggu"
    title = N_("Troggu (Swiss tarot)")
    aliases: tuple[str, ...] = ("swiss", "tappu", "tappa", "tappä")
    min_players = 3
    max_players = 8
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED}
    deal_total = 0
    has_declarer = True
    unit = N_("chips")
    declarer_results: tuple[str, ...] = (N_("won"), N_("lost"), N_("draw"))
    settles_per_game = False
    settles_without_rate = True
    synonyms: Mapping[str, str] = {"contract": "bid", "taker": "tappist"}  # -c, -t
    sitting_out = "dealer-out"  # with more people than seats (seating.Policy)
    fields: tuple[Field, ...] = with_prompts(
        (
            Field(
                "bid",
                "--bid",
                "choice",
                "tapp, solo, or misere when all passed",
                BIDS,
                aliases=tuple(BID_ALIASES.items()),
            ),
            Field("tappist", "--tappist", "player", "the declarer"),
            Field("partner", "--partner", "player", "7–8 players: the called card's holder"),
            Field("alone", "--alone", "flag", "the called card was the Tappist's own"),
            Field("called", "--called", "card", "7–8 players: the card the Tappist named"),
            Field(
                "forced",
                "--forced",
                "flag",
                "7–8 players: all passed, the Bättler (or trump 1) holder had to play",
            ),
            Field("tricks", "--tricks", "integer", "tricks won by the Tappist's side"),
            Field(
                "points",
                "--points",
                "number",
                "the Tappist side's points, with the discard or the Tapp (0–114)",
            ),
            Field("cards", "--cards", "cards", "the cards of one side's pile"),
            Field("pile", "--pile", "integer", "how many cards the pile holds"),
            Field(
                "side",
                "--side",
                "choice",
                "whose pile the cards are",
                SIDES,
                aliases=tuple(SIDE_ALIASES.items()),
            ),
            *fool_fields(
                N_("Bättler"),
                N_("Bättler kept back to the last trick: exchange given, or lost"),
                ("given", "lost"),
                {"made": "given"},
            ),
        ),
        {
            "bid": N_("bid"),
            "tappist": N_("Tappist"),
            "partner": N_("partner (holder of the called card)"),
            "points": N_("points of the Tappist's side, with the discard or the Tapp (0–114)"),
            "pile": N_("cards in that pile"),
            "side": N_("whose pile is it"),
            "fool": N_("who kept the Bättler back"),
            "fool_winner": N_("who won the last trick"),
        },
    )
    fields = tuple(
        replace(f, yes_no=N_("Did the Tappist's side take a trick?"), no_value=0)
        if f.key == "tricks"
        else f
        for f in fields
    )

    def deck(self, rules: Mapping[str, Setting]) -> Deck:
        return DECK

    # --- reading ---------------------------------------------------------------------------

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> TrogguEntry:
        n = len(table.players)
        word = raw.get("bid")
        if n >= 7 and isinstance(word, str) and word.strip().lower() in PASS_WORDS:
            raw = {**raw, "bid": "tapp", "forced": True}  # who had to play is asked next
        r = Reader(raw, table, self)
        forced = r.flag("forced")
        bid = r.choice("bid", BIDS, BID_ALIASES)
        if bid is None and forced:
            bid = "tapp"
        if bid is None:
            if not r.problems:
                r.require("bid", _("--bid ({bids})").format(bids=", ".join(BIDS)))
            r.used.update(f.key for f in self.fields)
            r.finish()
        assert bid is not None
        if forced and n < 7:
            r.add(
                _(
                    "--forced is for 7 or 8 players, not {n} (with fewer, all passing means a "
                    "misère)"
                ).format(n=n),
                "forced",
            )
        if forced and bid != "tapp":
            r.add(_("a forced game is a Tapp game, not {bid}").format(bid=bid), "bid")
        fool = r.player("fool")
        fool_winner = r.player("fool_winner", _("fool winner"))
        exchange = r.choice("fool_exchange", ("given", "lost"), {"made": "given"})
        if bid == "misere":
            entry = self._read_misere(r, n, fool, fool_winner, exchange)
        else:
            entry = self._read_game(r, n, bid, forced, fool, fool_winner, exchange)
        r.finish()
        return entry

    def saved_entry(self, saved: Saved) -> TrogguEntry:
        """The entry as scorepad saved it: each field typed and in its range, the fields a
        score needs present and consistent; the card counts are not checked again."""
        n = len(saved.players)
        bid, forced = saved.word("bid", BIDS), saved.flag("forced")
        fool, winner = saved.player("fool"), saved.player("fool_winner")
        exchange = saved.word("fool_exchange", ("given", "lost"))
        if bid is None or (forced and (n < 7 or bid != "tapp")):
            raise NotAsSaved("bid")
        if bid == "misere":
            misere = saved.points_by_player("points", TOTAL, ONE)
            if len(misere) != n:
                raise NotAsSaved("points")
            entry = TrogguEntry(
                bid=bid, misere=misere, fool=fool, fool_winner=winner, fool_exchange=exchange
            )
        else:
            tappist, partner = saved.player("tappist"), saved.player("partner")
            alone, called = saved.flag("alone"), saved.card("called", DECK)
            if (
                tappist is None
                or partner == tappist
                or (partner is not None and alone)
                or (n < 7 and (partner is not None or alone or called is not None))
                or (n >= 7 and partner is None and not alone)
                or called in (FOOL_CARD, trump(21))
            ):
                raise NotAsSaved("tappist")
            points, cards = saved.points("points", TOTAL, ONE), saved.cards("cards", DECK)
            pile, side = saved.integer("pile", 0, DECK.size), saved.word("side", SIDES)
            if (
                (points is None) == (cards is None)
                or (cards is None and (pile is not None or side is not None))
                or (cards is not None and pile is not None and pile < len(cards))
            ):
                raise NotAsSaved("points")
            entry = TrogguEntry(
                bid=bid,
                tappist=tappist,
                partner=partner,
                alone=alone,
                called=called,
                forced=forced,
                tricks=saved.integer("tricks", 0, hand_size(n)),
                points=points,
                cards=cards,
                pile=pile,
                side=side or "tappist",
                fool=fool,
                fool_winner=winner,
                fool_exchange=exchange,
            )
        event = (fool, winner, exchange)
        if event != (None, None, None):
            if None in event or (bid == "misere" and n >= 7):
                raise NotAsSaved("fool")
            saved.holds(self, lambda r: self._check_fool(r, entry, n))
        return entry

    def _read_misere(
        self, r: Reader, n: int, fool: str | None, winner: str | None, exchange: str | None
    ) -> TrogguEntry:
        for f in self.fields:
            if f.key not in ("bid", "points", "fool", "fool_winner", "fool_exchange") and r.has(
                f.key
            ):
                r.add(
                    _("a misère has no {option}: every player plays for himself").format(
                        option=f.option
                    ),
                    f.key,
                )
                r.used.add(f.key)
        points = r.points_by_player("points", TOTAL, ONE)
        if points is not None or not r.has("points"):
            for p in r.table.players:
                if p not in (points or {}):
                    r.require(f"points={p}", _("--points {p}=X").format(p=p))
        missing = points is None or any(p not in points for p in r.table.players)
        for p, x in (points or {}).items():
            if not misere_fits(n, x):
                r.add(
                    _(
                        "{p} cannot have {x} points in a misère: a trick holds {n} cards worth at "
                        "least 1 each, so a player has 0 points or at least {n}"
                    ).format(p=p, x=num(x), n=n),
                    f"points={p}",
                )
        if points:
            tapp = TAPP[n]
            total = sum(points.values(), Decimal(0))
            low, high = misere_tapp_range(n)
            most, least = TOTAL - low, TOTAL - high
            why = (
                _(
                    ", which holds the Bättler and trump 1: with 7 or 8 players a misère is "
                    "played only then"
                )
                if n >= 7
                else ""
            )
            if total > most:
                r.add(
                    _(
                        "misère points add up to {total}, more than {most} (114 minus at least "
                        "{low} for the {tapp}-card Tapp{why})"
                    ).format(total=num(total), most=num(most), low=num(low), tapp=tapp, why=why),
                    "points",
                )
            elif not missing and total < least:
                r.add(
                    _(
                        "misère points add up to {total}, less than {least} (the {tapp}-card "
                        "Tapp is worth at most {high}{why})"
                    ).format(
                        total=num(total), least=num(least), tapp=tapp, high=num(high), why=why
                    ),
                    "points",
                )
        entry = TrogguEntry(
            bid="misere",
            misere=tuple((p, points[p]) for p in r.table.players if points and p in points),
            fool=fool,
            fool_winner=winner,
            fool_exchange=exchange,
        )
        if n >= 7 and (fool or r.has("fool")):
            r.add(
                _(
                    "a misère with {n} players is played only when the Bättler is in the Tapp: "
                    "nobody kept it back"
                ).format(n=n),
                "fool",
            )
        elif fool_event_complete(r, entry, "Bättler") and r.complete:
            self._check_fool(r, entry, n)
        return entry

    def _read_game(
        self,
        r: Reader,
        n: int,
        bid: str,
        forced: bool,
        fool: str | None,
        winner: str | None,
        exchange: str | None,
    ) -> TrogguEntry:
        tappist = r.player("tappist")
        if tappist is None and not r.has("tappist"):
            r.require("tappist", _("--tappist NAME"))
        partner = r.player("partner")
        alone = r.flag("alone")
        called = r.card("called", DECK)
        if n < 7:
            for key in ("partner", "alone", "called"):
                if r.has(key) and r.raw[key] is not False:
                    r.add(
                        _("--{key} is for 7 or 8 players, not {n}: the Tappist plays alone").format(
                            key=key, n=n
                        ),
                        key,
                    )
            partner, alone, called = None, False, None
        else:
            if partner is not None and partner == tappist:
                r.add(
                    _(
                        "{tappist} is the Tappist and cannot also be the partner (use --alone "
                        "when the called card was the Tappist's own)"
                    ).format(tappist=tappist),
                    "partner",
                )
            if partner is not None and alone:
                r.add(
                    _("--alone and --partner {partner} contradict each other").format(
                        partner=partner
                    ),
                    "partner",
                )
            if partner is None and not alone and not r.has("partner"):
                r.require(
                    "partner",
                    _(
                        "--partner NAME (the called card's holder; --alone when "
                        "it was the Tappist's own)"
                    ),
                )
            if called in (FOOL_CARD, trump(21)):
                r.add(
                    _("the called card cannot be {x} (name another card)").format(
                        x=_("the Bättler") if called == FOOL_CARD else "21"
                    ),
                    "called",
                )
        hand = hand_size(n)
        tricks = r.integer(
            "tricks",
            0,
            hand,
            _(" (each player holds {hand} cards, so there are {hand} tricks)").format(hand=hand),
        )
        given = r.points_or_pile(
            DECK,
            TOTAL,
            ONE,
            SIDES,
            SIDE_ALIASES,
            _("--points X (the Tappist side's points), or --cards and --pile"),
        )
        entry = TrogguEntry(
            bid=bid,
            tappist=tappist,
            partner=partner if n >= 7 else None,
            alone=alone and n >= 7,
            called=called,
            forced=forced,
            tricks=tricks,
            points=given.points,
            cards=given.cards,
            pile=given.pile,
            side=given.side,
            fool=fool,
            fool_winner=winner,
            fool_exchange=exchange,
        )
        fool_event = fool_event_complete(r, entry, "Bättler")  # asks for what it lacks
        if r.complete:
            self._check_tricks(r, entry, n)
        if r.complete and fool_event:
            self._check_fool(r, entry, n)
        return entry

    def _check_tricks(self, r: Reader, e: TrogguEntry, n: int) -> None:
        """Points and the listed pile against the cards that many tricks can hold."""
        hand, tapp = hand_size(n), TAPP[n]
        what = _("discard") if e.bid == "tapp" else _("Tapp")
        proof = prove_tricks(e, n)
        if proof.failed == "pile":
            size = pile_size(e)
            side_tapp = tapp if e.side == "tappist" else 0
            sizes = sorted({pile_cards(n, t, e.side) for t in proof.before})
            plus = (
                _(" plus the {tapp}-card {what}").format(tapp=tapp, what=what) if side_tapp else ""
            )
            name = _("the Tappist's pile") if e.side == "tappist" else _("the opponents' pile")
            shown = (
                ", ".join(map(str, sizes))
                if len(sizes) <= 4
                else f"{sizes[0]}, {sizes[1]}, {sizes[2]}, …, {sizes[-1]}"
            )
            r.add(
                _(
                    "{name} cannot hold {size} cards: with {n} players it holds {n} cards a "
                    "trick{plus} ({shown})"
                ).format(name=name, size=size, n=n, plus=plus, shown=shown),
                "pile",
            )
            return
        points = entered_points(e)
        if proof.failed == "points" and len(proof.before) == 1:
            tricks_won = proof.before[0]
            field = "tricks" if e.tricks is not None else "points"
            least, most = tappist_range(e.bid, n, tricks_won)
            if not least <= points <= most:
                extra = (
                    _(" (no 5-point card in the discard, unless all four kings)")
                    if e.bid == "tapp"
                    else ""
                )
                r.add(
                    _(
                        "{points} points cannot be for {tricks_won} of {n} cards plus the "
                        "{tapp}-card {what}{extra} ({least})"
                    ).format(
                        points=num(points),
                        tricks_won=plural(tricks_won, "trick"),
                        n=n,
                        tapp=tapp,
                        what=what,
                        extra=extra,
                        least=span(least, most),
                    ),
                    field,
                )
                return
            cards = (hand - tricks_won) * n
            r.add(
                _(
                    "{points} points leave the opponents {theirs}, which cannot be for their {x} "
                    "of {n} cards ({cards})"
                ).format(
                    points=num(points),
                    theirs=num(TOTAL - points),
                    x=plural(hand - tricks_won, "trick"),
                    n=n,
                    cards=span(cards, most_valuable(cards)),
                ),
                field,
            )
            return
        if proof.failed == "points":
            possible = _(", or ").join(span(lo, hi) for lo, hi in point_spans(e.bid, n))
            r.add(
                _(
                    "{points} points cannot be the Tappist side's with {n} players, whatever the "
                    "tricks: his side holds the {tapp}-card {what}, and a trick holds {n} cards "
                    "worth at least 1 each (possible: {possible}); enter the points as counted"
                ).format(points=num(points), n=n, tapp=tapp, what=what, possible=possible),
                "points",
            )
            return
        if e.bid == "tapp" and e.cards is not None and proof.tricks == 0:
            # the Tappist's side holds the discard alone: no 5-point card but the four kings
            listed = {c for c in e.cards if DECK.value(c) == 5}
            five = (
                listed
                if e.side == "tappist"
                else {c for c in DECK.values if DECK.value(c) == 5} - listed
            )
            if five and five != set(KINGS):
                shown = DECK.format(sorted(five, key=display_order))
                if e.side == "tappist":
                    r.add(
                        _(
                            "a {size}-card pile is the discard alone (no trick), and the discard "
                            "holds no 5-point card but all four kings together: {listed} cannot "
                            "be in it; list the cards again, or give the pile's true size"
                        ).format(size=pile_size(e), listed=shown),
                        "cards",
                    )
                else:
                    r.add(
                        _(
                            "the opponents' {size}-card pile leaves the Tappist the discard "
                            "alone (no trick), which holds no 5-point card but all four kings "
                            "together: {listed} must be in the opponents' pile; list the cards "
                            "again, or give the pile's true size"
                        ).format(size=pile_size(e), listed=shown),
                        "cards",
                    )

    def _check_fool(self, r: Reader, e: TrogguEntry, n: int) -> None:
        """The Bättler's escape, given in full, against the sides, tricks and cards."""
        if e.fool == e.fool_winner:
            r.add(
                _(
                    "{fool} kept the Bättler back to the last trick, where it cannot win: the "
                    "winner must be another player"
                ).format(fool=e.fool),
                "fool_winner",
            )
            return
        if e.bid == "misere":
            return
        team = e.team()
        owner_side = _("the Tappist's side") if e.fool in team else _("the opponents")
        winner_side = _("the Tappist's side") if e.fool_winner in team else _("the opponents")
        if e.fool_exchange == "lost" and owner_side == winner_side:
            r.add(
                _(
                    "a lost Bättler goes to the other side, but {fool} and {fool_winner} play on "
                    "the same side"
                ).format(fool=e.fool, fool_winner=e.fool_winner),
                "fool_winner",
            )
            return
        tricks = e.tricks if e.tricks is not None else prove_tricks(e, n).tricks
        if tricks is not None:
            owner_tricks = tricks if e.fool in team else hand_size(n) - tricks
            if e.fool_exchange == "given" and owner_tricks == 0:
                r.add(
                    _(
                        "the Bättler's exchange needs a trick of {owner_side} to give a card "
                        "from, but they took none: use --fool-exchange lost"
                    ).format(owner_side=owner_side),
                    "fool_exchange",
                )
            if e.fool_exchange == "lost" and owner_tricks > 0:
                r.add(
                    _(
                        "the Bättler is lost only when {owner_side} took no trick, but they took "
                        "{owner_tricks}: use --fool-exchange given"
                    ).format(owner_side=owner_side, owner_tricks=owner_tricks),
                    "fool_exchange",
                )
        if e.cards is not None:
            holder = winner_side if e.fool_exchange == "lost" else owner_side
            pile_owner = _("the Tappist's side") if e.side == "tappist" else _("the opponents")
            problem = fool_pile_problem(
                FOOL_CARD, "Bättler", e.cards, pile_owner, holder, str(e.fool_exchange)
            )
            if problem:
                r.add(problem, "fool_exchange")

    def entry_to_raw(self, e: TrogguEntry) -> dict[str, Any]:
        return compact(
            [
                ("bid", e.bid),
                ("forced", e.forced),
                ("tappist", e.tappist),
                ("partner", e.partner),
                ("alone", e.alone),
                ("called", None if e.called is None else str(e.called)),
                ("tricks", e.tricks),
                ("points", e.points if e.bid != "misere" else (dict(e.misere) or None)),
                ("cards", None if e.cards is None else DECK.format(e.cards)),
                ("pile", e.pile),
                ("side", e.side if e.cards is not None and e.side != "tappist" else None),
                ("fool", e.fool),
                ("fool_winner", e.fool_winner),
                ("fool_exchange", e.fool_exchange),
            ]
        )

    def merge(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        if "bid" in changes and (changes["bid"] == "misere") != (old.get("bid") == "misere"):
            kept = {k: v for k, v in old.items() if k in ("dealer", "note")}
            return {**kept, **changes}
        return merge_raw(old, changes, REPLACES)

    @staticmethod
    def ask_as(key: str, raw: Mapping[str, Any]) -> str | None:
        """All passed at 7 or 8: the Tappist is whoever had to play."""
        word = raw.get("bid")
        if key == "tappist" and (
            raw.get("forced") is True
            or (isinstance(word, str) and word.strip().lower() in PASS_WORDS)
        ):
            return _(
                "All passed: who had to play (the Bättler's holder, or trump 1's when the "
                "Bättler was in the Tapp; both in the Tapp: a misère, < and m)"
            )
        return None

    def questions(
        self, raw: Mapping[str, Any], entry: TrogguEntry | None, table: Table
    ) -> list[str]:
        keys = ["pile", "side"] if "cards" in raw else []
        if entry is None:
            return keys
        if entry.bid != "misere":
            n = len(table.players)
            counts = prove_tricks(entry, n).counts
            if 0 in counts and len(counts) > 1:
                keys.append("tricks")  # the Tappist's side may have taken no trick
        keys.append("fool_exchange")
        return keys

    def marks(self, e: TrogguEntry, outcome: Outcome) -> list[str]:
        marks = [_("no trick")] if e.tricks == 0 else []
        if e.fool_exchange == "lost":
            marks.append(_("Bättler lost"))
        return marks

    def describe(self, e: TrogguEntry) -> str:
        if e.bid == "misere":
            return _("misère")
        team = f"{e.tappist}+{e.partner}" if e.partner else str(e.tappist)
        bid = _(BID_WORDS[e.bid])
        return _("forced {bid} {team}").format(bid=bid, team=team) if e.forced else f"{bid} {team}"

    # --- scoring ---------------------------------------------------------------------------

    def team_points(self, e: TrogguEntry, explain: bool = True) -> tuple[Decimal, list[str]]:
        """The Tappist side's card points, and how they were found (with `explain`)."""
        if e.cards is None:
            assert e.points is not None
            return e.points, []
        counted = count_pile(DECK, e.cards, e.pile)
        points = counted.points if e.side == "tappist" else TOTAL - counted.points
        if not explain:
            return points, []
        line = describe_pile(DECK, _(PILE_NAMES[e.side]), e.cards, counted)
        if e.side == "tappist":
            return points, [line]
        return points, [
            line,
            _("Tappist's side: 114 − {points} = {points2}").format(
                points=num(counted.points), points2=num(points)
            ),
        ]

    def score(self, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
        """The deal's chips; with `explain`, the arithmetic as lines for people."""
        if e.bid == "misere":
            return check_outcome(self, self._score_misere(e, table, explain), table)
        rules = table.rules
        players = table.players
        n = len(players)
        points, lines = self.team_points(e, explain)
        if explain and e.fool_exchange == "given":
            lines.append(
                _(
                    "the Bättler's escape: {fool} kept it back to the last trick, won by "
                    "{winner}; it stayed with {fool}'s side, which gave a low card for "
                    "it"
                ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
            )
        elif explain and e.fool_exchange == "lost":
            lines.append(
                _(
                    "the Bättler's escape: {fool} kept it back to the last trick, won by "
                    "{winner}; {fool}'s side had no trick, so the Bättler went to "
                    "{winner}"
                ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
            )
        theirs = TOTAL - points
        who = _("Solo") if e.bid == "solo" else _("Tapp game")
        head = _("{x}{who} by {tappist}").format(
            x=_("forced ") if e.forced else "", who=who, tappist=e.tappist
        )
        if e.partner:
            head += _(" with {partner}").format(partner=e.partner) + (
                _(" (called {called})").format(called=e.called) if e.called else ""
            )
        elif e.alone:
            head += _(", alone (the called card was theirs)")
        with_what = _("with the Tapp") if e.bid == "solo" else _("with the discard")
        lines.insert(
            0,
            _("{head}: {points} {with_what}").format(
                head=head, points=points_of(points), with_what=with_what
            ),
        )
        win, draw = int(rules["win_points"]), int(rules["draw_points"])
        low = int(rules["low_points"])
        if points >= win:
            result = "won"
            lines.append(_("{points} ≥ {win} → won").format(points=num(points), win=win))
        elif points == draw:
            lines.append(_("exactly {draw} → draw: no chips move").format(draw=draw))
            return check_outcome(
                self,
                Outcome(
                    result="draw",
                    scores={p: 0 for p in players},
                    points=points,
                    declarer=e.tappist,
                    made=None,
                    explain=tuple(lines) if explain else (),
                ),
                table,
            )
        else:
            result = "lost"
            lines.append(_("{points} < {win} → lost").format(points=num(points), win=win))
        won = result == "won"
        losers_points = theirs if won else points
        losers = _("opponents") if won else (_("Tappist's side") if e.partner else _("Tappist"))
        hand = hand_size(n)
        proof = prove_tricks(e, n)
        no_trick = proof.tricks == (hand if won else 0)
        if no_trick:
            k = int(rules["chips_no_trick"])
            why = _("the {losers} took no trick → {chips}").format(
                losers=losers, chips=plural(k, "chip")
            )
            if explain and proof.how not in ("", "tricks"):
                lines.append(self._how_known(e, n, proof, points))
        elif losers_points <= low:
            k = int(rules["chips_low"])
            why = _("the {losers} took {losers_points} ≤ {low} → {chips}").format(
                losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
            )
        else:
            k = int(rules["chips"])
            why = _("the {losers} took {losers_points} > {low} → {chips}").format(
                losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
            )
        if e.bid == "solo":
            factor = int(rules["solo_factor"])
            why += _(" × {factor} for Solo = {x}").format(factor=factor, x=k * factor)
            k *= factor
        scores = self._settle(e, players, k if won else -k, int(rules["partner_share"]))
        opponents = n - len(e.team())
        verb = _("from") if won else _("to")
        split = ""
        if e.partner:
            share = int(rules["partner_share"])
            split = (
                _(" (the partner gets {share} × {k} of them, the Tappist the rest)").format(
                    share=share, k=k
                )
                if won
                else _(
                    " (the partner pays {share} of the opponents, the Tappist the other {x})"
                ).format(share=share, x=opponents - share)
            )
        if explain:
            lines.append(
                _("{why} {verb} each of the {opponents}{split} → Tappist {scores}").format(
                    why=why,
                    verb=verb,
                    opponents=plural(opponents, "opponent"),
                    split=split,
                    scores=signed(scores[e.tappist or ""]),
                )
                + (
                    _(", partner {scores}").format(scores=signed(scores[e.partner]))
                    if e.partner
                    else ""
                )
            )
            lines.append(scores_line(scores))
        return check_outcome(
            self,
            Outcome(
                result=result,
                scores=scores,
                points=points,
                declarer=e.tappist,
                made=won,
                explain=tuple(lines) if explain else (),
            ),
            table,
        )

    @staticmethod
    def _how_known(e: TrogguEntry, n: int, proof: TrickProof, points: Decimal) -> str:
        """How the entered deal proves that the losing side took no trick."""
        what = _("discard") if e.bid == "tapp" else _("Tapp")
        if proof.how == "fool":
            return _("the Bättler was lost: its side took no trick")
        if proof.how == "pile":
            if e.side == "tappist" and proof.tricks == 0:
                return _("a {size}-card pile is the {what} alone: no trick").format(
                    size=pile_size(e), what=what
                )
            if e.side == "tappist":
                return _(
                    "a {size}-card pile is every trick and the {what}: the opponents took no trick"
                ).format(size=pile_size(e), what=what)
            if proof.tricks == 0:
                return _(
                    "the opponents' {size}-card pile is every trick: the Tappist's side "
                    "took no trick"
                ).format(size=pile_size(e))
            return _("the opponents' pile is empty: they took no trick")
        if proof.tricks == 0:
            return _(
                "{points} points: the {what} alone, no trick (a trick adds {n} cards worth "
                "at least 1 each)"
            ).format(points=num(points), what=what, n=n)
        return _("{points} points: the opponents took no trick").format(points=num(points))

    @staticmethod
    def _settle(e: TrogguEntry, players: tuple[str, ...], k: int, share: int) -> dict[str, int]:
        """k > 0: each opponent pays k; k < 0: each opponent receives −k."""
        team = e.team()
        opponents = [p for p in players if p not in team]
        scores = {p: -k for p in players}
        if e.partner:
            # won: the partner gets share·k of the opponents' chips, the Tappist the rest;
            # lost: the partner pays k to `share` opponents, the Tappist to the others
            scores[e.partner] = share * k
            scores[e.tappist or ""] = (len(opponents) - share) * k
        else:
            scores[e.tappist or ""] = len(opponents) * k
        return scores

    def _score_misere(self, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
        rules = table.rules
        points = dict(e.misere)
        top = max(points.values())
        tied = [p for p in table.players if points[p] == top]
        others = [p for p in table.players if p not in tied]
        chips = int(rules["misere_chips"])
        lines = [_("misère: ") + _(", ").join(f"{p} {num(points[p])}" for p in table.players)]
        scores = {p: 0 for p in table.players}
        if not others:
            lines.append(_("everybody tied: nobody pays"))
        elif len(tied) > 1 and rules["misere_ties"] == "nobody-pays":
            lines.append(
                _(
                    "{tied} tie for the most ({top}): nobody pays (misere_ties = nobody-pays)"
                ).format(tied=_(" and ").join(tied), top=num(top))
            )
        else:
            for p in tied:
                scores[p] = -chips * len(others)
            for p in others:
                scores[p] = chips * len(tied)
            payers = _(" and ").join(tied)
            each = _("each pay") if len(tied) > 1 else _("pays")
            lines.append(
                _(
                    "{payers} took the most ({top}) and {each} {chips} to each of the {others}"
                ).format(
                    payers=payers,
                    top=num(top),
                    each=each,
                    chips=plural(chips, "chip"),
                    others=plural(len(others), "other player"),
                )
            )
        if explain:
            lines.append(scores_line(scores))
        return Outcome(
            result="misere",
            scores=scores,
            winners=tuple(others),
            player_points=points,
            explain=tuple(lines) if explain else (),
        )

    def match_over(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        return None  # chips are settled deal by deal; the evening ends when it ends

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        rest = TOTAL - counted.points
        return {
            "lines": [
                _("the other cards: 114 − {points} = {rest}").format(
                    points=num(counted.points), rest=num(rest)
                )
            ]
        }

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        ties = rules.get("misere_ties")
        if ties not in TIES:
            return [
                Problem(
                    "rules",
                    _("misere_ties {ties} should be one of {ties2}").format(
                        ties=shown(ties), ties2=", ".join(TIES)
                    ),
                )
            ]
        return []


TROGGU = Troggu()
