"""Reading a French Tarot deal: from options or a session file, with every check
(`read_entry`), and back to the file's values."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from scorepad.cards import HALF
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _, ngettext
from scorepad.model import Table
from scorepad.text import num, plural, shown
from scorepad.variants.base import Variant, compact
from scorepad.variants.french.bounds import tricks_in_deal
from scorepad.variants.french.checks import check_counts, check_fool
from scorepad.variants.french.entry import (
    CONTRACT_ALIASES,
    CONTRACTS,
    DECK,
    MAX_TRUMPS,
    NO_SCORE,
    SIDE_ALIASES,
    SIDES,
    TOTAL,
    FrenchEntry,
    handful_thresholds,
)
from scorepad.variants.reader import Reader, fool_event_complete

BOUT_POINTS = Decimal("4.5")  # what a bout counts


def read_entry(variant: Variant, raw: Mapping[str, Any], table: Table) -> FrenchEntry:
    r = Reader(raw, table, variant)
    n = len(table.players)
    contract = r.choice("contract", CONTRACTS, CONTRACT_ALIASES)
    if contract is None:
        if not r.problems:
            r.require(
                "contract", _("--contract ({contracts})").format(contracts=", ".join(CONTRACTS))
            )
        r.used.update(f.key for f in variant.fields)
        r.finish()
    assert contract is not None
    if contract in NO_SCORE:
        present = [f.option for f in variant.fields if f.key != "contract" and r.has(f.key)]
        if present:
            r.add(
                _("a {contract} deal has no {present}").format(
                    contract=contract, present=", ".join(present)
                ),
                "contract",
            )
            r.used.update(f.key for f in variant.fields)
        r.finish()
        return FrenchEntry(contract)

    taker = r.player("taker")
    if taker is None and not r.has("taker"):
        r.require("taker", _("--taker NAME"))
    partner = r.player("partner")
    alone = r.flag("alone")
    if n != 5:
        if r.has("partner"):
            r.add(_("a partner is called only with 5 players, not {n}").format(n=n), "partner")
            partner = None
        if alone:
            r.add(_("playing alone is for 5 players, not {n}").format(n=n), "alone")
    elif partner is not None and partner == taker:
        r.add(
            _("{taker} is the taker and cannot also be the partner (use --alone)").format(
                taker=taker
            ),
            "partner",
        )
        partner = None
    elif partner is not None and alone:
        r.add(
            _("--alone and --partner {partner} contradict each other").format(partner=partner),
            "partner",
        )
    if n == 5 and partner is None and not alone and not r.has("partner"):
        r.require("partner", _("--partner NAME (who holds the called king) or --alone"))

    bouts = r.integer("bouts", 0, 3)
    given = r.points_or_pile(
        DECK,
        TOTAL,
        HALF,
        SIDES,
        SIDE_ALIASES,
        N_("--points X with --bouts N, or --cards and --pile"),
    )
    points = given.points
    if points is not None or (r.has("points") and not r.has("cards")):
        if not r.has("bouts"):
            r.require("bouts", _("--bouts N (how many bouts, 0–3, the taker's side has)"))
        if points is not None and bouts is not None and not r.has("slam"):
            lo, hi = BOUT_POINTS * bouts, TOTAL - BOUT_POINTS * (3 - bouts)
            if not lo <= points <= hi:
                hint, asked, field = "", "", "points"
                if points == hi + HALF:
                    hint = _(
                        "; with --slam attack it can be: the defence kept the "
                        "Excuse and owed a low card"
                    )
                    asked = _(
                        "; it can be a slam by the taker's side: the defence kept "
                        "the Excuse and owed a low card"
                    )
                elif points == lo - HALF:
                    hint = _(
                        "; with --slam defence it can be: the taker's side kept "
                        "the Excuse and owed a low card"
                    )
                    asked = _(
                        "; it can be a slam by the defence: the taker's side kept "
                        "the Excuse and owed a low card"
                    )
                if hint:
                    field = "slam"  # the answer that makes it possible
                message = _(
                    "points {points} are impossible with {bouts} (between {lo} and {hi}){hint}"
                )
                what, said = (
                    message.format(
                        points=num(points),
                        bouts=plural(bouts, "bout"),
                        lo=num(lo),
                        hi=num(hi),
                        hint=h,
                    )
                    for h in (hint, asked)
                )
                r.add(what, field, said)
    elif given.counted is not None:
        counted = given.counted
        own = counted.bouts if given.side == "attack" else 3 - counted.bouts
        if bouts is not None and bouts != own:
            r.add(
                _(
                    "bouts {bouts} disagrees with the listed cards (they give the taker's "
                    "side {own})"
                ).format(bouts=bouts, own=own),
                "bouts",
            )
        bouts = None
    elif r.has("cards"):
        bouts = None

    handfuls = read_handfuls(r, n) if "handfuls" in r.raw else ()
    misere = read_misere(r, handfuls)
    petit = r.choice("petit_au_bout", SIDES, SIDE_ALIASES)
    slam = r.choice("slam", SIDES, SIDE_ALIASES)
    announced = r.flag("slam_announced")
    fool = r.player("fool")
    fool_winner = r.player("fool_winner")
    exchange = r.choice("fool_exchange", ("given", "owed", "lost"))
    entry = FrenchEntry(
        contract=contract,
        taker=taker,
        partner=partner,
        alone=alone,
        points=points,
        bouts=bouts,
        cards=given.cards,
        pile=given.pile,
        side=given.side,
        handfuls=handfuls,
        petit_au_bout=petit,
        slam=slam,
        slam_announced=announced,
        fool=fool,
        fool_winner=fool_winner,
        fool_exchange=exchange,
        misere=misere,
    )
    implied = (
        exchange == "owed" and slam is not None and not r.has("fool") and not r.has("fool_winner")
    )  # a slam's owed Excuse: the sides say whose
    fool_event = implied or fool_event_complete(
        r, (fool, fool_winner, exchange), "Excuse"
    )  # asks what it lacks
    if r.complete and fool_event:
        check_fool(r, entry)
    if r.complete:
        entry = check_counts(r, entry, n)
    r.finish()
    return entry


def read_handfuls(r: Reader, n: int) -> tuple[tuple[str, int], ...]:
    def bad(what: str) -> None:
        r.add(what, "handfuls")

    value = r.get("handfuls")
    if value is None:
        return ()
    items: list[tuple[Any, Any]] = []
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, list):
        for item in value:
            name, sep, trumps = str(item).rpartition(":")
            if not sep:
                bad(
                    _("handful {item} should be PLAYER:TRUMPS, e.g. Anna:11").format(
                        item=shown(item)
                    )
                )
                continue
            items.append((name, trumps))
    else:
        bad(_("handfuls must be PLAYER:TRUMPS, not {value}").format(value=shown(value)))
    simple = handful_thresholds(r.table.rules, n)[0]
    hand = tricks_in_deal(n)
    most = min(MAX_TRUMPS, hand)  # a hand of 15 or 18 cards can't show 22 trumps
    why_most = _(", and a hand holds {hand} cards").format(hand=hand) if hand < MAX_TRUMPS else ""
    result: dict[str, int] = {}
    for name, trumps in items:
        try:
            player = r.table.resolve(str(name), _("handful player"))
        except ScorepadError as err:
            r.problems.extend(Problem(p.where, p.what, "handfuls") for p in err.problems)
            continue
        count = shown(trumps).strip("'") if isinstance(trumps, int) else str(trumps).strip()
        if not (count.isascii() and count.isdigit() and len(count) <= 3):
            bad(
                _("handful of {player}: {trumps} is not a number of trumps").format(
                    player=player, trumps=shown(trumps)
                )
            )
        elif player in result:
            bad(_("{player} shows only one handful per deal").format(player=player))
        elif not simple <= int(count) <= most:
            bad(
                ngettext(
                    "handful of {player}: {count} trump is outside {simple}–{most} (a handful "
                    "needs {simple} trumps with {n} players{why_most})",
                    "handful of {player}: {count} trumps is outside {simple}–{most} (a handful "
                    "needs {simple} trumps with {n} players{why_most})",
                    int(count),
                ).format(
                    player=player,
                    count=int(count),
                    simple=simple,
                    most=most,
                    n=n,
                    why_most=why_most,
                )
            )
        else:
            result[player] = int(count)
    if sum(result.values()) > MAX_TRUMPS:
        bad(
            _(
                "handfuls show {x} trumps but the deck has only {max_trumps} (21 trumps and "
                "the Excuse)"
            ).format(x=sum(result.values()), max_trumps=MAX_TRUMPS)
        )
    return tuple(result.items())


def entry_to_raw(e: FrenchEntry) -> dict[str, Any]:
    return compact(
        [
            ("contract", e.contract),
            ("taker", e.taker),
            ("partner", e.partner),
            ("alone", e.alone),
            ("points", e.points),
            ("bouts", e.bouts),
            ("cards", None if e.cards is None else DECK.format(e.cards)),
            ("pile", e.pile),
            ("side", e.side if e.cards is not None and e.side != "attack" else None),
            ("handfuls", dict(e.handfuls) or None),
            ("petit_au_bout", e.petit_au_bout),
            ("slam", e.slam),
            ("slam_announced", e.slam_announced),
            ("fool", e.fool),
            ("fool_winner", e.fool_winner),
            ("fool_exchange", e.fool_exchange),
            ("misere", list(e.misere) or None),
        ]
    )


def read_misere(r: Reader, handfuls: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The players who declared a misère: names as a list (the file, a repeated --misere) or
    one text, comma-separated (as typed at the table)."""
    value = r.get("misere")
    if value is None:
        return ()
    if not r.table.rules.get("misere"):
        r.add(_("these rules play no misère (a rules file or --set misere=true turns it on)"))
        return ()
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        r.add(_("misere should be a list of players, not {value}").format(value=shown(value)))
        return ()
    declared: list[str] = []
    showed = {player for player, _trumps in handfuls}
    for name in names:
        try:
            player = r.table.resolve(name.strip(), _("misère player"))
        except ScorepadError as err:
            r.problems.extend(Problem(p.where, p.what, "misere") for p in err.problems)
            continue
        if player in declared:
            r.add(_("{player} declares one misère per deal").format(player=player), "misere")
        elif player in showed:
            r.add(
                _("{player} showed a handful: a misère is a hand with no trump").format(
                    player=player
                ),
                "misere",
            )
        else:
            declared.append(player)
    return tuple(declared)
