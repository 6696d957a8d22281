"""The tournament's ranking: every table's scores added up across rounds, per player.

Pure: the tables' results come in (`TableResult`, what the app read from each table file the
draws name), the ranking goes out. A player's round is the total of their table in that
round (`None` when they were not drawn in it); their total, the sum of their rounds; their
`played`, the deals they were seated for. Only the first M deals of a table count, M being the
deals the draw gave it (`check` names a table with more). A table is *finished* when it has
its deals; until then the figures of its players for that round are *provisional* (the deals
recorded so far count), and so is a table whose file is missing or is not this table's (it
counts nothing, and is named).

Places: by total, best first; equal totals share a place (1, 1, 3) unless tie-break keys are
given, tried in their order (`TIE_BREAKS`):

- ``best-round``: the higher best single round;
- ``average``: the higher total per deal played (exact, a fraction).

Players still level after every key share the place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.text import shown
from scorepad.tournament.model import TableDraw, Tournament, name_key


@dataclass(frozen=True)
class TableResult:
    """What one table file gave: the deals counted and each player's total and deals seated."""

    recorded: int = 0  # deals counted (at most the table's)
    totals: Mapping[str, int] = field(default_factory=dict)
    played: Mapping[str, int] = field(default_factory=dict)
    extra: int = 0  # deals recorded beyond the table's, not counted
    problem: str = ""  # why the file counts nothing ("" when it counts)


@dataclass(frozen=True)
class Row:
    name: str
    place: int
    total: int
    played: int
    rounds: tuple[int | None, ...]  # one per round planned; None: not drawn (yet) in it
    provisional: tuple[bool, ...]  # per round: the player's table is not finished

    @property
    def is_provisional(self) -> bool:
        return any(self.provisional)


@dataclass(frozen=True)
class Unfinished:
    round: int
    table: TableDraw
    recorded: int
    problem: str  # "" when the file is this table's, only short of deals


@dataclass(frozen=True)
class Ranking:
    rounds: int  # planned
    drawn: int
    rows: tuple[Row, ...]
    unfinished: tuple[Unfinished, ...]
    tie_break: tuple[str, ...] = ()


def _best_round(row: Row) -> Fraction:
    scores = [x for x in row.rounds if x is not None]
    return Fraction(max(scores)) if scores else Fraction(-(10**18))


def _average(row: Row) -> Fraction:
    return Fraction(row.total, row.played) if row.played else Fraction(0)


#: the tie-break keys, each a player's figure (higher is better)
TIE_BREAKS: dict[str, Callable[[Row], Fraction]] = {
    "best-round": _best_round,
    "average": _average,
}


def tie_break_keys(text: str | None) -> tuple[str, ...]:
    """`best-round,average` → ("best-round", "average"); an unknown key is refused."""
    if not text:
        return ()
    keys = tuple(k.strip().lower() for k in text.split(",") if k.strip())
    wrong = [k for k in keys if k not in TIE_BREAKS]
    if wrong or not keys:
        raise ScorepadError(
            [
                Problem(
                    "--tie-break",
                    _("{key} is not a tie-break (keys: {keys}, in the order to try)").format(
                        key=shown(wrong[0] if wrong else text), keys=_(", ").join(TIE_BREAKS)
                    ),
                )
            ]
        )
    return keys


def rank(
    tournament: Tournament,
    results: Mapping[str, TableResult],
    tie_break: Sequence[str] = (),
) -> Ranking:
    """The ranking over every round drawn; `results` by table file (a table absent from it
    counts nothing and is unfinished)."""
    everybody = tournament.everybody()
    key = {p.casefold(): i for i, p in enumerate(everybody)}
    rounds: list[list[int | None]] = [[None] * tournament.rounds for _ in everybody]
    marks = [[False] * tournament.rounds for _ in everybody]
    played = [0] * len(everybody)
    unfinished: list[Unfinished] = []
    for round_ in tournament.drawn:
        for table in round_.tables:
            result = results.get(table.file, TableResult(problem=_("no such file")))
            short = bool(result.problem) or result.recorded < table.deals
            if short:
                unfinished.append(Unfinished(round_.number, table, result.recorded, result.problem))
            for player in table.players:
                i = key[player.casefold()]
                rounds[i][round_.number - 1] = result.totals.get(player, 0)
                marks[i][round_.number - 1] = short
                played[i] += result.played.get(player, 0)
    rows = [
        Row(
            name=p,
            place=0,
            total=sum(x for x in rounds[i] if x is not None),
            played=played[i],
            rounds=tuple(rounds[i]),
            provisional=tuple(marks[i]),
        )
        for i, p in enumerate(everybody)
    ]
    keys = [TIE_BREAKS[k] for k in tie_break]

    def order(row: Row) -> tuple[Fraction, ...]:
        return (Fraction(row.total), *(k(row) for k in keys))

    rows.sort(key=lambda r: (tuple(-x for x in order(r)), name_key(r.name)))
    placed: list[Row] = []
    for i, row in enumerate(rows):
        same = placed and order(placed[-1]) == order(row)
        placed.append(_placed(row, placed[-1].place if same else i + 1))
    return Ranking(
        tournament.rounds, len(tournament.drawn), tuple(placed), tuple(unfinished), tuple(tie_break)
    )


def _placed(row: Row, place: int) -> Row:
    from dataclasses import replace

    return replace(row, place=place)
