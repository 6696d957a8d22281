"""What a club reads over a season: figures by player, by contract and by role, for each game.

Pure: `stats(sessions)` computes every figure from the deals and their outcomes, scored once
each without explanations, on the very path the standings take (`core.iter_outcomes`), so
that the figures and the standings agree. Everything kept is a count or a sum (integers):
an average is a sum and a count (`Tally`), a rate a count and its cases (`Rate`); rounding
is for display only (`rounded`, and `scorepad.render.stats_text`): averages to two decimals and
rates to whole percent, halves to even, as the standings' average and the settlement's cents
are rounded, so that a player's average per deal reads here as in the standings. Players
are merged across sessions regardless of case, as the standings merge them, and listed as the
standings rank them (total, best first; ties in order of first appearance).

`stats_object` is what `stats --json` prints: no floats at all, keys stable:

    {"schema": 1, "variant": "french" | "troggu" | "piedmont",
     "deals": N (every deal of the sessions), "sessions": [label of each session, in order],
     "players": [player, ...], ...the game's own top-level keys (below)}

Every player: `"name"`, `"played"` (deals at the table: passed and cancelled ones too, as
`deals` in the standings), `"total"` (as in the standings), `"best_deal"` and
`"worst_deal"`: `{"score": X, "session": S, "n": N}` (S 1-based in `"sessions"`, N the deal's
number in it; the first such deal; null when the player played no deal).

French Tarot, each player:
- `"took"`: deals taken; `"by_contract"`: `{contract: {"took", "made", "failed", "total",
  "bouts", "margin"}}` for petite, garde, garde-sans, garde-contre, where `"total"` sums the
  player's scores as taker, `"bouts"` the bouts of the taker's side, `"margin"` the card
  points above the target (below: negative) as counted (after rounding);
- `"roles"`: `{"taker" | "partner" | "defender": {"deals", "total", "won"}}`: deals in that
  role, the player's scores summed, deals the player's side won (the taker's side: the
  contract made; the defence: failed). A passed or cancelled deal enters no role; "partner"
  is the called king's holder (5 players);
- `"slams"`, `"petit_au_bout"`: `{"won", "lost"}`, by the player's side; `"handfuls"`:
  handfuls shown; `"excuses_lost"`: Excuses the player played and lost at the last trick;
  `"longest_run"`: the most contracts the player made in a row (their own takes, in order).
Top level: `"passed"`, `"cancelled"` (deals), `"contracts"`: `{contract: {"bid", "made",
"failed", "total", "bouts", "margin", "called", "alone"}}` (the same sums over every taker;
`"called"` and `"alone"`: 5 players, a partner called or the taker alone), and `"partners"`:
`[{"taker", "partner", "deals", "made", "total"}]`, one per pair that played together
(5 players; `"total"`: the taker's scores), by the taker then the partner, both in the
order of `"players"`.

Troggu, each player: `"by_bid"`: `{"tapp" | "solo": {"won", "draw", "lost"}}` (games as
the Tappist); `"chips"`: `{"tapp" | "solo" | "partner" | "opponent" | "misere": {"deals",
"won", "lost"}}`: chips won and lost (both counted up from zero) as the Tappist of a Tapp
game, of a Solo, as the called partner, as an opponent, in misères (their differences add
up to the total); `"misere"`: `{"played", "lost"}` (lost: took the most points and paid);
`"baettler"`: `{"given", "lost"}`: the Bättler kept back to the last trick by the player,
and whether it escaped (the exchange given) or was lost.

Piedmont, each player: `"won"` (deals won), `"matches"`: `{"played", "won"}` (matches of
the sessions that set a target or a number of deals, once over, decided as `deal` decides
them), `"biggest_margin"`: the most the player won a deal by (null: no deal won).

With `--player NAME` (`stats_object(st, player=NAME)`): the same object, `"players"` holding
that player only, `"partners"` only the pairs they played in, and no `"contracts"` (those are
the whole table's). An average is never printed: it is `"total"` / `"deals"` (the taker's
margin: the `"margin"`s over `"took"`), a rate its count over its cases (success: `"made"` /
`"took"`), so that a script can round them as it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from scorepad.core import iter_outcomes
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session, Table

JSON_SCHEMA = 1  # raised when a key of the stats object changes meaning
CONTRACTS = ("petite", "garde", "garde-sans", "garde-contre")  # as the game names them
ROLES = ("taker", "partner", "defender")
BIDS = ("tapp", "solo")
KINDS = ("tapp", "solo", "partner", "opponent", "misere")
RATE_CASES = 3  # below this many cases a rate is shown as its counts ("2 of 2")


# --- exact figures ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """`count` of `cases`: a rate kept as its numerator and denominator."""

    count: int
    cases: int

    @property
    def shown_as_counts(self) -> bool:
        """Below 3 cases a rate is read as its counts, never as a percentage."""
        return self.cases < RATE_CASES

    def percent(self) -> int | None:
        """The rate in whole percent, rounded half up (None without a case)."""
        return rounded_int(100 * self.count, self.cases)


@dataclass(frozen=True)
class Tally:
    """A figure summed over some deals: its average is `total` / `deals`, kept exact."""

    deals: int = 0
    total: int = 0

    def average(self, places: int = 2) -> Decimal | None:
        return rounded(self.total, self.deals, places)


def rounded_int(numerator: int, denominator: int) -> int | None:
    """numerator / denominator to the nearest integer, halves to even (exact), as Decimal's
    quantize rounds the standings' average (`core.Standing.average`)."""
    if not denominator:
        return None
    q, r = divmod(abs(numerator), abs(denominator))
    q += 2 * r > abs(denominator) or (2 * r == abs(denominator) and q % 2 == 1)
    return q if (numerator >= 0) == (denominator > 0) else -q


def rounded(numerator: int, denominator: int, places: int = 2) -> Decimal | None:
    """numerator / denominator to `places` decimals, halves to even, in integers (no float,
    no binary rounding): for display only."""
    scale = 10**places
    q = rounded_int(numerator * scale, denominator)
    return None if q is None else Decimal(q).scaleb(-places)


@dataclass(frozen=True)
class DealRef:
    """A player's score at one deal: `n` of session `session` (both 1-based)."""

    score: int
    session: int
    n: int


@dataclass(frozen=True)
class WonLost:
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Escapes:
    """Bättlers kept back to the last trick: escaped (the exchange given), or lost."""

    given: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Contract:
    """Deals taken with one contract (by a player, or by every taker), and their sums."""

    bid: int = 0
    made: int = 0
    total: int = 0  # the taker's scores
    bouts: int = 0  # the taker side's bouts
    margin: int = 0  # card points above the target, below it negative
    called: int = 0  # 5 players: with a called partner
    alone: int = 0  # 5 players: the taker alone

    @property
    def failed(self) -> int:
        return self.bid - self.made

    @property
    def success(self) -> Rate:
        return Rate(self.made, self.bid)

    @property
    def score(self) -> Tally:
        return Tally(self.bid, self.total)


@dataclass(frozen=True)
class Role:
    """A player's deals in one role: how many, the scores summed, how many their side won."""

    deals: int = 0
    total: int = 0
    won: int = 0

    @property
    def score(self) -> Tally:
        return Tally(self.deals, self.total)


@dataclass(frozen=True)
class Pair:
    """A taker and the partner he called (5 players), over their deals together."""

    taker: str
    partner: str
    deals: int
    made: int
    total: int  # the taker's scores

    @property
    def score(self) -> Tally:
        return Tally(self.deals, self.total)


@dataclass(frozen=True)
class Games:
    won: int = 0
    draw: int = 0
    lost: int = 0

    @property
    def played(self) -> int:
        return self.won + self.draw + self.lost


@dataclass(frozen=True)
class Chips:
    """Chips won and lost in one kind of deal (both counted up from zero)."""

    deals: int = 0
    won: int = 0
    lost: int = 0

    @property
    def net(self) -> int:
        return self.won - self.lost


@dataclass(frozen=True)
class French:
    by_contract: Mapping[str, Contract]
    roles: Mapping[str, Role]
    slams: WonLost
    petit_au_bout: WonLost
    handfuls: int
    excuses_lost: int
    longest_run: int

    @property
    def took(self) -> int:
        return sum(c.bid for c in self.by_contract.values())

    @property
    def made(self) -> int:
        return sum(c.made for c in self.by_contract.values())

    @property
    def margin(self) -> Tally:
        """Card points above the target when taking, over the takes."""
        return Tally(self.took, sum(c.margin for c in self.by_contract.values()))


@dataclass(frozen=True)
class Troggu:
    by_bid: Mapping[str, Games]
    chips: Mapping[str, Chips]
    miseres: Rate  # lost of played
    baettler: Escapes


@dataclass(frozen=True)
class Piedmont:
    won: int
    matches: Rate  # won of played
    biggest_margin: int | None


@dataclass(frozen=True)
class PlayerStats:
    name: str
    played: int
    total: int
    best: DealRef | None
    worst: DealRef | None
    game: French | Troggu | Piedmont


@dataclass(frozen=True)
class Stats:
    variant: str
    deals: int
    sessions: tuple[str, ...]  # each session's label, in the order given
    players: tuple[PlayerStats, ...]  # as the standings rank them
    contracts: Mapping[str, Contract] = field(default_factory=dict)  # French
    partners: tuple[Pair, ...] = ()  # French, 5 players
    passed: int = 0  # French
    cancelled: int = 0  # French
    five: bool = False  # French: some deal was played by five (a partner, or alone)
    seated: tuple[str, ...] = ()  # the players in order of first appearance

    def player(self, name: str) -> PlayerStats:
        """The player meant by `name` (exact or unique prefix, regardless of case), or a
        ScorepadError for --player naming the players."""
        table = Table(self.variant, self.seated or tuple(p.name for p in self.players), {})
        try:
            found = table.resolve(name, _("player"))
        except ScorepadError as err:
            raise ScorepadError([Problem("--player", p.what) for p in err.problems]) from None
        return next(p for p in self.players if p.name == found)

    def partners_of(self, name: str) -> tuple[Pair, ...]:
        return tuple(p for p in self.partners if name in (p.taker, p.partner))


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
    for session in sessions:
        for p in session.players:
            if p.casefold() not in players:
                players[p.casefold()] = kind(p, len(players))
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
    return {p: players[p.casefold()] for p in session.players}


def _french(sessions: Sequence[Session], players: dict[str, _FrenchPlayer]) -> dict[str, Any]:
    from scorepad.variants.french import DECK, TARGETS

    contracts = {c: [0] * 7 for c in CONTRACTS}  # as Contract's fields
    pairs: dict[tuple[str, str], list[int]] = {}  # deals, made, total
    skipped = {"pass": 0, "cancelled": 0}
    five = False
    bouts_of = DECK.bouts
    for s, session in enumerate(sessions, 1):
        seats = _seats(session, players)
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
                key = (e.taker.casefold(), e.partner.casefold())
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


# --- the JSON object ----------------------------------------------------------------------------


def _ref(ref: DealRef | None) -> dict[str, int] | None:
    return None if ref is None else {"score": ref.score, "session": ref.session, "n": ref.n}


def _contract(c: Contract, taker: bool) -> dict[str, int]:
    obj = {
        "took" if taker else "bid": c.bid,
        "made": c.made,
        "failed": c.failed,
        "total": c.total,
        "bouts": c.bouts,
        "margin": c.margin,
    }
    if not taker:
        obj.update(called=c.called, alone=c.alone)
    return obj


def _pair(p: Pair) -> dict[str, Any]:
    return {
        "taker": p.taker,
        "partner": p.partner,
        "deals": p.deals,
        "made": p.made,
        "total": p.total,
    }


def player_object(p: PlayerStats) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "name": p.name,
        "played": p.played,
        "total": p.total,
        "best_deal": _ref(p.best),
        "worst_deal": _ref(p.worst),
    }
    g = p.game
    if isinstance(g, French):
        obj.update(
            took=g.took,
            by_contract={c: _contract(v, True) for c, v in g.by_contract.items()},
            roles={
                r: {"deals": v.deals, "total": v.total, "won": v.won} for r, v in g.roles.items()
            },
            slams={"won": g.slams.won, "lost": g.slams.lost},
            petit_au_bout={"won": g.petit_au_bout.won, "lost": g.petit_au_bout.lost},
            handfuls=g.handfuls,
            excuses_lost=g.excuses_lost,
            longest_run=g.longest_run,
        )
    elif isinstance(g, Troggu):
        obj.update(
            by_bid={b: {"won": v.won, "draw": v.draw, "lost": v.lost} for b, v in g.by_bid.items()},
            chips={k: {"deals": v.deals, "won": v.won, "lost": v.lost} for k, v in g.chips.items()},
            misere={"played": g.miseres.cases, "lost": g.miseres.count},
            baettler={"given": g.baettler.given, "lost": g.baettler.lost},
        )
    else:
        obj.update(
            won=g.won,
            matches={"played": g.matches.cases, "won": g.matches.count},
            biggest_margin=g.biggest_margin,
        )
    return obj


def stats_object(st: Stats, player: str | None = None) -> dict[str, Any]:
    """`stats --json`; with `player` (a name as --player takes it), that player only, with
    the pairs they played in (French; no "contracts": those are the whole table's)."""
    chosen = (st.player(player),) if player is not None else st.players
    obj: dict[str, Any] = {
        "schema": JSON_SCHEMA,
        "variant": st.variant,
        "deals": st.deals,
        "sessions": list(st.sessions),
        "players": [player_object(p) for p in chosen],
    }
    if st.variant == "french":
        pairs = st.partners if player is None else st.partners_of(chosen[0].name)
        obj.update(passed=st.passed, cancelled=st.cancelled)
        if player is None:
            obj["contracts"] = {c: _contract(v, False) for c, v in st.contracts.items()}
        obj["partners"] = [_pair(p) for p in pairs]
    return obj
