"""Troggu, the Swiss 62-card tarot, 3 to 8 players, settled in chips (rules/troggu.md).

`TROGGU` states what Troggu's `base.DeclarerGame` does not share with the other game;
beside it, in order: the card counts, reading a deal with every check across its fields,
scoring, and the rules as a player reads them. The words, numbers and entry live in
`entry`, the statistics in `stats`."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    KING,
    SUITS,
    Card,
    PileCount,
    count_pile,
    describe_pile,
    display_order,
    holding_range,
    trump,
)
from scorepad.errors import Problem
from scorepad.i18n import N_, _, ngettext
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, points_of, scores_line, shown, signed, span
from scorepad.variants.base import (
    Contest,
    DeclarerGame,
    Field,
    Variant,
    check_outcome,
    compact,
    fool_fields,
    pile_fields,
    sizes_text,
    with_prompts,
    with_words,
)
from scorepad.variants.figures import GameStats
from scorepad.variants.reader import Reader, fool_event_complete, fool_pile_problem, resolve_choice
from scorepad.variants.troggu.entry import (
    BID_ALIASES,
    BID_WORDS,
    BIDS,
    DECK,
    ONE,
    PASS_WORDS,
    PILE_NAMES,
    REPLACES,
    SEED,
    SIDE_ALIASES,
    SIDES,
    TAPP,
    TIES,
    TOTAL,
    TrogguEntry,
)

# --- card counts: the points a side can have with so many tricks, the tricks the cards prove


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


def prove_tricks(e: TrogguEntry, players: int, points: Decimal | None = None) -> TrickProof:
    """The Tappist side's possible trick counts, narrowed by each thing entered in turn
    (`points`: the Tappist side's points, when the caller has counted them already)."""
    lost_by_mine = None  # a lost Bättler: whether the Tappist's side lost it
    if e.fool_exchange == "lost" and e.fool is not None:
        lost_by_mine = e.fool in e.team()
    return _proof(
        e.bid,
        players,
        e.tricks,
        lost_by_mine,
        pile_size(e),
        e.side,
        entered_points(e) if points is None else points,
    )


@functools.lru_cache(maxsize=4096)  # a file's deals repeat a few thousand cases
def _proof(
    bid: str,
    players: int,
    tricks: int | None,
    lost_by_mine: bool | None,
    size: int | None,
    side: str,
    points: Decimal,
) -> TrickProof:
    """`prove_tricks` of what it reads of an entry."""
    hand = hand_size(players)
    counts, how = tuple(range(hand + 1)), ""
    steps: list[tuple[str, Any]] = []
    if tricks is not None:
        steps.append(("tricks", lambda t: t == tricks))
    if lost_by_mine is not None:  # the side that loses it took none
        steps.append(("fool", lambda t: (t if lost_by_mine else hand - t) == 0))
    if size is not None:
        steps.append(("pile", lambda t: pile_cards(players, t, side) == size))
    steps.append(("points", lambda t: points_fit(bid, players, t, points)))
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


# --- checks across the fields: points and the pile against the tricks, the Bättler --------


def check_tricks(r: Reader, e: TrogguEntry, n: int) -> None:
    """Points and the listed pile against the cards that many tricks can hold."""
    hand, tapp = hand_size(n), TAPP[n]
    what = _("discard") if e.bid == "tapp" else _("Tapp")
    proof = prove_tricks(e, n)
    if proof.failed == "pile":
        size = pile_size(e)
        side_tapp = tapp if e.side == "tappist" else 0
        sizes = sorted({pile_cards(n, t, e.side) for t in proof.before})
        plus = _(" plus the {tapp}-card {what}").format(tapp=tapp, what=what) if side_tapp else ""
        name = _("the Tappist's pile") if e.side == "tappist" else _("the opponents' pile")
        r.add(
            ngettext(
                "{name} cannot hold {size} card: with {n} players it holds {n} cards a "
                "trick{plus} ({shown})",
                "{name} cannot hold {size} cards: with {n} players it holds {n} cards a "
                "trick{plus} ({shown})",
                size or 0,
            ).format(name=name, size=size, n=n, plus=plus, shown=sizes_text(sizes)),
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
                    "{points} cannot be for {tricks_won} of {n} cards plus the "
                    "{tapp}-card {what}{extra} ({least})"
                ).format(
                    points=points_of(points),
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
                "{points} leave the opponents {theirs}, which cannot be for their {x} "
                "of {n} cards ({cards})"
            ).format(
                points=points_of(points),
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
                "{points} cannot be the Tappist side's with {n} players, whatever the "
                "tricks: his side holds the {tapp}-card {what}, and a trick holds {n} cards "
                "worth at least 1 each (possible: {possible}); enter the points as counted"
            ).format(points=points_of(points), n=n, tapp=tapp, what=what, possible=possible),
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


def check_fool(r: Reader, e: TrogguEntry, n: int) -> None:
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


# --- reading a deal, from options or a session file, and back to the file's values -------


def read_entry(variant: Variant, raw: Mapping[str, Any], table: Table) -> TrogguEntry:
    n = len(table.players)
    word = raw.get("bid")
    if n >= 7 and isinstance(word, str) and word.strip().lower() in PASS_WORDS:
        raw = {**raw, "bid": "tapp", "forced": True}  # who had to play is asked next
    r = Reader(raw, table, variant)
    forced = r.flag("forced")
    bid = r.choice("bid", BIDS, BID_ALIASES)
    if bid is None and forced:
        bid = "tapp"
    if bid is None:
        if not r.problems:
            r.require("bid", _("--bid ({bids})").format(bids=", ".join(BIDS)))
        r.used.update(f.key for f in variant.fields)
        r.finish()
    assert bid is not None
    if forced and n < 7:
        r.add(
            _(
                "--forced is for 7 or 8 players, not {n} (with fewer, all passing means a misère)"
            ).format(n=n),
            "forced",
        )
    if forced and bid != "tapp":
        r.add(_("a forced game is a Tapp game, not {bid}").format(bid=bid), "bid")
    fool = r.player("fool")
    fool_winner = r.player("fool_winner")
    exchange = r.choice("fool_exchange", ("given", "lost"), {"made": "given"})
    if bid == "misere":
        entry = read_misere(variant, r, n, fool, fool_winner, exchange)
    else:
        entry = read_game(variant, r, n, bid, forced, fool, fool_winner, exchange)
    r.finish()
    return entry


def read_misere(
    variant: Variant, r: Reader, n: int, fool: str | None, winner: str | None, exchange: str | None
) -> TrogguEntry:
    for f in variant.fields:
        if f.key not in ("bid", "points", "fool", "fool_winner", "fool_exchange") and r.has(f.key):
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
                ngettext(
                    "{p} cannot have {x} point in a misère: a trick holds {n} cards worth at "
                    "least 1 each, so a player has 0 points or at least {n}",
                    "{p} cannot have {x} points in a misère: a trick holds {n} cards worth at "
                    "least 1 each, so a player has 0 points or at least {n}",
                    int(x) if x == int(x) else 2,
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
                ).format(total=num(total), least=num(least), tapp=tapp, high=num(high), why=why),
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
    elif fool_event_complete(r, (fool, winner, exchange), "Bättler") and r.complete:
        check_fool(r, entry, n)
    return entry


def read_game(
    variant: Variant,
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
                _("--alone and --partner {partner} contradict each other").format(partner=partner),
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
        N_("--points X (the Tappist side's points), or --cards and --pile"),
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
    fool_event = fool_event_complete(
        r, (fool, winner, exchange), "Bättler"
    )  # asks for what it lacks
    if r.complete:
        check_tricks(r, entry, n)
    if r.complete and fool_event:
        check_fool(r, entry, n)
    return entry


def entry_to_raw(e: TrogguEntry) -> dict[str, Any]:
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


# --- scoring: the chips won or lost by the bid and the tricks; a misère's chips ----------


def team_points(e: TrogguEntry, explain: bool = True) -> tuple[Decimal, list[str]]:
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


def score(variant: Variant, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
    """The deal's chips; with `explain`, the arithmetic as lines for people."""
    if e.bid == "misere":
        return check_outcome(variant, score_misere(e, table, explain), table)
    rules = table.rules
    players = table.players
    n = len(players)
    points, lines = team_points(e, explain)
    win, draw = int(rules["win_points"]), int(rules["draw_points"])
    low = int(rules["low_points"])
    if points >= win:
        result = "won"
    elif points == draw:
        result = "draw"
    else:
        result = "lost"
    if explain:
        explain_bid(e, points, win, draw, result, lines)
    won = result == "won"
    scores = dict.fromkeys(players, 0)  # a draw: no chips move
    if result != "draw":
        losers_points = TOTAL - points if won else points
        proof = prove_tricks(e, n, points)
        no_trick = proof.tricks == (hand_size(n) if won else 0)
        if no_trick:
            k = int(rules["chips_no_trick"])
        elif losers_points <= low:
            k = int(rules["chips_low"])
        else:
            k = int(rules["chips"])
        chips = k
        if e.bid == "solo":
            k *= int(rules["solo_factor"])
        scores = settle(e, players, k if won else -k, int(rules["partner_share"]))
        if explain:
            if no_trick and proof.how not in ("", "tricks"):
                lines.append(how_known(e, n, proof, points))
            explain_chips(e, rules, n, won, no_trick, losers_points, low, chips, scores, lines)
    return check_outcome(
        variant,
        Outcome(
            result=result,
            scores=scores,
            points=points,
            needed=win,
            declarer=e.tappist,
            made=None if result == "draw" else won,
            explain=tuple(lines) if explain else (),
        ),
        table,
    )


def explain_bid(
    e: TrogguEntry, points: Decimal, win: int, draw: int, result: str, lines: list[str]
) -> None:
    """The lines of a bid's points (after the pile's): who played what, won, lost or drawn."""
    if e.fool_exchange == "given":
        lines.append(
            _(
                "the Bättler's escape: {fool} kept it back to the last trick, won by "
                "{winner}; it stayed with {fool}'s side, which gave a low card for "
                "it"
            ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
        )
    elif e.fool_exchange == "lost":
        lines.append(
            _(
                "the Bättler's escape: {fool} kept it back to the last trick, won by "
                "{winner}; {fool}'s side had no trick, so the Bättler went to "
                "{winner}"
            ).format(fool=e.fool or "?", winner=e.fool_winner or "?")
        )
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
    if result == "won":
        lines.append(_("{points} ≥ {win} → won").format(points=num(points), win=win))
    elif result == "draw":
        lines.append(_("exactly {draw} → draw: no chips move").format(draw=draw))
    else:
        lines.append(_("{points} < {win} → lost").format(points=num(points), win=win))


def explain_chips(
    e: TrogguEntry,
    rules: Mapping[str, Setting],
    n: int,
    won: bool,
    no_trick: bool,
    losers_points: Decimal,
    low: int,
    k: int,
    scores: Mapping[str, int],
    lines: list[str],
) -> None:
    """The lines of the chips: why `k` chips a player (before Solo's factor), who pays whom."""
    losers = _("opponents") if won else (_("Tappist's side") if e.partner else _("Tappist"))
    if no_trick:
        why = _("the {losers} took no trick → {chips}").format(
            losers=losers, chips=plural(k, "chip")
        )
    elif losers_points <= low:
        why = _("the {losers} took {losers_points} ≤ {low} → {chips}").format(
            losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
        )
    else:
        why = _("the {losers} took {losers_points} > {low} → {chips}").format(
            losers=losers, losers_points=num(losers_points), low=low, chips=plural(k, "chip")
        )
    if e.bid == "solo":
        factor = int(rules["solo_factor"])
        why += _(" × {factor} for Solo = {x}").format(factor=factor, x=k * factor)
        k *= factor
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
    lines.append(
        _("{why} {verb} each of the {opponents}{split} → Tappist {scores}").format(
            why=why,
            verb=verb,
            opponents=plural(opponents, "opponent"),
            split=split,
            scores=signed(scores[e.tappist or ""]),
        )
        + (_(", partner {scores}").format(scores=signed(scores[e.partner])) if e.partner else "")
    )
    lines.append(scores_line(scores))


def how_known(e: TrogguEntry, n: int, proof: TrickProof, points: Decimal) -> str:
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
                "the opponents' {size}-card pile is every trick: the Tappist's side took no trick"
            ).format(size=pile_size(e))
        return _("the opponents' pile is empty: they took no trick")
    if proof.tricks == 0:
        return _(
            "{points}: the {what} alone, no trick (a trick adds {n} cards worth at least 1 each)"
        ).format(points=points_of(points), what=what, n=n)
    return _("{points}: the opponents took no trick").format(points=points_of(points))


def settle(e: TrogguEntry, players: tuple[str, ...], k: int, share: int) -> dict[str, int]:
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


def score_misere(e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
    rules = table.rules
    points = dict(e.misere)
    top = max(points.values())
    tied = [p for p in table.players if points[p] == top]
    others = [p for p in table.players if p not in tied]
    chips = int(rules["misere_chips"])
    scores = dict.fromkeys(table.players, 0)
    nobody_pays = not others or (len(tied) > 1 and rules["misere_ties"] == "nobody-pays")
    if not nobody_pays:
        for p in tied:
            scores[p] = -chips * len(others)
        for p in others:
            scores[p] = chips * len(tied)
    return Outcome(
        result="misere",
        scores=scores,
        winners=tuple(others),
        player_points=points,
        explain=explain_misere(table, points, top, tied, others, chips, scores) if explain else (),
    )


def explain_misere(
    table: Table,
    points: Mapping[str, Decimal],
    top: Decimal,
    tied: list[str],
    others: list[str],
    chips: int,
    scores: Mapping[str, int],
) -> tuple[str, ...]:
    """A misère's lines: everyone's points, who pays whom."""
    lines = [_("misère: ") + _(", ").join(f"{p} {num(points[p])}" for p in table.players)]
    if not others:
        lines.append(_("everybody tied: nobody pays"))
    elif len(tied) > 1 and table.rules["misere_ties"] == "nobody-pays":
        lines.append(
            _("{tied} tie for the most ({top}): nobody pays (misere_ties = nobody-pays)").format(
                tied=_(" and ").join(tied), top=num(top)
            )
        )
    else:
        payers = _(" and ").join(tied)
        each = _("each pay") if len(tied) > 1 else _("pays")
        lines.append(
            _("{payers} took the most ({top}) and {each} {chips} to each of the {others}").format(
                payers=payers,
                top=num(top),
                each=each,
                chips=plural(chips, "chip"),
                others=plural(len(others), "other player"),
            )
        )
    lines.append(scores_line(scores))
    return tuple(lines)


# --- the rules as a player reads them (`scorepad rules troggu`) -------------------------


def rules_text(rules: Mapping[str, Setting], players: int | None) -> list[str]:
    lines = [
        _(
            "Bids: pass, Tapp (the Tappist takes the Tapp and discards as many cards) or Solo "
            "(no exchange; the Tapp counts for the Tappist); the last bidder plays against "
            "everybody else; when all pass, a misère."
        ),
        _(
            "Of the 114 card points the Tappist's side wins with {win} or more, draws with "
            "exactly {draw} (no chips move) and loses with less."
        ).format(win=rules["win_points"], draw=rules["draw_points"]),
        _(
            "Chips per opponent: {chips}; {low} when the losing side took {points} or less; "
            "{no_trick} when it took no trick; a Solo × {solo}. Won, each opponent pays them to "
            "the Tappist; lost, the Tappist pays each opponent."
        ).format(
            chips=plural(int(rules["chips"]), "chip"),
            low=rules["chips_low"],
            points=plural(int(rules["low_points"]), "point"),
            no_trick=rules["chips_no_trick"],
            solo=rules["solo_factor"],
        ),
    ]
    if players is None or players >= 7:
        lines.append(
            _(
                "7 or 8 players: the Tappist names a card and its holder is the partner; all "
                "pass, the holder of the Bättler (or trump 1) must play a Tapp game. Won, the "
                "partner receives {share} × the chips of it, the Tappist the rest; lost, the "
                "partner pays {opponents}, the Tappist the others."
            ).format(
                share=rules["partner_share"],
                opponents=plural(int(rules["partner_share"]), "opponent"),
            )
        )
    lines.append(
        _(
            "Misère: the player with the most points pays {chips} to each other player; {ties}."
        ).format(
            chips=plural(int(rules["misere_chips"]), "chip"),
            ties=_(
                "tied for the most, each tied player pays every untied one; all tied, nobody pays"
            )
            if rules["misere_ties"] == "tied-pay-untied"
            else _("tied for the most, nobody pays"),
        )
    )
    return lines


class Troggu(DeclarerGame):
    name = "troggu"
    title = N_("Troggu (Swiss tarot)")
    aliases: tuple[str, ...] = ("swiss", "tappu", "tappa", "tappä")
    min_players = 3
    max_players = 8
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED}
    unit = N_("chips")
    declarer_results: tuple[str, ...] = (N_("won"), N_("lost"), N_("draw"))
    synonyms: Mapping[str, str] = {"contract": "bid", "taker": "tappist"}  # -c, -t
    tournament_seats: Mapping[int, int] = {}  # every player at every deal
    the_deck = DECK
    replaces = REPLACES
    synonym_help: Mapping[str, tuple[str, str, str]] = {
        "contract": (N_("; Troggu: the bid"), "BID", N_("the bid, as --bid")),
        "taker": (N_("; Troggu: the Tappist"), "NAME", N_("the Tappist, as --tappist")),
    }
    # the sheet's words
    legend = N_("✗ a game the Tappist's side lost.")
    exchange_words: Mapping[str, str] = {"given": N_("Bättler given"), "lost": N_("Bättler lost")}
    fields: tuple[Field, ...] = with_words(
        with_prompts(
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
                Field(
                    "partner",
                    "--partner",
                    "player",
                    "7–8 players: the called card's holder",
                    asked_at_once=True,
                ),
                Field("alone", "--alone", "flag", "the called card was the Tappist's own"),
                Field("called", "--called", "card", "7–8 players: the card the Tappist named"),
                Field(
                    "forced",
                    "--forced",
                    "flag",
                    "7–8 players: all passed, the Bättler (or trump 1) holder had to play",
                ),
                Field(
                    "tricks",
                    "--tricks",
                    "integer",
                    "tricks won by the Tappist's side",
                    label=N_("tricks"),
                    asked_at_once=True,
                    yes_no=N_("Did the Tappist's side take a trick?"),
                    no_value=0,
                ),
                Field(
                    "points",
                    "--points",
                    "number",
                    "the Tappist side's points, with the discard or the Tapp (0–114)",
                ),
                *pile_fields(SIDES, SIDE_ALIASES),
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
        ),
        {
            "bid": N_("bid"),
            "tappist": N_("tappist"),
            "partner": N_("partner"),
            "alone": N_("alone"),
            "called": N_("called"),
            "forced": N_("forced"),
            "tricks": N_("tricks"),
            "points": N_("points"),
            "cards": N_("cards"),
            "pile": N_("pile"),
            "side": N_("side"),
        },
    )

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        word, n = raw.get("bid"), len(table.players)
        if not isinstance(word, str):
            return None
        found = resolve_choice(word, BIDS, BID_ALIASES)
        if n >= 7 and word.strip().lower() in PASS_WORDS:
            found = ["tapp"]  # all passed: the forced game of who had to play
        if len(found) != 1:
            return None
        if found[0] == "misere":  # every player for himself; at 7 or 8 the Bättler in the Tapp
            fool = {"fool", "fool_winner", "fool_exchange"} if n < 7 else set()
            return frozenset({"bid", "points", *fool})
        keys = {f.key for f in self.fields}
        if n < 7:
            keys -= {"partner", "alone", "called", "forced"}
        if found[0] != "tapp":
            keys.discard("forced")  # a forced game is a Tapp game
        return frozenset(keys)

    def starts_afresh(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> bool:
        return "bid" in changes and (changes["bid"] == "misere") != (old.get("bid") == "misere")

    def ask_as(self, key: str, raw: Mapping[str, Any]) -> str | None:
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

    def contest(
        self, e: TrogguEntry, outcome: Outcome, rules: Mapping[str, Setting]
    ) -> Contest | None:
        """The Tappist (and the partner at 7–8) against the others; the bid, and whether
        the game was forced, set its difficulty. A misère has no sides: None."""
        if outcome.points is None or outcome.needed is None:
            return None  # a misère
        side = e.team()
        others = tuple([p for p in outcome.scores if p not in side])
        margin = int(outcome.points) - outcome.needed
        return Contest(side, others, BID_WORDS[e.bid], int(e.forced), margin, outcome.result)

    def score(self, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
        return score(self, e, table, explain)

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> TrogguEntry:
        return read_entry(self, raw, table)

    def entry_to_raw(self, e: TrogguEntry) -> dict[str, Any]:
        return entry_to_raw(e)

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

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        return rules_text(rules, players)

    @property
    def stats(self) -> GameStats:
        # imported when asked (`stats`, the sheet): the other commands don't pay its import
        from scorepad.variants.troggu.stats import STATS

        return STATS


TROGGU = Troggu()
