"""The tournament's ranking: every table's scores added up across rounds, per player.

Pure: the tables' results come in (`TableResult`, what the app read from each table file the
draws name), the ranking goes out. A player's round is the total of their table in that
round (`None` when they were not drawn in it). A table is *finished* when it has the deals
the draw gave it (a passed or cancelled deal is dealt again and is not one of them; a deal
after the last counts nothing); until then its players' figures for that round are
*provisional*, and so is a table whose file is missing or is not this table's (it counts
nothing, and is named). Places: by total (or `rank_by` average, or the `best` N rounds),
best first; equal ones share a place (1, 1, 3) unless `TIE_BREAKS` keys part them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.ranking import places
from scorepad.text import shown
from scorepad.tournament.draw import name_key
from scorepad.tournament.model import TableDraw, Tournament


@dataclass(frozen=True)
class TableResult:
    """What one table file gave: the deals counted, each player's total, deals seated and
    deals counted."""

    recorded: int = 0  # deals played toward the table's length (at most the table's)
    totals: Mapping[str, int] = field(default_factory=dict)
    played: Mapping[str, int] = field(default_factory=dict)  # seated for, passes included
    counted: Mapping[str, int] = field(default_factory=dict)  # played, not passed: `Row`
    problem: str = ""  # why the file counts nothing ("" when it counts)
    penalties: Mapping[str, int] = field(default_factory=dict)  # in `totals` too


@dataclass(frozen=True)
class Row:
    name: str
    place: int
    total: int
    played: int
    rounds: tuple[int | None, ...]  # one per round planned; None: not drawn (yet) in it
    provisional: tuple[bool, ...]  # per round: the player's table is not finished
    rounds_played: int = 0  # rounds the player was drawn in
    status: str = "full"  # full, late or withdrawn
    score: Fraction | None = None  # what the ranking orders by (None: the total)
    counted: int = 0  # deals toward the tables' lengths: played, neither passed nor cancelled
    penalties: int = 0  # what penalties moved for the player (in `total` too)

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
    rank_by: str = "total"
    best: int | None = None


def unequal_counts(ranking: Ranking) -> tuple[int, int] | None:
    """The fewest and the most deals counted, when a ranking by total adds up different
    numbers of deals for its players once every table is finished (a late arrival, a
    withdrawal, a table short of a player); None when it does not."""
    if ranking.rank_by != "total" or ranking.best is not None or ranking.unfinished:
        return None
    counts = [r.counted for r in ranking.rows]
    low, high = min(counts, default=0), max(counts, default=0)
    return (low, high) if low != high else None


#: what the ranking may order by
RANK_BY = ("total", "average")
LAST = -(10**18)  # below any figure: nobody's yet


#: the tie-break keys, each a player's figure (higher is better)
TIE_BREAKS: dict[str, Callable[[Row], Fraction]] = {
    "best-round": lambda row: Fraction(max((x for x in row.rounds if x is not None), default=LAST)),
    "average": lambda row: Fraction(row.total, row.played) if row.played else Fraction(0),
}


def tie_break_keys(text: str | None) -> tuple[str, ...]:
    """`best-round,average` → ("best-round", "average"); an unknown key is refused."""
    if not text:
        return ()
    keys = tuple(k.strip().lower() for k in text.split(",") if k.strip())
    wrong = [k for k in keys if k not in TIE_BREAKS]
    if wrong or not keys:
        raise ScorepadError.at(
            "--tie-break",
            _("{key} is not a tie-break (keys: {keys}, in the order to try)").format(
                key=shown(wrong[0] if wrong else text), keys=_(", ").join(TIE_BREAKS)
            ),
        )
    return keys


def rank(
    tournament: Tournament,
    results: Mapping[str, TableResult],
    tie_break: Sequence[str] = (),
    rank_by: str = "total",
    best: int | None = None,
) -> Ranking:
    """The ranking over every round drawn; `results` by table file (a table absent from it
    counts nothing and is unfinished). `rank_by` "average": by total per deal played;
    `best` N: by the sum of a player's best N rounds."""
    everybody = tournament.everybody()
    key = {p.casefold(): i for i, p in enumerate(everybody)}
    rounds: list[list[int | None]] = [[None] * tournament.rounds for _ in everybody]
    marks = [[False] * tournament.rounds for _ in everybody]
    played = [0] * len(everybody)
    counted = [0] * len(everybody)
    penalised = [0] * len(everybody)
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
                counted[i] += result.counted.get(player, 0)
                penalised[i] += result.penalties.get(player, 0)
    on_roster = {p.casefold() for p in tournament.players}
    rows = []
    for i, p in enumerate(everybody):
        drawn_in = [x is not None for x in rounds[i][: len(tournament.drawn)]]
        total = sum(x for x in rounds[i] if x is not None)
        status = (
            "withdrawn"
            if p.casefold() not in on_roster
            else "late"
            if drawn_in and not drawn_in[0]
            else "full"
        )
        score: Fraction | None = None
        if best is not None:
            score = Fraction(sum(sorted(x for x in rounds[i] if x is not None)[::-1][:best]))
        elif rank_by == "average":
            score = Fraction(total, played[i]) if played[i] else None
        rows.append(
            Row(
                name=p,
                place=0,
                total=total,
                played=played[i],
                rounds=tuple(rounds[i]),
                provisional=tuple(marks[i]),
                rounds_played=sum(drawn_in),
                status=status,
                score=score,
                counted=counted[i],
                penalties=penalised[i],
            )
        )
    keys = [TIE_BREAKS[k] for k in tie_break]
    ordered = best is not None or rank_by == "average"

    def order(row: Row) -> tuple[Fraction, ...]:
        if ordered:
            # nobody's average yet (no deal played): after everybody
            head = row.score if row.score is not None else Fraction(LAST)
            return (head, *(k(row) for k in keys))
        return (Fraction(row.total), *(k(row) for k in keys))

    rows.sort(key=lambda r: (tuple(-x for x in order(r)), name_key(r.name)))
    placed = (replace(r, place=n) for r, n in zip(rows, places(rows, order), strict=True))
    return Ranking(
        tournament.rounds,
        len(tournament.drawn),
        tuple(placed),
        tuple(unfinished),
        tuple(tie_break),
        rank_by,
        best,
    )


def check_ranking(rank_by: str, best: int | None) -> None:
    """`--rank-by` one of RANK_BY; `--best` at least 1 and not with --rank-by average."""
    if rank_by not in RANK_BY:
        raise ScorepadError.at(
            "--rank-by",
            _("{key} is not a ranking (rankings: {keys})").format(
                key=shown(rank_by), keys=_(", ").join(RANK_BY)
            ),
        )
    if best is not None and best < 1:
        raise ScorepadError.at("--best", _("should be at least 1"))
    if best is not None and rank_by == "average":
        raise ScorepadError.at(
            "--best", _("ranks by the best rounds' total: not with --rank-by average")
        )
