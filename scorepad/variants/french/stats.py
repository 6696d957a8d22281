"""French Tarot's statistics (`FRENCH.stats`): takes and contracts made by player and by
contract, averages as taker, partner and defender, slams, petits au bout, handfuls and
Excuses, the pairs a taker called (5 players); counted from each deal's entry and outcome,
and described as the sections the terminal, a player's card and the sheet show. Its
`stats --json` keys are listed in docs/exports.md: `"margin"` is the card points above the
target (below: negative) after rounding; a passed or cancelled deal enters no role."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from scorepad.i18n import _
from scorepad.text import plural, signed
from scorepad.variants.figures import (
    DASH,
    Counted,
    GameStats,
    PlayerCounts,
    Rate,
    Section,
    Tally,
    WonLost,
    average,
    rate,
    rate_of,
)
from scorepad.variants.french.entry import CONTRACT_NAMES, CONTRACT_WORDS, DECK, TARGETS

CONTRACTS = ("petite", "garde", "garde-sans", "garde-contre")  # as the game names them
ROLES = ("taker", "partner", "defender")


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
class PlayerFigures:
    """One player's French Tarot figures (`PlayerStats.game`)."""

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
class OverallFigures:
    """French Tarot's figures of everyone counted (`Stats.game`)."""

    contracts: Mapping[str, Contract]
    partners: tuple[Pair, ...]  # 5 players: by the taker then the partner, as ranked
    passed: int
    cancelled: int
    five: bool  # some deal was played by five (a partner, or alone)

    def partners_of(self, name: str) -> tuple[Pair, ...]:
        """The pairs `name` played in."""
        return tuple(p for p in self.partners if name in (p.taker, p.partner))


# --- counting ---------------------------------------------------------------------------------


class _Counts:
    """One player's counts while the deals go by."""

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

    def __init__(self) -> None:
        self.by_contract = {c: [0] * 5 for c in CONTRACTS}  # bid, made, total, bouts, margin
        self.roles = {r: [0, 0, 0] for r in ROLES}  # deals, total, won
        self.slams, self.petit = [0, 0], [0, 0]  # won, lost
        self.handfuls = self.excuses_lost = self.run = self.longest = 0


class Counter:
    """French Tarot's counts over the sessions of one `stats` call."""

    def __init__(self) -> None:
        self.counts = PlayerCounts(_Counts)
        self.contracts = {c: [0] * 7 for c in CONTRACTS}  # as Contract's fields
        self.pairs: dict[tuple[str, str], list[int]] = {}  # deals, made, total
        self.skipped = {"pass": 0, "cancelled": 0}
        self.five = False

    def count(self, session: Counted) -> None:
        seats = self.counts.seats(session)
        key = session.key
        for e, outcome in session.deals:
            if e.contract in self.skipped:  # played, in no role
                self.skipped[e.contract] += 1
                continue
            made = bool(outcome.made)
            if e.bouts is not None:
                bouts = e.bouts
            else:  # the bouts of a listed pile (each card listed once), as the game counts
                listed = len(DECK.bouts.intersection(e.cards))
                bouts = listed if e.side == "attack" else 3 - listed
            assert outcome.points is not None and outcome.points % 1 == 0
            margin = int(outcome.points) - TARGETS[bouts]
            taker = seats[e.taker]
            value = outcome.scores[e.taker]
            table = self.contracts[e.contract]
            for sums in (taker.by_contract[e.contract], table):
                sums[0] += 1
                sums[1] += made
                sums[2] += value
                sums[3] += bouts
                sums[4] += margin
            if e.partner is not None:
                table[5] += 1
                pair = self.pairs.setdefault((key[e.taker], key[e.partner]), [0, 0, 0])
                pair[0] += 1
                pair[1] += made
                pair[2] += value
            elif e.alone:
                table[6] += 1
            self.five = self.five or e.partner is not None or e.alone  # five at the table
            taker.run = taker.run + 1 if made else 0
            if taker.run > taker.longest:
                taker.longest = taker.run
            slam, petit = e.slam, e.petit_au_bout
            for player, score in outcome.scores.items():
                a = seats[player]
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

    def player(self, key: str) -> PlayerFigures:
        a = self.counts.of(key)
        return PlayerFigures(
            by_contract={c: Contract(*v) for c, v in a.by_contract.items()},
            roles={r: Role(*v) for r, v in a.roles.items()},
            slams=WonLost(*a.slams),
            petit_au_bout=WonLost(*a.petit),
            handfuls=a.handfuls,
            excuses_lost=a.excuses_lost,
            longest_run=a.longest,
        )

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> OverallFigures:
        rank = {key: i for i, key in enumerate(ranked)}
        partners = tuple(
            Pair(names[t], names[p], *v)
            for (t, p), v in sorted(
                self.pairs.items(), key=lambda kv: (rank[kv[0][0]], rank[kv[0][1]])
            )
        )
        return OverallFigures(
            contracts={c: Contract(*v) for c, v in self.contracts.items()},
            partners=partners,
            passed=self.skipped["pass"],
            cancelled=self.skipped["cancelled"],
            five=self.five,
        )


# --- the sections -----------------------------------------------------------------------------


def contract_name(c: str) -> str:
    """A contract's name in the language: "garde sans"."""
    return _(CONTRACT_NAMES[c])


def _role_heads() -> dict[str, str]:
    return {"taker": _("as taker"), "partner": _("as partner"), "defender": _("as defender")}


def _contract_heads(bid: str) -> list[str]:
    """The heads of a contracts table: `bid` ("bid", or "took" on a card) made, failed, …"""
    return [
        _("contract"),
        bid,
        _("made"),
        _("failed"),
        _("success"),
        _("average score"),
        _("average bouts"),
        _("average margin"),
    ]


def contract_row(name: str, c: Contract, alone: bool) -> list[Any]:
    """One contract's row: bid (or took), made, failed, success, the average score, bouts and
    margin; with `alone`, how often the taker played alone."""
    row = [
        name,
        c.bid,
        c.made,
        c.failed,
        rate(c.success),
        average(c.score),
        average(Tally(c.bid, c.bouts), sign=False),
        average(Tally(c.bid, c.margin)),
    ]
    if alone:
        row.append(rate(Rate(c.alone, c.called + c.alone)))
    return row


def partners_section(pairs: Sequence[Pair]) -> Section:
    """Taker × partner: deals together, made, success and the taker's average."""
    rows = [
        [
            pair.taker,
            pair.partner,
            pair.deals,
            pair.made,
            rate(Rate(pair.made, pair.deals)),
            average(pair.score),
        ]
        for pair in pairs
    ]
    heads = [_("taker"), _("partner"), _("deals"), _("made"), _("success"), _("taker's average")]
    return Section(_("Taker and partner"), heads, rows, [4, 3], left=2)


class FrenchStats:
    """French Tarot's statistics (`GameStats`)."""

    signed = True

    def counter(self) -> Counter:
        return Counter()

    def sections(self, st: Any) -> list[Section]:
        t: OverallFigures = st.game
        players = [(p, p.game) for p in st.players]
        headers = [
            _("player"),
            _("deals"),
            _("counted"),
            _("takes"),
            _("share"),
            _("made"),
            _("success"),
            *_role_heads().values(),
            _("margin"),
            _("best deal"),
            _("worst deal"),
            _("longest run"),
        ]
        rows = [
            [
                p.name,
                p.played,
                p.counted,
                g.took,
                rate(Rate(g.took, p.played)),
                g.made,
                rate(Rate(g.made, g.took)),
                average(g.roles["taker"].score),
                average(g.roles["partner"].score),
                average(g.roles["defender"].score),
                average(g.margin),
                signed(p.best.score) if p.best else DASH,
                signed(p.worst.score) if p.worst else DASH,
                g.longest_run,
            ]
            for p, g in players
        ]
        drop = [12, 11, 13, 10, 4, 5, 8, 2]
        # no column of dashes where nobody was ever called; the deals counted (played, not
        # passed nor cancelled: what a table's planned length counts) where they differ
        for gone, unused in ((8, not t.five), (2, not (t.passed or t.cancelled))):
            if unused:
                rows = [r[:gone] + r[gone + 1 :] for r in rows]
                headers = headers[:gone] + headers[gone + 1 :]
                drop = [i - (i > gone) for i in drop if i != gone]
        sections = [Section(_("Players"), headers, rows, drop)]
        by_contract = [
            [p.name, *(rate_of(g.by_contract[c].success) for c in CONTRACTS)] for p, g in players
        ]
        heads = [_("player"), *map(contract_name, CONTRACTS)]
        sections.append(Section(_("Contracts made, by player"), heads, by_contract))
        heads = _contract_heads(_("bid"))
        if t.five:
            heads.append(_("alone"))
        rows = [contract_row(contract_name(c), t.contracts[c], t.five) for c in CONTRACTS]
        rows += [
            [_(CONTRACT_WORDS[word]), count, *[""] * (len(heads) - 2)]
            for word, count in (("pass", t.passed), ("cancelled", t.cancelled))
        ]
        sections.append(Section(_("Contracts"), heads, rows, [7, 6, 3]))
        if t.partners:
            sections.append(partners_section(t.partners))
        rows = [
            [
                p.name,
                f"{g.slams.won}–{g.slams.lost}",
                f"{g.petit_au_bout.won}–{g.petit_au_bout.lost}",
                g.handfuls,
                g.excuses_lost,
            ]
            for p, g in players
        ]
        heads = [
            _("player"),
            _("slams won–lost"),
            _("petit au bout won–lost"),
            _("handfuls"),
            _("Excuses lost"),
        ]
        sections.append(
            Section(_("Slams, petits au bout, handfuls and Excuses"), heads, rows, [4, 3])
        )
        return sections

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        g: PlayerFigures = p.game
        t: OverallFigures = st.game
        items = [
            (
                _("takes"),
                _("{took} ({share} of the deals played)").format(
                    took=g.took, share=rate(Rate(g.took, p.played))
                ),
            ),
            (_("contracts made"), rate_of(Rate(g.made, g.took))),
            *(
                (
                    label,
                    _("{average} over {deals}").format(
                        average=average(g.roles[role].score),
                        deals=plural(g.roles[role].deals, "deal"),
                    ),
                )
                for role, label in _role_heads().items()
                if role != "partner" or t.five
            ),
            (_("margin when taking"), average(g.margin)),
            (_("longest run of made contracts"), str(g.longest_run)),
            (_("slams"), _("won {won}, lost {lost}").format(won=g.slams.won, lost=g.slams.lost)),
            (
                _("petit au bout"),
                _("won {won}, lost {lost}").format(
                    won=g.petit_au_bout.won, lost=g.petit_au_bout.lost
                ),
            ),
            (_("handfuls shown"), str(g.handfuls)),
            (_("Excuses lost"), str(g.excuses_lost)),
        ]
        tables = []
        rows = [
            contract_row(contract_name(c), g.by_contract[c], False)
            for c in CONTRACTS
            if g.by_contract[c].bid
        ]
        if rows:
            tables.append(
                Section(_("Contracts taken"), _contract_heads(_("took")), rows, [7, 6, 3])
            )
        pairs = t.partners_of(p.name)
        if pairs:
            tables.append(partners_section(pairs))
        return items, tables

    def sheet(self, st: Any) -> list[Section]:
        t: OverallFigures = st.game
        roles = [r for r in ROLES if r != "partner" or t.five]
        role_heads = _role_heads()
        rows = [
            [
                p.name,
                str(p.game.took),
                rate(Rate(p.game.made, p.game.took)),
                *(average(p.game.roles[r].score) for r in roles),
            ]
            for p in st.players
        ]
        heads = [_("player"), _("takes"), _("success"), *(role_heads[r] for r in roles)]
        tables = [Section(_("Players"), heads, rows)]
        rows = [
            [
                contract_name(c),
                str(t.contracts[c].bid),
                rate(t.contracts[c].success),
                average(t.contracts[c].score),
            ]
            for c in CONTRACTS
        ]
        heads = [_("contract"), _("bid"), _("success"), _("average score")]
        tables.append(Section(_("Contracts"), heads, rows))
        return tables

    def player_json(self, g: PlayerFigures) -> dict[str, Any]:
        return {
            "took": g.took,
            "by_contract": {c: _contract(v, True) for c, v in g.by_contract.items()},
            "roles": {r: asdict(v) for r, v in g.roles.items()},
            "slams": asdict(g.slams),
            "petit_au_bout": asdict(g.petit_au_bout),
            "handfuls": g.handfuls,
            "excuses_lost": g.excuses_lost,
            "longest_run": g.longest_run,
        }

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        t: OverallFigures = st.game
        pairs = t.partners if player is None else t.partners_of(player)
        obj: dict[str, Any] = {"passed": t.passed, "cancelled": t.cancelled}
        if player is None:
            obj["contracts"] = {c: _contract(v, False) for c, v in t.contracts.items()}
        obj["partners"] = [asdict(p) for p in pairs]
        return obj


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


STATS: GameStats = FrenchStats()
