"""Reading a Troggu deal: from options or a session file, with every check
(`read_entry`), and back to the file's values."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from scorepad.cards import FOOL_CARD, trump
from scorepad.i18n import N_, _, ngettext
from scorepad.model import Table
from scorepad.text import num
from scorepad.variants.base import Variant, compact
from scorepad.variants.reader import Reader, fool_event_complete
from scorepad.variants.troggu.bounds import hand_size, misere_fits, misere_tapp_range
from scorepad.variants.troggu.checks import check_fool, check_tricks
from scorepad.variants.troggu.entry import (
    BID_ALIASES,
    BIDS,
    DECK,
    ONE,
    PASS_WORDS,
    SIDE_ALIASES,
    SIDES,
    TAPP,
    TOTAL,
    TrogguEntry,
)


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
