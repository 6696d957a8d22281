"""Counting the statistics: every deal of the sessions scored once, on the standings' path
(`scores.iter_outcomes`), each game's figures counted by player (`stats`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from scorepad.model import Session
from scorepad.scores import iter_outcomes
from scorepad.stats.figures import (
    BIDS,
    CONTRACTS,
    KINDS,
    ROLES,
    Chips,
    Contract,
    DealRef,
    Escapes,
    French,
    Games,
    Pair,
    Piedmont,
    PlayerStats,
    Rate,
    Role,
    Stats,
    Troggu,
    WonLost,
)
from scorepad.text import identities, people

# --- counting ---------------------------------------------------------------------------------


class _Player:
    """One player's counts while the deals go by (mutable; frozen once done)."""

    __slots__ = ("best", "best_at", "name", "order", "played", "total", "worst", "worst_at")

    def __init__(self, name: str, order: int) -> None:
        self.name, self.order = name, order
        self.played = self.total = self.best = self.worst = 0
        self.best_at: tuple[int, int] | None = None  # (session, n) of the first best deal
        self.worst_at: tuple[int, int] | None = None

    def scored(self, value: int, session: int, n: int) -> None:
        self.played += 1
        self.total += value
        if self.best_at is None or value > self.best:
            self.best, self.best_at = value, (session, n)
        if self.worst_at is None or value < self.worst:
            self.worst, self.worst_at = value, (session, n)

    def refs(self) -> tuple[DealRef | None, DealRef | None]:
        """The best and the worst deal."""
        return (
            None if self.best_at is None else DealRef(self.best, *self.best_at),
            None if self.worst_at is None else DealRef(self.worst, *self.worst_at),
        )


_P = TypeVar("_P", bound=_Player)


class _FrenchPlayer(_Player):
    __slots__ = (
        "by_contract",
        "excuses_lost",
        "handfuls",
        "longest",
        "petit",
        "roles",
        "run",
        "slams",
    )

    def __init__(self, name: str, order: int) -> None:
        super().__init__(name, order)
        self.by_contract = {c: [0] * 5 for c in CONTRACTS}  # bid, made, total, bouts, margin
        self.roles = {r: [0, 0, 0] for r in ROLES}  # deals, total, won
        self.slams, self.petit = [0, 0], [0, 0]  # won, lost
        self.handfuls = self.excuses_lost = self.run = self.longest = 0

    def freeze(self) -> French:
        return French(
            by_contract={c: Contract(*v) for c, v in self.by_contract.items()},
            roles={r: Role(*v) for r, v in self.roles.items()},
            slams=WonLost(*self.slams),
            petit_au_bout=WonLost(*self.petit),
            handfuls=self.handfuls,
            excuses_lost=self.excuses_lost,
            longest_run=self.longest,
        )


class _TrogguPlayer(_Player):
    __slots__ = ("baettler", "by_bid", "chips", "miseres")

    def __init__(self, name: str, order: int) -> None:
        super().__init__(name, order)
        self.by_bid = {b: {"won": 0, "draw": 0, "lost": 0} for b in BIDS}
        self.chips = {k: [0, 0, 0] for k in KINDS}  # deals, won, lost
        self.miseres = [0, 0]  # lost, played
        self.baettler = {"given": 0, "lost": 0}

    def freeze(self) -> Troggu:
        return Troggu(
            by_bid={b: Games(**v) for b, v in self.by_bid.items()},
            chips={k: Chips(*v) for k, v in self.chips.items()},
            miseres=Rate(*self.miseres),
            baettler=Escapes(**self.baettler),
        )


class _PiedmontPlayer(_Player):
    __slots__ = ("margin", "matches", "won")

    def __init__(self, name: str, order: int) -> None:
        super().__init__(name, order)
        self.won = 0
        self.matches = [0, 0]  # won, played
        self.margin: int | None = None

    def freeze(self) -> Piedmont:
        return Piedmont(self.won, Rate(*self.matches), self.margin)


def stats(sessions: Sequence[Session], labels: Sequence[str] | None = None) -> Stats:
    """Every figure over the sessions given (one game, in the order given: by date), each
    deal scored once without explanations. `labels` name the sessions (default: the
    date, else the title, else the session's number)."""
    if not sessions:
        raise ValueError("stats of no session")
    variant = sessions[0].variant
    if any(s.variant != variant for s in sessions):
        raise ValueError("stats add up one game at a time")
    names = (
        tuple(labels)
        if labels is not None
        else tuple(s.date or s.title or str(i) for i, s in enumerate(sessions, 1))
    )
    if len(names) != len(sessions):
        raise ValueError("one label per session")
    kind, count = _GAMES[variant]
    players: dict[str, Any] = {}
    _keys, written = people(s.players for s in sessions)  # one person whatever case, accents
    for key, name in written.items():
        players[key] = kind(name, len(players))
    extra = count(sessions, players)
    done = []
    for key in _ranked(players):
        a = players[key]
        best, worst = a.refs()
        done.append(PlayerStats(a.name, a.played, a.total, best, worst, a.freeze()))
    return Stats(
        variant=variant,
        deals=sum(len(s.deals) for s in sessions),
        sessions=names,
        players=tuple(done),
        seated=tuple(a.name for a in players.values()),
        **extra,
    )


def _ranked(players: Mapping[str, _Player]) -> list[str]:
    """The players' keys as the standings rank them: by total, best first, ties in order
    of first appearance."""
    return sorted(players, key=lambda key: (-players[key].total, players[key].order))


def _seats(session: Session, players: Mapping[str, _P]) -> dict[str, _P]:
    """The session's players (as its deals name them) and their counts."""
    return {p: players[key] for p, key in identities(session.players).items()}


def _french(sessions: Sequence[Session], players: dict[str, _FrenchPlayer]) -> dict[str, Any]:
    from scorepad.variants.french.entry import DECK, TARGETS

    contracts = {c: [0] * 7 for c in CONTRACTS}  # as Contract's fields
    pairs: dict[tuple[str, str], list[int]] = {}  # deals, made, total
    skipped = {"pass": 0, "cancelled": 0}
    five = False
    bouts_of = DECK.bouts
    for s, session in enumerate(sessions, 1):
        seats = _seats(session, players)
        key_of = identities(session.players)
        pairs_of = zip(session.deals, iter_outcomes(session), strict=True)
        for n, (deal, outcome) in enumerate(pairs_of, 1):
            e = deal.entry
            if e.contract in skipped:  # played, in no role
                skipped[e.contract] += 1
                for player, score in outcome.scores.items():
                    seats[player].scored(score, s, n)
                continue
            made = bool(outcome.made)
            if e.bouts is not None:
                bouts = e.bouts
            else:  # the bouts of a listed pile (each card listed once), as the game counts
                listed = len(bouts_of.intersection(e.cards))
                bouts = listed if e.side == "attack" else 3 - listed
            assert outcome.points is not None and outcome.points % 1 == 0
            margin = int(outcome.points) - TARGETS[bouts]
            taker = seats[e.taker]
            value = outcome.scores[e.taker]
            table = contracts[e.contract]
            for sums in (taker.by_contract[e.contract], table):
                sums[0] += 1
                sums[1] += made
                sums[2] += value
                sums[3] += bouts
                sums[4] += margin
            if e.partner is not None:
                table[5] += 1
                key = (key_of[e.taker], key_of[e.partner])
                pair = pairs.get(key)
                if pair is None:
                    pair = pairs[key] = [0, 0, 0]
                pair[0] += 1
                pair[1] += made
                pair[2] += value
            elif e.alone:
                table[6] += 1
            five = five or e.partner is not None or e.alone  # five at the table
            taker.run = taker.run + 1 if made else 0
            if taker.run > taker.longest:
                taker.longest = taker.run
            slam, petit = e.slam, e.petit_au_bout
            for player, score in outcome.scores.items():
                a = seats[player]
                a.scored(score, s, n)
                attacking = player == e.taker or player == e.partner
                role = a.roles[
                    "taker" if player == e.taker else "partner" if attacking else "defender"
                ]
                role[0] += 1
                role[1] += score
                role[2] += made == attacking
                if slam is not None:
                    a.slams[(slam == "attack") != attacking] += 1
                if petit is not None:
                    a.petit[(petit == "attack") != attacking] += 1
            for player, _trumps in e.handfuls:
                seats[player].handfuls += 1
            if e.fool_exchange == "lost" and e.fool is not None:
                seats[e.fool].excuses_lost += 1
    rank = {key: i for i, key in enumerate(_ranked(players))}
    partners = tuple(
        Pair(players[t].name, players[p].name, *v)
        for (t, p), v in sorted(pairs.items(), key=lambda kv: (rank[kv[0][0]], rank[kv[0][1]]))
    )
    return {
        "contracts": {c: Contract(*v) for c, v in contracts.items()},
        "partners": partners,
        "passed": skipped["pass"],
        "cancelled": skipped["cancelled"],
        "five": five,
    }


def _troggu(sessions: Sequence[Session], players: dict[str, _TrogguPlayer]) -> dict[str, Any]:
    for s, session in enumerate(sessions, 1):
        seats = _seats(session, players)
        pairs_of = zip(session.deals, iter_outcomes(session), strict=True)
        for n, (deal, outcome) in enumerate(pairs_of, 1):
            e = deal.entry
            misere = e.bid == "misere"
            for player, score in outcome.scores.items():
                a = seats[player]
                a.scored(score, s, n)
                kind = (
                    "misere"
                    if misere
                    else e.bid
                    if player == e.tappist
                    else "partner"
                    if player == e.partner
                    else "opponent"
                )
                chips = a.chips[kind]
                chips[0] += 1
                chips[1 if score > 0 else 2] += abs(score)
                if misere:
                    a.miseres[1] += 1
                    a.miseres[0] += score < 0
            if not misere:
                seats[e.tappist].by_bid[e.bid][outcome.result] += 1
            if e.fool is not None and e.fool_exchange is not None:
                seats[e.fool].baettler[e.fool_exchange] += 1
    return {}


def _piedmont(sessions: Sequence[Session], players: dict[str, _PiedmontPlayer]) -> dict[str, Any]:
    for s, session in enumerate(sessions, 1):
        seats = _seats(session, players)
        target, limit = int(session.rules["target"]), int(session.rules["deals"])
        totals = dict.fromkeys(session.players, 0)
        decided = not target and not limit  # no match to decide: the session just runs
        for n, outcome in enumerate(iter_outcomes(session), 1):
            for player, score in outcome.scores.items():
                seats[player].scored(score, s, n)
            [winner] = outcome.winners
            [loser] = [p for p in outcome.scores if p != winner]
            a = seats[winner]
            a.won += 1
            margin = outcome.scores[winner] - outcome.scores[loser]
            a.margin = margin if a.margin is None else max(a.margin, margin)
            if decided:
                continue
            for player, value in outcome.scores.items():
                totals[player] += value
            best = max(totals.values())
            if (target and best >= target) or (limit and n >= limit):
                leaders = [p for p, t in totals.items() if t == best]
                if len(leaders) == 1:  # tied at the top, the match goes on (as `deal` has it)
                    decided = True
                    for p in totals:
                        seats[p].matches[1] += 1
                    seats[leaders[0]].matches[0] += 1
    return {}


_GAMES: dict[str, tuple[type[_Player], Callable[[Sequence[Session], Any], dict[str, Any]]]] = {
    "french": (_FrenchPlayer, _french),
    "troggu": (_TrogguPlayer, _troggu),
    "piedmont": (_PiedmontPlayer, _piedmont),
}  # the game's player counts, and how its deals are counted
