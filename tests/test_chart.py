"""The running totals drawn: a late arrival's line starts at his first deal (from zero, after
the deal before it), in the terminal's chart and the sheet's SVG alike, and is never drawn on
the zero line before he came; an end label is never cut at the chart's edge."""

from __future__ import annotations

import random
import re

import simulate
from conftest import EXAMPLES
from scorepad import core, storage
from scorepad.render.chart import arrivals, chart
from scorepad.render.svg import line_chart

#: Fumiko joins this evening at deal 6 (after Chloé), Anna leaves after deal 8
FIVE_AT_FOUR = EXAMPLES / "french-five-at-four.toml"


def test_a_late_arrival_is_known_by_the_deal_he_joins_at():
    session = storage.load(FIVE_AT_FOUR)
    assert arrivals(session) == {"Fumiko": 6}
    assert arrivals(storage.load(EXAMPLES / "french-club-evening.toml")) == {}


def test_the_terminal_chart_starts_a_late_arrivals_line_at_his_first_deal():
    drawing = chart(storage.load(FIVE_AT_FOUR))
    rows = [line.split("┤", 1)[1] for line in drawing.splitlines() if "┤" in line]
    lines = drawing.splitlines()
    axis = lines[next(i for i, line in enumerate(lines) if "└" in line) + 1]  # 0  2  4 …
    step = (axis.index(" 2 ") + 1 - axis.index(" 0 ") - 1) // 2  # columns a deal takes
    columns = [i for row in rows for i, ch in enumerate(row) if ch == "F"]
    assert min(columns) == 5 * step  # after deal 5, at zero: his first deal is the 6th
    zero = next(row for row in rows if "·" in row)
    assert zero[5 * step] == "F" and "F" not in zero[: 5 * step]
    assert "F Fumiko (−58)" in drawing


def _polylines(svg):
    return [[tuple(map(float, p.split(","))) for p in points.split()]
            for points in re.findall(r'<polyline points="([^"]*)"', svg)]  # fmt: skip


def test_the_sheets_chart_starts_a_late_arrivals_line_at_his_first_deal(cli):
    page = cli("report", FIVE_AT_FOUR).stdout
    wide = page[page.index('<svg'):page.index("</svg>")]
    lines = _polylines(wide)
    assert len(lines) == 6  # Anna, Bruno, Chloé, Daisuke, Elsa, then Fumiko
    *everyone, fumiko = lines
    deals = [x for x, _y in everyone[0]]
    zero = float(re.search(r'<line x1="[\d.]+" y1="([\d.]+)"', wide)[1])
    assert all(len(line) == 10 for line in everyone)  # deal 0 (zero) to deal 9
    assert len(fumiko) == 5 and fumiko[0] == (deals[5], zero)  # after deal 5, at zero
    assert [x for x, _y in fumiko] == deals[5:]


def test_a_line_starts_where_its_points_start_and_has_no_mark_there():
    svg = line_chart({"Anna": [0, 10, 20, 30], "Bruno": [None, None, 0, -30]},
                     title="t", unit="points")  # fmt: skip
    anna, bruno = _polylines(svg)
    assert len(anna) == 4 and len(bruno) == 2 and bruno[0][0] == anna[2][0]
    # a mark after each deal played, 3 for Anna and 1 for Bruno, and one by each end label
    # (circles, squares; the plot's frame is a rect too)
    assert svg.count("<circle") == 3 + 1 and svg.count("<rect") == 1 + 1 + 1
    assert ">Bruno −30</text>" in svg


def test_a_season_starts_a_newcomers_line_at_his_first_evening(cli):
    rng = random.Random(3)
    paths = []
    for n, players in enumerate((simulate.NAMES[:4], [*simulate.NAMES[:3], "Zoé"]), 1):
        session = core.new_session("french", players, date=f"2026-12-0{n}")
        while len(session.deals) < 4:
            played = simulate.french(rng, 4)
            if played is not None:
                raw = {k: ("Zoé" if v == simulate.NAMES[3] and n == 2 else v)
                       for k, v in played.raw.items() if k != "handfuls"}  # fmt: skip
                session = core.add_deal(session, raw)
        paths.append(cli.folder / f"evening-{n}.toml")
        storage.save_new(paths[-1], session)
    page = cli("report", *paths).stdout
    wide = page[page.index("<svg"):page.index("</svg>")]
    lines = _polylines(wide)
    assert [len(line) for line in lines] == [9, 9, 9, 9, 5]  # 大輔 away the second evening
    assert lines[4][0][0] == lines[0][4][0]  # Zoé's from the end of the first evening


def test_an_end_label_fits_the_chart(cli):
    """The labels at the lines' ends: the chart leaves room for the longest."""
    svg = line_chart({"Marie-Claire de la Tour": [0, 4359], "Bo": [0, -4359]}, title="t",
                     unit="points")  # fmt: skip
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg)[1])
    x = max(float(v) for v in re.findall(r'<text x="([\d.]+)"[^>]*class="label"', svg))
    assert x + 7.6 * len("Marie-Claire de la Tour +4359") <= width
