"""Two-handed Piedmontese tarot (rules/piedmont.md): 78 cards, each pile rounded up to 91;
its statistics: deals and matches won, the biggest margin (`stats --json` keys: docs/exports.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    HALF,
    Card,
    Deck,
    PileCount,
    count_pile,
    describe_pile,
    format_cards,
    pile_sum,
)
from scorepad.cards import piedmont_deck as _piedmont_deck
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, plural, shown
from scorepad.variants.base import (
    Contest,
    Field,
    check_outcome,
    compact,
    merge_raw,
    renamed_entry,
)
from scorepad.variants.figures import (
    DASH,
    Counted,
    GameStats,
    PlayerCounts,
    Rate,
    Section,
    Tally,
    average,
    rate,
    rate_of,
)
from scorepad.variants.reader import Reader

TOTAL = 91  # the two rounded totals; the exact card points add up to 90
EXACT = Decimal(90)

SEED: dict[str, Setting] = {
    "angel": 20,  # the trump that is the Angel (20, or 21 with a deck whose 20 shows none)
    "target": 0,  # first to this many points wins the match (0: no target)
    "deals": 0,  # or: the match is this many deals (0: no limit)
}
REPLACES = {"points": ("cards", "pile"), "cards": ("points",), "pile": ("points",)}

_DECKS = {20: _piedmont_deck(20), 21: _piedmont_deck(21)}


def deck_for(rules: Mapping[str, Setting]) -> Deck:
    return _DECKS.get(int(rules.get("angel", 20)), _DECKS[20])


def round_up(x: Decimal) -> Decimal:
    return x.to_integral_value(ROUND_CEILING)


@dataclass(frozen=True)
class PlayerFigures:
    """One player's Piedmont figures (`PlayerStats.game`)."""

    won: int
    matches: Rate  # won of played
    biggest_margin: int | None


class _Counts:
    __slots__ = ("margin", "matches", "won")

    def __init__(self) -> None:
        self.won = 0
        self.matches = [0, 0]  # won, played
        self.margin: int | None = None


class Counter:
    """Piedmont's counts over the sessions of one `stats` call."""

    def __init__(self) -> None:
        self.counts = PlayerCounts(_Counts)

    def count(self, session: Counted) -> None:
        seats = self.counts.seats(session)
        outcomes = []  # a match's, for who won it (the deals go by once)
        for _entry, outcome in session.deals:
            outcomes.append(outcome)
            [winner] = outcome.winners
            [loser] = [p for p in outcome.scores if p != winner]
            a = seats[winner]
            a.won += 1
            margin = outcome.scores[winner] - outcome.scores[loser]
            a.margin = margin if a.margin is None else max(a.margin, margin)
        decided = match_decided(session.rules, outcomes)
        if decided is not None:
            for p in session.players:
                seats[p].matches[1] += 1
            seats[decided[1]].matches[0] += 1

    def player(self, key: str) -> PlayerFigures:
        a = self.counts.of(key)
        return PlayerFigures(a.won, Rate(*a.matches), a.margin)

    def overall(self, ranked: Sequence[str], names: Mapping[str, str]) -> None:
        return None  # no figures of everyone counted


class PiedmontStats:
    """Piedmont's statistics (`GameStats`): points, not gains and losses."""

    signed = False

    def counter(self) -> Counter:
        return Counter()

    def sections(self, st: Any) -> list[Section]:
        rows = [
            [
                p.name,
                p.played,
                p.game.won,
                rate(Rate(p.game.won, p.played)),
                rate_of(p.game.matches),
                average(Tally(p.played, p.total), sign=False),
                DASH if p.game.biggest_margin is None else p.game.biggest_margin,
                p.best.score if p.best else DASH,
                p.worst.score if p.worst else DASH,
            ]
            for p in st.players
        ]
        headers = [
            _("player"),
            _("deals"),
            _("won"),
            _("success"),
            _("matches won"),
            _("average points"),
            _("biggest margin"),
            _("best deal"),
            _("worst deal"),
        ]
        return [Section(_("Players"), headers, rows, [8, 7, 3])]

    def card(self, st: Any, p: Any) -> tuple[list[tuple[str, str]], list[Section]]:
        g: PlayerFigures = p.game
        margin = DASH if g.biggest_margin is None else str(g.biggest_margin)
        items = [
            (_("deals won"), rate_of(Rate(g.won, p.played))),
            (_("matches won"), rate_of(g.matches)),
            (_("biggest margin"), margin),
        ]
        return items, []

    def sheet(self, st: Any) -> list[Section]:
        rows = [
            [p.name, rate_of(Rate(p.game.won, p.played)), rate_of(p.game.matches)]
            for p in st.players
        ]
        return [Section(_("Players"), [_("player"), _("deals won"), _("matches won")], rows)]

    def player_json(self, g: PlayerFigures) -> dict[str, Any]:
        return {
            "won": g.won,
            "matches": {"played": g.matches.cases, "won": g.matches.count},
            "biggest_margin": g.biggest_margin,
        }

    def table_json(self, st: Any, player: str | None) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class PiedmontEntry:
    points: tuple[tuple[str, Decimal], ...] = ()  # as entered: one player or both
    cards: tuple[Card, ...] | None = None
    pile: int | None = None
    player: str | None = None  # whose pile --cards lists
    fool: str | None = None  # who played the Matto (it comes back to him)

    #: a Piedmontese deal is always played: never dealt again
    redealt = False


class Piedmont:
    name = "piedmont"
    title = N_("Piedmontese two-handed tarot")
    aliases: tuple[str, ...] = ("piedmontese", "tarocchi", "two-handed")
    min_players = 2
    max_players = 2
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED}
    deal_total = TOTAL
    has_declarer = False
    unit = N_("points")
    declarer_results: tuple[str, ...] = ()
    settles_per_game = True
    deals_end_match = True
    synonyms: Mapping[str, str] = {}
    sitting_out = "dealer-plays"  # with more people than seats (seating.Policy)
    tournament_tables: tuple[int, ...] = ()  # a game of two: no tournaments here
    tournament_seats: Mapping[int, int] = {}
    synonym_help: Mapping[str, tuple[str, str, str]] = {}
    legend = ""  # no contract: the deals carry no marks
    exchange_words: Mapping[str, str] = {}  # the Matto returns to its player: no exchange
    fields: tuple[Field, ...] = (
        Field(
            "points",
            "--points",
            "number",
            "NAME=X: a player's card points (one or both)",
            word=N_("points"),
        ),
        Field("cards", "--cards", "cards", "the cards of one player's pile", word=N_("cards")),
        Field(
            "pile",
            "--pile",
            "integer",
            "how many cards the pile holds (odd)",
            word=N_("pile"),
            asked_at_once=True,
        ),
        Field(
            "player",
            "--player",
            "player",
            "whose pile --cards lists (or whose --points X)",
            word=N_("player"),
        ),
        Field(
            "fool",
            "--fool",
            "player",
            "who played the Matto (it returns to him)",
            word=N_("fool"),
            asked_at_once=True,
        ),
    )

    def deck(self, rules: Mapping[str, Setting]) -> Deck:
        return deck_for(rules)

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> PiedmontEntry:
        fields = dict(raw)
        for key in ("fool_winner", "fool_exchange"):
            if fields.get(key) is not None:
                raise ScorepadError.at(
                    "",
                    _("--{x} does not apply: the Matto returns to its player, no exchange").format(
                        x=key.replace("_", "-")
                    ),
                )
        player_value = fields.get("player")
        if (
            isinstance(fields.get("points"), str | int | float)
            and player_value is not None
            and fields.get("cards") is None
        ):
            fields["points"] = {str(player_value): fields["points"]}
            fields.pop("player")
        r = Reader(fields, table, self)
        deck = deck_for(table.rules)
        player = r.player("player")
        fool = r.player("fool", _("Matto player"))
        points: dict[str, Decimal] | None = None
        if r.has("points") and not isinstance(r.raw["points"], Mapping):
            r.get("points")
            r.add(_("--points needs NAME=X (or --player NAME with --points X)"), "points")
        else:
            points = r.points_by_player("points", TOTAL, HALF)
        cards = r.cards("cards", deck)
        pile = r.integer("pile", 0, deck.size)
        if r.has("points") and r.has("cards"):
            r.add(_("give either --points or --cards, not both"), "cards")
        elif r.has("cards"):
            if player is None and not r.has("player"):
                r.require("player", _("--player NAME (whose pile the cards are)"))
            if cards is not None:
                self._check_pile(r, deck, cards, pile, player, fool)
        elif points:
            self._check_points(r, points)
        elif not r.has("points") or (points == {} and not r.problems):  # none, or `{}`
            first = table.players[0]
            r.require(
                f"points={first}",
                _(
                    "--points {first}=X (or the other player's), or --cards, --pile and --player"
                ).format(first=first),
            )
        entry = PiedmontEntry(
            points=tuple((p, points[p]) for p in table.players if points and p in points),
            cards=cards,
            pile=pile if r.has("cards") else None,
            player=player if r.has("cards") else None,
            fool=fool,
        )
        r.finish()
        return entry

    @staticmethod
    def _check_pile(
        r: Reader,
        deck: Deck,
        cards: tuple[Card, ...],
        pile: int | None,
        player: str | None,
        fool: str | None,
    ) -> None:
        size = len(cards) if pile is None else pile
        try:
            count_pile(deck, cards, size)
        except ScorepadError as err:
            r.problems.extend(
                Problem("", _("cards: {what}").format(what=p.what), "cards") for p in err.problems
            )
            return
        if size % 2 == 0:
            r.add(
                _(
                    "a pile of {size} cards cannot be: the Matto returns to its player, so every "
                    "pile holds an odd number of cards"
                ).format(size=size),
                "pile",
            )
        if player is not None and fool is not None:
            has_matto = FOOL_CARD in cards
            if has_matto and fool != player:
                r.add(
                    _(
                        "the Matto is in {player}'s pile, but {fool} played it and it returns to "
                        "{fool}"
                    ).format(player=player, fool=fool),
                    "fool",
                )
            elif not has_matto and fool == player:
                r.add(
                    _("{player} played the Matto, so it is in {player}'s pile: list it").format(
                        player=player
                    ),
                    "fool",
                )

    @staticmethod
    def _check_points(r: Reader, points: dict[str, Decimal]) -> None:
        values = list(points.values())
        if len(values) == 2:
            total = sum(values, Decimal(0))
            exact = all(v % 1 for v in values)
            if not (total == TOTAL and not any(v % 1 for v in values)) and not (
                exact and total == EXACT
            ):
                shown = " + ".join(f"{p} {num(v)}" for p, v in points.items())
                r.add(
                    _(
                        "points {shown} = {total}, but points in halves (both ending in .5) add "
                        "up to 90, and whole points (rounded up) to 91"
                    ).format(shown=shown, total=num(total)),
                    "points",
                )
        elif values and not 1 <= round_up(values[0]) <= TOTAL - 1:
            r.add(
                _(
                    "points {values}: a pile holds at least one card, so each player has 1 to 90"
                ).format(values=num(values[0])),
                "points",
            )

    def entry_to_raw(self, e: PiedmontEntry) -> dict[str, Any]:
        return compact(
            [
                ("points", dict(e.points) or None),
                ("cards", None if e.cards is None else format_cards(e.cards)),
                ("pile", e.pile),
                ("player", e.player),
                ("fool", e.fool),
            ]
        )

    def merge(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        return merge_raw(old, changes, REPLACES)

    def questions(
        self, raw: Mapping[str, Any], entry: PiedmontEntry | None, table: Table
    ) -> list[str]:
        """The pile's size; and who played the Matto only when the listed pile cannot say
        (it returns to its player: in the listed pile, or else in the other's)."""
        if "cards" not in raw:
            return []
        return ["pile"] if entry is not None and entry.player is not None else ["pile", "fool"]

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        return None  # one kind of deal: every field may apply

    def pile_default(self, listed: int) -> int:
        """Every pile is odd (the Matto returns to its player): an even count has one
        unlisted low card more."""
        return listed if listed % 2 else listed + 1

    def ask_as(self, key: str, raw: Mapping[str, Any]) -> str | None:
        return None

    def is_slam(self, e: PiedmontEntry) -> bool:
        return False

    def renamed(self, e: PiedmontEntry, old: str, new: str) -> Any:
        return renamed_entry(e, self.fields, old, new)

    def marks(self, e: PiedmontEntry, outcome: Outcome) -> list[str]:
        if not outcome.winners:
            return []
        return [_("{winners} won").format(winners=_(" and ").join(outcome.winners))]

    def describe(self, e: PiedmontEntry) -> str:
        if e.cards is not None:
            return _("{player}'s pile counted").format(player=e.player)
        return _("points")

    def player_points(
        self, e: PiedmontEntry, table: Table, explain: bool = True
    ) -> tuple[dict[str, Decimal], list[str]]:
        """Each player's rounded card points, and the counting spelled out (with
        `explain`)."""
        a, b = table.players
        lines: list[str] = []
        if e.cards is not None:
            assert e.player is not None
            deck = deck_for(table.rules)
            counted = count_pile(deck, e.cards, e.pile)
            other = b if e.player == a else a
            exact = counted.points
            if explain:
                lines.append(
                    describe_pile(
                        deck, _("{player}'s pile").format(player=e.player), e.cards, counted
                    )
                )
                lines.append(_("in halves: {deck}").format(deck=pile_sum(deck, e.cards, counted)))
            return self._rounded({e.player: exact}, other, lines, explain)
        given = dict(e.points)
        if len(given) == 2:
            rounded = {p: round_up(v) for p, v in given.items()}
            if explain and rounded != given:
                lines.append(
                    _(" and ").join(f"{p} {num(v)} → {num(rounded[p])}" for p, v in given.items())
                    + _(" (rounded up)")
                )
            return {p: rounded[p] for p in table.players}, lines
        ((player, value),) = given.items()
        other = b if player == a else a
        return self._rounded({player: value}, other, lines, explain)

    @staticmethod
    def _rounded(
        known: dict[str, Decimal], other: str, lines: list[str], explain: bool = True
    ) -> tuple[dict[str, Decimal], list[str]]:
        ((player, value),) = known.items()
        mine = round_up(value)
        theirs = TOTAL - mine
        if explain:
            if mine != value:
                lines.append(
                    _("{player}: {value} rounded up → {mine}").format(
                        player=player, value=num(value), mine=num(mine)
                    )
                )
            lines.append(f"{other}: 91 − {num(mine)} = {num(theirs)}")
        return {player: mine, other: theirs}, lines

    def score(self, e: PiedmontEntry, table: Table, explain: bool = True) -> Outcome:
        """Each player's rounded points; with `explain`, the arithmetic for people."""
        points, lines = self.player_points(e, table, explain)
        ordered = {p: int(points[p]) for p in table.players}
        winner = max(ordered, key=ordered.__getitem__)
        if explain:
            loser = next(p for p in ordered if p != winner)
            lines.append(
                _("{winner} {ordered} > {loser} {ordered2}: {winner} wins the deal").format(
                    winner=winner, ordered=ordered[winner], loser=loser, ordered2=ordered[loser]
                )
            )
            if e.fool:
                lines.append(
                    _("the Matto went back to {fool}, who played it (no exchange)").format(
                        fool=e.fool
                    )
                )
        return check_outcome(
            self,
            Outcome(
                result="won",
                scores=ordered,
                points=points[winner],
                winners=(winner,),
                player_points={p: points[p] for p in table.players},
                explain=tuple(lines) if explain else (),
            ),
            table,
        )

    def contest(self, e: PiedmontEntry, outcome: Outcome, rules: Mapping[str, Setting]) -> Contest:
        """Head to head: the first seated player against the other, no contract; the margin
        is the first's points over the other's (odd: 91 is shared, a deal is never drawn)."""
        (first, mine), (second, theirs) = outcome.scores.items()
        margin = mine - theirs
        return Contest((first,), (second,), "", 0, margin, "won" if margin > 0 else "lost")

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        if counted.cards % 2 == 0:
            return {"lines": [_("an even pile: every pile holds an odd number of cards")]}
        mine = round_up(counted.points)
        lines = [
            _("rounded up: {mine}; the other pile: 91 − {mine} = {x}").format(
                mine=num(mine), x=num(TOTAL - mine)
            )
        ]
        return {"lines": lines, "json": {"rounded": int(mine), "other": int(TOTAL - mine)}}

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        if rules.get("angel") not in (20, 21):
            return [
                Problem(
                    "rules",
                    _("angel should be 20 or 21, not {x}").format(x=shown(rules.get("angel"))),
                )
            ]
        return []

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        """The Angel, the counting and its rounding, and the match, from the settings."""
        target, deals = int(rules["target"]), int(rules["deals"])
        if target and deals:
            match = _(
                "The match: first to {target}, or the leader after {deals} (a tie plays on)."
            ).format(target=plural(target, "point"), deals=plural(deals, "deal"))
        elif target:
            match = _("The match: first to {target} (a tie plays on).").format(
                target=plural(target, "point")
            )
        elif deals:
            match = _("The match: the leader after {deals} (a tie plays on).").format(
                deals=plural(deals, "deal")
            )
        else:
            match = _("No match is set: the session runs until the players stop.")
        return [
            _(
                "The Angel, the highest trump, is trump {angel}; the Matto never wins a trick and "
                "returns to whoever played it."
            ).format(angel=rules["angel"]),
            _(
                "Card points count in halves: the Angel, the Bagatto and kings 4.5, the Matto and "
                "queens 3.5, cavalli 2.5, jacks 1.5, any other card 0.5. Each player's total ends "
                "in .5 and is rounded up: the two add up to 91, and a deal cannot be drawn."
            ),
            _("Each player scores their rounded card points; the higher wins the deal."),
            match,
        ]

    def match_over(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        """Who won the match, once the target or the number of deals is reached."""
        decided = match_decided(rules, outcomes)
        if decided is None:
            return None
        n, winner, best = decided
        target, limit = int(rules["target"]), int(rules["deals"])
        if target and best >= target:
            why = _("{best} ≥ target {target}").format(best=best, target=target)
        elif n > limit:  # level after the match's deals: the deals played on broke the tie
            why = _("{deals} played, the tie broken").format(deals=plural(n, "deal"))
        else:
            why = _("{deals} played").format(deals=plural(n, "deal"))
        return _("match over after deal {n} ({why}): {leaders} wins the match").format(
            n=n, why=why, leaders=winner
        )

    def match_level(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        """ "level at 182: play on", when the last deal reached the target or the number of
        deals with the leaders level (the match goes on)."""
        state = match_state(rules, outcomes)
        if state is None or len(state[1]) == 1:
            return None
        return _("level at {points}: play on").format(points=state[2])

    stats: GameStats = PiedmontStats()  # its matches decided as `match_over` decides them


def match_decided(
    rules: Mapping[str, Setting], outcomes: Iterable[Outcome]
) -> tuple[int, str, int] | None:
    """The deal after which the match is over (the target or the number of deals reached,
    one player alone at the top: tied, the match goes on), its winner and their total; None
    while it goes on, or without a target or a number of deals (then no outcome is taken)."""
    state = match_state(rules, outcomes)
    if state is None or len(state[1]) != 1:
        return None
    n, (winner,), best = state
    return n, winner, best


def match_state(
    rules: Mapping[str, Setting], outcomes: Iterable[Outcome]
) -> tuple[int, tuple[str, ...], int] | None:
    """The deal that decided the match (the target or the number of deals reached, one
    player alone at the top), its leader and their total; while it goes on after reaching
    them (the leaders level), the last deal, its leaders and their total; else None."""
    target, limit = int(rules["target"]), int(rules["deals"])
    if not target and not limit:
        return None
    totals: dict[str, int] = {}
    level = None
    for n, outcome in enumerate(outcomes, 1):  # the deals as scored once, by the core
        for player, value in outcome.scores.items():
            totals[player] = totals.get(player, 0) + int(value)
        best = max(totals.values())
        if (target and best >= target) or (limit and n >= limit):
            leaders = tuple(p for p, t in totals.items() if t == best)
            if len(leaders) == 1:
                return n, leaders, best
            level = n, leaders, best
    return level


PIEDMONT = Piedmont()
