"""The evening's sheet: one self-contained HTML page to print, pin up or send.

No network, no external CSS, fonts or scripts: it opens from a USB stick. It holds the
title, date(s), game and rules (the settings that differ from the profile), the players in
seating order, the standings, the running totals as an SVG chart, every deal with its
bonuses spelled out, who pays whom, and a few statistics (by player and by contract, from
`scorepad.stats`; printed, beside the chart and the payments). Print CSS fits an evening of
~20 deals with 5 players on one A4 or Letter page, nothing over anything or cut at the
paper's edge, portrait or landscape; at 1,000 px and up no table scrolls sideways; a phone
gets a narrow layout. Pure: it returns text.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from scorepad import i18n
from scorepad.i18n import N_, _, ngettext
from scorepad.league import LeagueRow
from scorepad.model import Outcome, Session
from scorepad.penalties import by_deal, moved
from scorepad.ranking import Standing, standings
from scorepad.rating import BASE, MIN_DEALS, Ratings
from scorepad.render import rating as rating_text
from scorepad.render.chart import arrivals
from scorepad.render.deals import OUT, result_name
from scorepad.render.page import PAGE_STYLE
from scorepad.render.standing_columns import SHEET, standing_columns
from scorepad.render.standings import settle_lines
from scorepad.render.stats_text import sheet_tables
from scorepad.render.svg import line_chart
from scorepad.scores import match_over, outcomes
from scorepad.season import rules_differences
from scorepad.seating import Join, Leave
from scorepad.settle import Settlement
from scorepad.stats import stats
from scorepad.text import MINUS, average, num, people, plural, printable, signed, width
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


def escape(text: str) -> str:
    """HTML-escaped, and any control character from a hand-edited file shown as \\x1b."""
    return html.escape(printable(text))


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


def _cell(value: Any, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{escape(str(value))}</td>"


def _head(labels: Sequence[str], numeric: Sequence[bool], extra: Sequence[str] = ()) -> str:
    cells = []
    for i, label in enumerate(labels):
        classes = " ".join(c for c in ("n" if numeric[i] else "", extra[i] if extra else "") if c)
        attr = f' class="{classes}"' if classes else ""
        cells.append(f'<th scope="col"{attr}>{escape(_(label))}</th>')
    return f"<thead><tr>{''.join(cells)}</tr></thead>"


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
    labels = [c.heading_in(SHEET) for c in columns]
    data = [[c.cell_in(SHEET, r) for c in columns] for r in rows]
    numeric = [c.key != "name" for c in columns]
    extra = ["" if c.on_phone else "opt" for c in columns]

    def cls(i: int) -> str:
        return " ".join(c for c in ("n" if numeric[i] else "", extra[i]) if c)

    body = "".join(
        "<tr>" + "".join(_cell(v, cls(i)) for i, v in enumerate(row)) + "</tr>" for row in data
    )
    heading = escape(_("Standings"))
    return (
        f'<section class="standings"><h2>{heading}</h2><div class="wide"><table>'
        f"{_head(labels, numeric, extra)}<tbody>{body}</tbody></table></div></section>"
    )


#: the players' names (a shorter one counted as 6 characters) that the deals' table holds at
#: 1,000 px whole, or broken at a hyphen; past that room a name may break anywhere and the
#: deal and its bonuses take a set width, rather than the table scroll sideways
ROOM = 36


def _series(session: Session, outcomes: Sequence[Outcome]) -> dict[str, list[int | None]]:
    """Each player's running total after deal 0 (zero), 1, 2, … (the chart's lines); None
    before a late arrival's line starts (`chart.arrivals`: at zero, after the deal before his
    first)."""
    totals = dict.fromkeys(session.players, 0)
    first = arrivals(session)
    series: dict[str, list[int | None]] = {
        p: [0 if first.get(p, 1) <= 1 else None] for p in session.players
    }
    paid = by_deal(session)
    for p, value in paid.get(0, {}).items():
        totals[p] += value
    for n, outcome in enumerate(outcomes, 1):
        scores = outcome.scores
        extra = paid.get(n, {})
        for p, points in series.items():
            totals[p] += scores.get(p, 0) + extra.get(p, 0)
            points.append(totals[p] if n >= first.get(p, 1) - 1 else None)
    return series


def _penalty_rows(session: Session, n: int, totals: dict[str, int]) -> Iterator[str]:
    """A row for each penalty recorded after deal n (0: before any): who paid, the points,
    and what it moved for each player concerned with the running total below it."""
    for penalty in session.penalties:
        if penalty.after != n:
            continue
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
    dealer_cells = {p: _cell(p, "opt") for p in players}  # escaped once, not once a deal
    result_cells: dict[str, str] = {}
    yield from _penalty_rows(session, 0, totals)
    for n, (deal, outcome) in enumerate(zip(session.deals, outcomes, strict=True), 1):
        out = () if seatings is None else seatings[n - 1].out
        classes = []
        if outcome.made is False:
            classes.append("failed")
        if getattr(deal.entry, "slam", None):
            classes.append("slam")
        # a line may break after the + of "garde Jean-Baptiste+Bartholomew"
        what = _cell(variant.describe(deal.entry), "what").replace("+", "+<wbr>")
        if "slam" in classes:
            what = what.replace("</td>", slam_mark)
        if deal.note:
            what = what.replace("</td>", f'<div class="small">{escape(deal.note)}</div></td>')
        # numbers need no escaping: digits, a sign, a point
        cells = [
            f'<td class="n">{n}</td>',
            dealer_cells.get(deal.dealer) or _cell(deal.dealer, "opt"),
            what,
            f'<td class="n">{"" if outcome.points is None else num(outcome.points)}</td>',
            result_cells.get(outcome.result)
            or result_cells.setdefault(outcome.result, _cell(result_name(outcome.result), "opt")),
            _cell(bonuses(session.variant, deal.entry), "bonus opt"),
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
        yield from _penalty_rows(session, n, totals)


def _deals_section(session: Session, outcomes: Sequence[Outcome], label: str) -> Iterator[str]:
    """The table of every deal, in pieces: a season's rows are never held together."""
    variant = get_variant(session.variant)
    players = list(session.players)
    labels = ["#", N_("dealer"), N_("deal"), N_("pts"), N_("result"), N_("bonuses"), *players]
    numeric = [True, False, False, True, False, False, *([True] * len(players))]
    extra = ["", "opt", "", "", "opt", "bonus opt", *(["name"] * len(players))]
    legend = get_variant(session.variant).legend
    legend = _(legend) if legend else ""
    caption = (
        '<p class="small">'
        + escape(
            " ".join(
                x
                for x in (
                    _(
                        "Each player's score for the deal, and below it the running total ({unit})."
                    ).format(unit=_(variant.unit)),
                    legend,
                )
                if x
            )
        )
        + "</p>"
    )
    heading = escape(_("Deals") + label)
    crowded = sum(max(width(p), 6) for p in players) > ROOM
    table = '<table class="many">' if crowded else "<table>"
    yield (
        f'<section class="deals"><h2>{heading}</h2>{caption}'
        f'<div class="wide">{table}{_head(labels, numeric, extra)}<tbody>'
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
) -> Iterator[str]:
    """The whole page for one evening (or several sessions of one game: a season), in
    pieces: a season's deals are never held as one text; with `ratings` (`rating.rate` with
    its timeline), the players' ratings and their chart."""
    first = sessions[0]
    variant = get_variant(first.variant)
    dates = sorted({s.date for s in sessions if s.date})
    when = dates[0] if len(dates) == 1 else (f"{dates[0]} – {dates[-1]}" if dates else "")
    title = first.title if len(sessions) == 1 and first.title else _(variant.title)
    changed = _changed_settings(first)
    named = first.rules.get("name")
    rules = (f"{named}: " if named else "") + _("{profile} rules").format(profile=first.profile)
    rules += f" ({', '.join(changed)})" if changed else ""
    meta = [
        x
        for x in (
            when,
            _(", ").join((_(variant.title), rules)),
            rules_differences(labels, sessions) or "",
            *(match_over(s) or "" for s in sessions),
        )
        if x
    ]
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
    parts = [
        f'<!DOCTYPE html>\n<html lang="{i18n.language}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}{escape(' — ' + when if when else '')}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        *(f'<p class="meta">{escape(m)}</p>' for m in meta),
        '<p class="meta">'
        + escape(
            _("Players in seating order: {players} · {deals}").format(
                players=seating, deals=counted
            )
        )
        + "</p>",
        *(
            '<p class="meta">' + escape(_("; ").join(changes)) + "</p>"
            for changes in [roster_changes(first) if len(sessions) == 1 else []]
            if changes
        ),
        "</header>",
    ]
    scored = [outcomes(session) for session in sessions]  # each deal scored once, for all
    parts.append(_standings_section(first.variant, standings(sessions, scored=scored)))
    if league_rows is not None and len(sessions) > 1:
        parts.append(_league_section(labels, league_rows))
    if ratings is not None:
        parts.append(_ratings_section(ratings))
    series = [_series(session, done) for session, done in zip(sessions, scored, strict=True)]
    chart_series = _joined(sessions, series)
    running = escape(_("Running totals"))
    chart_title = _("Running totals, {title}").format(title=title)
    # printed, the statistics sit beside the chart and the payments
    parts.append(
        '<div class="beside"><div class="side">'
        f'<section class="chart"><h2>{running}</h2>'  # a narrow one for phones
        + line_chart(chart_series, title=chart_title, unit=_(variant.unit))
        + line_chart(
            chart_series,
            title=chart_title,
            unit=_(variant.unit),
            width=400,
            height=300,
            name="narrow",
        )
        + "</section>"
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
    absent, None until his line starts (his first session's, as `_deals_section` starts it)."""
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
    numeric = [i != 1 for i in range(len(heads))]
    body = "".join(
        "<tr>"
        + _cell("–" if r.rank is None else r.rank, "n")
        + _cell(r.name)
        + "".join(_cell("" if c is None else signed(c), "n") for c in r.by_session)
        + _cell(r.sessions, "n")
        + _cell(r.deals, "n")
        + _cell(signed(r.total), "n")
        + _cell(average(r.average), "n")
        + "</tr>"
        for r in rows
    )
    season = escape(_("Season"))
    return (
        f'<section class="league"><h2>{season}</h2><div class="wide"><table>'
        f"{_head(heads, numeric)}<tbody>{body}</tbody></table></div></section>"
    )


def _ratings_section(ratings: Ratings) -> str:
    """The ratings of those with MIN_DEALS rated deals, best first, and a chart of them
    after each date, as points above or below the average player's 1,500; the others are
    named apart."""
    rated, apart = rating_text.rated_apart(ratings, MIN_DEALS)
    heads = [N_("player"), N_("rating"), N_("deals"), N_("change")]
    body = "".join(
        "<tr>"
        + _cell(p.name)
        + _cell(rating_text.shown(p), "n")
        + _cell(p.deals, "n")
        + _cell(rating_text.change(p.change), "n")
        + "</tr>"
        for p in rated
    )
    heading = escape(_("Ratings"))
    parts = [
        f'<section class="ratings"><h2>{heading}</h2><div class="wide"><table>'
        f"{_head(heads, [False, True, True, True])}<tbody>{body}</tbody></table></div>"
    ]
    if apart:
        said = ngettext(
            "not rated yet, fewer than {n} deal: {players}",
            "not rated yet, fewer than {n} deals: {players}",
            MIN_DEALS,
        ).format(n=MIN_DEALS, players=_(", ").join(f"{p.name} ({p.deals})" for p in apart))
        parts.append(f'<p class="meta">{escape(said)}</p>')
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
    parts.append("</section>")
    return "".join(parts)


def _settle_section(settlement: Settlement, currency: str, unit: str | None) -> str:
    """The payments: in money with a rate, else in the game's unit (Troggu's chips)."""

    lines = settle_lines(settlement, currency, unit)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    who_pays = escape(_("Who pays whom"))
    return f'<section class="settle"><h2>{who_pays}</h2><ul class="pay">{items}</ul></section>'


NUMBER = ' class="n"'


def _stats_section(
    sessions: Sequence[Session], labels: Sequence[str], scored: Sequence[Sequence[Outcome]]
) -> str:
    """The compact statistics (`stats_text.sheet_tables`), their tables side by side."""

    tables = []
    for title, heads, rows in sheet_tables(stats(sessions, labels, scored)):
        head = "".join(
            f'<th scope="col"{NUMBER if i else ""}>{escape(h)}</th>' for i, h in enumerate(heads)
        )
        body = "".join(
            "<tr>" + "".join(_cell(v, "n" if i else "") for i, v in enumerate(row)) + "</tr>"
            for row in rows
        )
        tables.append(
            f'<div class="wide"><table><caption>{escape(title)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )
    heading = escape(_("Statistics"))
    return (
        f'<section class="stats"><h2>{heading}</h2><div class="tables">{"".join(tables)}'
        "</div></section>"
    )
