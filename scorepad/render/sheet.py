"""The evening's sheet: one self-contained HTML page to print, pin up or send (no network,
nothing outside the page). Printed, an evening of ~20 deals with 5 players fits one A4 or
Letter page; at 1,000 px and up no table scrolls sideways; a phone gets a narrow layout."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from scorepad import i18n
from scorepad.i18n import N_, _, ngettext
from scorepad.league import LeagueRow
from scorepad.model import Outcome, Penalty, Session
from scorepad.penalties import moved, recorded_after
from scorepad.ranking import Standing, standings
from scorepad.rating import BASE, MIN_DEALS, Ratings
from scorepad.render import rating as rating_text
from scorepad.render.chart import running_totals
from scorepad.render.deals import OUT, result_name
from scorepad.render.page import PAGE_STYLE, cell, escape, head, section, table
from scorepad.render.standing_columns import SHEET, standing_columns
from scorepad.render.standings import settle_lines
from scorepad.render.svg import line_chart
from scorepad.scores import match_over, outcomes
from scorepad.season import rules_differences
from scorepad.seating import Join, Leave
from scorepad.settle import Settlement
from scorepad.stats import stats
from scorepad.text import MINUS, average, num, people, plural, signed, width
from scorepad.variants import default_rules, get_variant

STYLE = (
    PAGE_STYLE
    + """tr.failed td { background: #fdecea; }
tr.failed td.what::before { content: "✗ "; font-weight: 700; }
span.mark { font-weight: 700; white-space: nowrap; }
.wide { overflow-x: auto; }
table.many th.name { overflow-wrap: anywhere; }
table.many td.what { width: 7em; }
table.many td.bonus { width: 5.5em; }
svg.chart { width: 100%; height: auto; max-height: 20rem; }
svg.narrow { display: none; }
svg .axis { font-size: 11px; fill: #333; }
svg .label { font-size: 12px; fill: #111; }
.small { font-size: .85em; color: #444; }
ul.pay { margin: .2rem 0; padding-left: 1.2rem; }
.tables { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: flex-start; }
.tables > div { flex: 1 1 18rem; min-width: min-content; }
caption { text-align: left; font-weight: 600; font-size: .9em; }
footer { margin-top: 1rem; font-size: .8em; color: #555; }
@media (max-width: 40rem) {
  body { padding: .4rem; font-size: 13px; }
  th, td { padding: .12rem .25rem; }
  .opt { display: none; }
  svg.chart { display: none; }
  svg.narrow, svg.ratings-chart { display: block; max-height: none; }
  th { word-break: keep-all; }
  .tables > div { min-width: 0; }
}
@page { margin: 9mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 7.5pt; line-height: 1.15; }
  h1 { font-size: 13pt; }
  h2 { font-size: 9pt; margin: 4pt 0 2pt; break-after: avoid; }
  p.meta { margin: 0; }
  th, td { padding: .5pt 3pt; }
  svg.chart { max-height: 38mm; }
  .beside { display: flex; flex-wrap: wrap; gap: 4mm; align-items: flex-start; }
  .beside > .side { flex: 1 1 0; min-width: 40%; }
  .beside > section.stats { flex: none; width: min-content; }
  caption { font-size: 1em; }
  section { break-inside: avoid; }
  section.deals { break-inside: auto; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  tr.failed td { background: none; }
  .wide { overflow: visible; }
  footer { display: none; }
}
"""
)


BONUS_NAMES = {"petit_au_bout": N_("petit au bout"), "slam": N_("slam")}
# the values a bonus shows, in the language
BONUS_VALUES = (
    N_("attack"),
    N_("defence"),
    N_("given"),
    N_("owed"),
    N_("lost"),
    N_("tappist"),
    N_("opponents"),
)
BONUS_KEYS = (
    "handfuls",
    "petit_au_bout",
    "slam",
    "slam_announced",
    "fool_exchange",
    "forced",
    "called",
    "tricks",
    "misere",
)


def bonuses(variant_name: str, entry: Any) -> str:
    """The deal's bonuses and events in words: "handful Chloé 10; petit au bout: attack"."""
    variant = get_variant(variant_name)
    raw = variant.entry_to_raw(entry)
    words: list[str] = []
    for key in BONUS_KEYS:
        if key not in raw:
            continue
        value = raw[key]
        if key == "handfuls":
            words.extend(
                _("handful {player} {trumps}").format(player=p, trumps=t) for p, t in value.items()
            )
        elif key == "slam_announced":  # made only when the taker's side took every trick
            made = raw.get("slam") == "attack"
            words.append(_("slam announced") if made else _("slam announced, failed"))
        elif key == "fool_exchange":
            words.append(_(variant.exchange_words[value]))
        elif key == "forced":
            words.append(_("forced"))
        elif key == "misere":
            words.extend(_("misère {player}").format(player=p) for p in value)
        else:
            words.append(f"{_(BONUS_NAMES.get(key, key))}: {_(value)}")
    return "; ".join(words)


def _changed_settings(session: Session) -> list[str]:
    variant = get_variant(session.variant)
    base = default_rules(variant, session.profile)
    return [
        f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
        for k, v in session.rules.items()
        if base.get(k) != v and k != "name"
    ]


def _standings_section(variant_name: str, rows: Sequence[Standing]) -> str:
    """The standings as the spec says them (`standing_columns`), in the sheet's words; on a
    phone: rank, player, total, deals, per deal and made/failed (or deals won)."""
    columns = standing_columns(
        variant_name,
        SHEET,
        sat_out=any(r.out for r in rows),
        penalised=any(r.penalties for r in rows),
    )
    labels = [_(c.heading_in(SHEET)) for c in columns]
    classes = [
        " ".join(x for x in ("" if c.key == "name" else "n", "" if c.on_phone else "opt") if x)
        for c in columns
    ]
    data = [[c.cell_in(SHEET, r) for c in columns] for r in rows]
    return section("standings", _("Standings"), table(labels, classes, data))


#: the players' names (a shorter one counted as 6 characters) that the deals' table holds at
#: 1,000 px whole, or broken at a hyphen; past that room a name may break anywhere and the
#: deal and its bonuses take a set width, rather than the table scroll sideways
ROOM = 36


def _penalty_rows(
    session: Session, recorded: Sequence[Penalty], totals: dict[str, int]
) -> Iterator[str]:
    """A row for each penalty `recorded` after one deal (0: before any): who paid, the points,
    and what it moved for each player concerned with the running total below it."""
    for penalty in recorded:
        what = (_("penalty {name}, alone") if penalty.alone else _("penalty {name}")).format(
            name=penalty.player
        )
        note = f'<div class="small">{escape(penalty.note)}</div>' if penalty.note else ""
        cells = [
            '<td class="n"></td><td class="opt"></td>',
            f'<td class="what">{escape(what)}{note}</td>',
            f'<td class="n">{penalty.points}</td><td class="opt"></td><td class="bonus opt"></td>',
        ]
        paid = moved(session, penalty)
        for p in session.players:
            if p not in paid:
                cells.append('<td class="n"></td>')
                continue
            totals[p] += paid[p]
            cells.append(
                f'<td class="n">{escape(signed(paid[p]))}<br>'
                f'<span class="small">{escape(num(totals[p]))}</span></td>'
            )
        yield f'<tr class="penalty">{"".join(cells)}</tr>'


def _deal_rows(session: Session, outcomes: Sequence[Outcome]) -> Iterator[str]:
    """Every deal as a row of the deals' table: what was played, its bonuses, and each
    player's score with the running total below it."""
    variant = get_variant(session.variant)
    players = list(session.players)
    totals = dict.fromkeys(players, 0)
    seatings = None if session.fixed else session.seating_plan().deals
    sat_out = escape(_("sat out"))
    slam_mark = f' <span class="mark">★ {escape(_("slam"))}</span></td>'
    dealer_cells = {p: cell(p, "opt") for p in players}  # escaped once, not once a deal
    result_cells: dict[str, str] = {}
    recorded = recorded_after(session)
    yield from _penalty_rows(session, recorded.get(0, ()), totals)
    for n, (deal, outcome) in enumerate(zip(session.deals, outcomes, strict=True), 1):
        out = () if seatings is None else seatings[n - 1].out
        classes = []
        if outcome.made is False:
            classes.append("failed")
        if variant.is_slam(deal.entry):
            classes.append("slam")
        # a line may break after the + of "garde Jean-Baptiste+Bartholomew"
        what = cell(variant.describe(deal.entry), "what").replace("+", "+<wbr>")
        if "slam" in classes:
            what = what.replace("</td>", slam_mark)
        if deal.note:
            what = what.replace("</td>", f'<div class="small">{escape(deal.note)}</div></td>')
        # numbers need no escaping: digits, a sign, a point
        cells = [
            f'<td class="n">{n}</td>',
            dealer_cells.get(deal.dealer) or cell(deal.dealer, "opt"),
            what,
            f'<td class="n">{"" if outcome.points is None else num(outcome.points)}</td>',
            result_cells.get(outcome.result)
            or result_cells.setdefault(outcome.result, cell(result_name(outcome.result), "opt")),
            cell(bonuses(session.variant, deal.entry), "bonus opt"),
        ]
        for p in players:
            value = outcome.scores.get(p)
            if value is None and p in out:  # sat out: the running total carries on
                cells.append(
                    f'<td class="n out" title="{sat_out}">{OUT}'
                    f'<br><span class="small">{num(totals[p])}</span></td>'
                )
                continue
            if value is None:  # not on the roster at this deal: a blank cell
                cells.append('<td class="n"></td>')
                continue
            total = totals[p] = totals[p] + value
            # whole numbers, written as `signed` and `num` write them (two calls less a cell)
            shown = f"+{value}" if value > 0 else str(value).replace("-", MINUS)
            cells.append(
                f'<td class="n">{shown}<br>'
                f'<span class="small">{str(total).replace("-", MINUS)}</span></td>'
            )
        attr = f' class="{" ".join(classes)}"' if classes else ""
        yield f"<tr{attr}>{''.join(cells)}</tr>"
        yield from _penalty_rows(session, recorded.get(n, ()), totals)


def _deals_section(session: Session, outcomes: Sequence[Outcome], label: str) -> Iterator[str]:
    """The table of every deal, in pieces: a season's rows are never held together."""
    variant = get_variant(session.variant)
    players = list(session.players)
    labels = ["#", N_("dealer"), N_("deal"), N_("pts"), N_("result"), N_("bonuses"), *players]
    classes = ["n", "opt", "", "n", "opt", "bonus opt", *(["n name"] * len(players))]
    said = _("Each player's score for the deal, and below it the running total ({unit}).")
    caption = said.format(unit=_(variant.unit)) + (
        f" {_(variant.legend)}" if variant.legend else ""
    )
    heading = escape(_("Deals") + label)
    crowded = sum(max(width(p), 6) for p in players) > ROOM
    opening = '<table class="many">' if crowded else "<table>"
    yield (
        f'<section class="deals"><h2>{heading}</h2><p class="small">{escape(caption)}</p>'
        f'<div class="wide">{opening}{head([_(x) for x in labels], classes)}<tbody>'
    )
    rows = _deal_rows(session, outcomes)
    while batch := "".join(itertools.islice(rows, 500)):  # written 500 rows at a time
        yield batch
    yield "</tbody></table></div></section>"


def page(
    sessions: Sequence[Session],
    labels: Sequence[str],
    *,
    settlement: Settlement | None = None,
    currency: str = "",
    league_rows: Sequence[LeagueRow] | None = None,
    in_money: bool = False,
    ratings: Ratings | None = None,
    scored: Sequence[Sequence[Outcome]] | None = None,
) -> Iterator[str]:
    """The whole page for one evening (or several sessions of one game: a season), in
    pieces: a season's deals are never held as one text; with `ratings` (`rating.rate` with
    its timeline), the players' ratings and their chart. `scored`: each session's outcomes,
    where the caller has them already."""
    first = sessions[0]
    variant = get_variant(first.variant)
    dates = sorted({s.date for s in sessions if s.date})
    when = dates[0] if len(dates) == 1 else (f"{dates[0]} – {dates[-1]}" if dates else "")
    title = first.title if len(sessions) == 1 and first.title else _(variant.title)
    changed = _changed_settings(first)
    named = first.rules.get("name")
    rules = (f"{named}: " if named else "") + _("{profile} rules").format(profile=first.profile)
    rules += f" ({', '.join(changed)})" if changed else ""
    meta = [when, _(", ").join((_(variant.title), rules)), rules_differences(labels, sessions)]
    meta += [match_over(s) for s in sessions]
    seating = _(", ").join(seat_order(first) if len(sessions) == 1 else first.players)
    if not first.fixed and len(sessions) == 1:
        seats = first.seats or len(first.roster)
        text = (
            _("{players} at {seats} seats, taking turns")
            if first.policy == "dealer-plays"
            else _("{players} at {seats} seats, the dealer sitting out")
        )
        seating = text.format(players=seating, seats=seats)
    counted = plural(sum(len(s.deals) for s in sessions), "deal")
    if len(sessions) > 1:
        counted = _("{deals} in {sessions}").format(
            deals=counted, sessions=plural(len(sessions), "session")
        )
    meta.append(
        _("Players in seating order: {players} · {deals}").format(players=seating, deals=counted)
    )
    if len(sessions) == 1:
        meta.append(_("; ").join(roster_changes(first)))
    parts = [
        f'<!DOCTYPE html>\n<html lang="{i18n.language}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}{escape(' — ' + when if when else '')}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        *(f'<p class="meta">{escape(m)}</p>' for m in meta if m),
        "</header>",
    ]
    if scored is None:  # each deal scored once, for all
        scored = [outcomes(session) for session in sessions]
    parts.append(_standings_section(first.variant, standings(sessions, scored=scored)))
    if league_rows is not None and len(sessions) > 1:
        parts.append(_league_section(labels, league_rows))
    if ratings is not None:
        parts.append(_ratings_section(ratings))
    series = [running_totals(s, done) for s, done in zip(sessions, scored, strict=True)]
    chart_series = _joined(sessions, series)
    chart_title = _("Running totals, {title}").format(title=title)
    wide = line_chart(chart_series, title=chart_title, unit=_(variant.unit))
    narrow = line_chart(  # for phones
        chart_series, title=chart_title, unit=_(variant.unit), width=400, height=300, name="narrow"
    )
    # printed, the statistics sit beside the chart and the payments
    parts.append(
        '<div class="beside"><div class="side">'
        + section("chart", _("Running totals"), wide + narrow)
    )
    if settlement is not None:
        parts.append(_settle_section(settlement, currency, None if in_money else variant.unit))
    parts.append("</div>" + _stats_section(sessions, labels, scored) + "</div>")
    yield "\n".join(parts)
    for session, done, label in zip(sessions, scored, labels, strict=True):
        yield "\n"
        yield from _deals_section(session, done, f" — {label}" if len(sessions) > 1 else "")
    footer = ngettext(
        "Made by scorepad from the session file: every score is computed from "
        "what was entered, with the arithmetic in {command}.",
        "Made by scorepad from the session files: every score is computed from "
        "what was entered, with the arithmetic in {command}.",
        len(sessions),
    )
    yield "\n<footer>" + escape(footer).format(command="<code>scorepad show</code>") + "</footer>"
    yield "\n</body></html>\n"


def seat_order(session: Session) -> tuple[str, ...]:
    """Everyone who sat at the table, in the order they sat: the roster at deal 1, each
    newcomer where they joined the dealing order (after someone, or last); those who left
    keep their place."""

    order = list(session.roster)
    for change in session.changes:
        if isinstance(change, Join) and change.name not in order:
            at = order.index(change.after) + 1 if change.after in order else len(order)
            order.insert(at, change.name)
    return tuple(order)


def roster_changes(session: Session) -> list[str]:
    """Who came and went, and when, in the order it happened: "Fumiko joins at deal 3"."""

    said, seats = [], session.seats
    for change in session.changes:
        if isinstance(change, Join):
            said.append(_("{name} joins at deal {n}").format(name=change.name, n=change.from_deal))
        elif isinstance(change, Leave):
            said.append(
                _("{name} leaves after deal {n}").format(name=change.name, n=change.from_deal - 1)
            )
        elif change.seats != seats:  # a table size said again is no change
            said.append(
                _("{seats} seats from deal {n}").format(seats=change.seats, n=change.from_deal)
            )
            seats = change.seats
    return said


def _joined(
    sessions: Sequence[Session], all_series: Sequence[dict[str, list[int | None]]]
) -> dict[str, list[int | None]]:
    """One running total per player across the sessions in order: carried on where he is
    absent, None until his line starts (his first session's, as `running_totals` starts it)."""
    keys, names = people(s.players for s in sessions)  # one person whatever case and accents
    result: dict[str, list[int | None]] = {key: [None] for key in names}
    for session, series, key_of in zip(sessions, all_series, keys, strict=True):
        here = {key: p for p, key in key_of.items()}
        for key, points in result.items():
            own = series[here[key]] if key in here else [None] * (len(session.deals) + 1)
            base = points[-1]
            if base is None:  # not started yet: his line starts as this session's does
                points[-1] = own[0]
                points.extend(own[1:])
            else:
                points.extend(base if v is None else base + v for v in own[1:])
    return {names[k]: v for k, v in result.items()}


def _league_section(labels: Sequence[str], rows: Sequence[LeagueRow]) -> str:
    heads = [
        N_("rank"),
        N_("player"),
        *labels,
        N_("sessions"),
        N_("deals"),
        N_("total"),
        N_("per deal"),
    ]
    data = [
        [
            "–" if r.rank is None else r.rank,
            r.name,
            *("" if c is None else signed(c) for c in r.by_session),
            r.sessions,
            r.deals,
            signed(r.total),
            average(r.average),
        ]
        for r in rows
    ]
    classes = ["n", "", *(["n"] * (len(heads) - 2))]
    return section("league", _("Season"), table([_(h) for h in heads], classes, data))


def _ratings_section(ratings: Ratings) -> str:
    """The ratings of those with MIN_DEALS rated deals, best first, and a chart of them
    after each date, as points above or below the average player's 1,500; the others are
    named apart."""
    rated, apart = rating_text.rated_apart(ratings, MIN_DEALS)
    heads = [_("player"), _("rating"), _("deals"), _("change")]
    data = [[p.name, rating_text.shown(p), p.deals, rating_text.change(p.change)] for p in rated]
    parts = [table(heads, ["", "n", "n", "n"], data)]
    if apart:
        parts.append(f'<p class="meta">{escape(rating_text.not_rated(apart, MIN_DEALS))}</p>')
    if rated:
        series = {
            p.name: [0, *(round(at.get(p.name, BASE) - BASE) for _date, at in ratings.timeline)]
            for p in rated
        }
        title = _("Ratings after each date, above or below the average player's {base}").format(
            base=f"{BASE:,}"
        )
        axis = _("dates (rating − {base})").format(base=f"{BASE:,}")
        tall = max(270, 60 + 14 * len(series))  # room for every name at the lines' ends
        parts.append(
            line_chart(series, title=title, unit="", axis=axis, name="ratings-chart", height=tall)
        )
    return section("ratings", _("Ratings"), "".join(parts))


def _settle_section(settlement: Settlement, currency: str, unit: str | None) -> str:
    """The payments: in money with a rate, else in the game's unit (Troggu's chips)."""

    lines = settle_lines(settlement, currency, unit)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return section("settle", _("Who pays whom"), f'<ul class="pay">{items}</ul>')


def _stats_section(
    sessions: Sequence[Session], labels: Sequence[str], scored: Sequence[Sequence[Outcome]]
) -> str:
    """The compact statistics (the game's `stats.sheet`: the cells the terminal's tables
    show), their tables side by side; every column but the first is a number."""

    tables = [
        table(t.headers, ["", *(["n"] * (len(t.headers) - 1))], t.rows, escape(t.title))
        for t in get_variant(sessions[0].variant).stats.sheet(stats(sessions, labels, scored))
    ]
    return section("stats", _("Statistics"), f'<div class="tables">{"".join(tables)}</div>')
