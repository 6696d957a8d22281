"""The standings' columns, said once: which columns a game's standings have, their headings
and each row's value. The terminal's grid and the JSON (`render.standings`) and the evening's
sheet (`render.sheet`) all render this spec, so a column (Troggu's draws) is in every view or
in none by choice. Pure: it reads `ranking.Standing` rows."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, NamedTuple

from scorepad.i18n import N_
from scorepad.ranking import Standing
from scorepad.text import average, json_number, signed
from scorepad.variants import get_variant

#: the views that render the spec
TERMINAL, JSON, SHEET = "terminal", "json", "sheet"
PEOPLE = frozenset({TERMINAL, SHEET})
EVERY = frozenset({TERMINAL, JSON, SHEET})

#: a declarer's results, in the order a game words them (`Variant.declarer_results`: French
#: made, failed; Troggu won, lost, draw): the Standing's fields, and the JSON's keys
RESULT_KEYS = ("made", "failed", "draws")


class Column(NamedTuple):
    """One column of the standings: its JSON key (the `Standing` field it shows), its heading
    (marked with N_, translated where it is drawn), the value JSON holds and the cell a person
    reads, and the views that show it."""

    key: str
    heading: str
    value: Callable[[Standing], Any]
    cell: Callable[[Standing], Any] | None = None  # what people read, where not the value
    views: frozenset[str] = EVERY
    sheet_heading: str = ""  # the sheet's own word for it, where it has one
    sheet_cell: Callable[[Standing], Any] | None = None  # the sheet's cell, where it differs
    steps_aside: int = 0  # fitted to a terminal's width, the least needed go first (1, 2…)
    on_phone: bool = True  # the sheet keeps it in a phone's narrow layout

    def heading_in(self, view: str) -> str:
        """The heading in `view` (untranslated)."""
        return self.sheet_heading or self.heading if view == SHEET else self.heading

    def cell_in(self, view: str, row: Standing) -> Any:
        """What `view` shows of `row` in this column."""
        if view == JSON:
            return self.value(row)
        if view == SHEET and self.sheet_cell is not None:
            return self.sheet_cell(row)
        return (self.cell or self.value)(row)


def standing_columns(
    variant_name: str, view: str, *, sat_out: bool = False, penalised: bool = False
) -> list[Column]:
    """The columns `view` (TERMINAL, JSON or SHEET) shows of a game's standings, in order.

    Where anybody sat out (`sat_out`; the terminal also when ranked by average), people read
    the deals "played" and "out" instead of "deals"; the JSON always holds all three. The
    terminal shows the average only then, the sheet always ("per deal"). A game with a
    declarer counts each one's games by result, in the game's words (Troggu's draws too);
    the others count the deals won. What penalties moved (`penalised`: somebody's is not 0)
    is beside the total, which holds it."""

    variant = get_variant(variant_name)
    declarer = variant.has_declarer
    none: frozenset[str] = frozenset()
    seated = PEOPLE if sat_out else none  # to people: played and out, or deals
    counted = (none if sat_out else PEOPLE) | {JSON}

    def scored(r: int) -> Any:  # the terminal signs the gains of a game played against others
        return signed(r) if declarer else r

    columns = [
        Column("rank", N_("rank"), lambda r: r.rank or None, lambda r: r.rank or "–"),
        Column("name", N_("player"), attrgetter("name")),
        Column(
            "total",
            N_("total"),
            attrgetter("total"),
            lambda r: scored(r.total),
            sheet_cell=lambda r: signed(r.total),
        ),
        Column(  # what penalties moved: to people where there are any, JSON always
            "penalties",
            N_("penalties"),
            attrgetter("penalties"),
            lambda r: signed(r.penalties),
            views=(PEOPLE if penalised else none) | {JSON},
            steps_aside=8,
        ),
        Column("deals", N_("deals"), attrgetter("deals"), views=counted, steps_aside=7),
        Column("played", N_("played"), attrgetter("played"), views=seated | {JSON}, steps_aside=7),
        Column(
            "out",
            N_("out"),
            attrgetter("out"),
            views=seated | {JSON},
            sheet_heading=N_("sat out"),
            steps_aside=6 if declarer else 3,
            on_phone=False,
        ),
        Column(
            "average",
            N_("average"),
            lambda r: json_number(r.average) if r.played else None,
            lambda r: average(r.average) if r.played else "–",
            seated | {JSON, SHEET},
            sheet_heading=N_("per deal"),
            sheet_cell=lambda r: average(r.average),
        ),
    ]
    if declarer:
        columns.append(
            Column(
                "declarer", N_("declarer"), attrgetter("declarer"), steps_aside=4, on_phone=False
            )
        )
        steps = {"made": 2, "failed": 3, "draws": 1}  # a draw is the rarest: it goes first
        columns += [
            Column(
                key,
                word,
                attrgetter(key),
                steps_aside=steps[key],
                on_phone=key != "draws",
            )
            for key, word in zip(RESULT_KEYS, variant.declarer_results, strict=False)
        ]
    else:
        columns.append(
            Column(
                "won", N_("won"), attrgetter("won"), sheet_heading=N_("deals won"), steps_aside=2
            )
        )
    columns += [
        Column(
            "best",
            N_("best deal"),
            attrgetter("best"),
            lambda r: scored(r.best),
            sheet_heading=N_("best"),
            sheet_cell=lambda r: signed(r.best),
            steps_aside=5 if declarer else 1,
            on_phone=False,
        ),
        Column(
            "worst",
            N_("worst"),
            attrgetter("worst"),
            lambda r: signed(r.worst),
            frozenset({SHEET}),
            on_phone=False,
        ),
    ]
    return [c for c in columns if view in c.views]


def drop_order(columns: list[Column]) -> list[int]:
    """The terminal's columns in the order they step aside to fit its width (their places)."""
    steps = sorted((c.steps_aside, i) for i, c in enumerate(columns) if c.steps_aside)
    return [i for _step, i in steps]
