"""A tournament for people and scripts: who sits where (text to read aloud, JSON, one A4 page
to pin up), the ranking (text, JSON) and the results sheet (one self-contained HTML page for
A4 and a phone: the ranking, a column per round, and each table's deals in a compact form).
Pure: it returns text and objects, and never prints."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad import __version__, i18n
from scorepad.i18n import _, ngettext
from scorepad.model import Outcome, Session
from scorepad.render.deals import OUT
from scorepad.render.grid import grid
from scorepad.render.page import PAGE_STYLE, body_table, class_attr, escape, section
from scorepad.scores import iter_outcomes
from scorepad.text import plural, signed
from scorepad.tournament.draw import Quality, name_key, quality
from scorepad.tournament.model import RoundDraw, Tournament, seats, sizes
from scorepad.tournament.ranking import Ranking, Row, Unfinished, unequal_counts
from scorepad.variants import get_variant
from scorepad.variants.figures import Tally, average

PROVISIONAL = "*"


def _round_heading(tournament: Tournament, round_: RoundDraw) -> str:
    head = _("Round {n} of {rounds}").format(n=round_.number, rounds=tournament.rounds)
    if tournament.title:
        head = _("{title} — {round}").format(title=tournament.title, round=head)
    return _("{head}, {date}").format(head=head, date=round_.date) if round_.date else head


def _by_name(round_: RoundDraw) -> list[tuple[str, int, int]]:
    """Every player of the round with their table and seat, in name order."""
    seated = [(p, t.number, s) for t in round_.tables for s, p in enumerate(t.players, 1)]
    return sorted(seated, key=lambda x: name_key(x[0]))


def tables_text(tournament: Tournament, round_: RoundDraw) -> str:
    """Who goes where: by table (seats in dealing order), then by name, to read aloud."""

    lines = [
        _round_heading(tournament, round_),
        ngettext(
            "{players} players at {n} table", "{players} players at {n} tables", len(round_.tables)
        ).format(players=len(round_.players), n=len(round_.tables)),
        "",
    ]
    for table in round_.tables:
        if seats(tournament.variant, len(table.players)) is None:
            deals = ngettext("{n} deal", "{n} deals", table.deals)
        else:
            deals = ngettext(
                "{n} deal, the dealer sitting out", "{n} deals, the dealer sitting out", table.deals
            )
        lines.append(
            _("Table {t} ({deals}; {file}):").format(
                t=table.number, deals=deals.format(n=table.deals), file=table.file
            )
        )
        for seat, player in enumerate(table.players, 1):
            deals_first = _("  (deals first)") if seat == 1 else ""
            lines.append(f"  {seat}. {player}{deals_first}")
    lines += ["", _("By name:")]
    rows = [
        [p, _("table {t}").format(t=t), _("seat {s}").format(s=s)] for p, t, s in _by_name(round_)
    ]
    lines += ["  " + line for line in grid(rows, ["", "", ""]).splitlines()[2:]]
    return "\n".join(lines)


def tables_object(round_: RoundDraw, tournament: Tournament | None = None) -> dict[str, Any]:
    """The round's tables; with the tournament, also the meetings and first seats over its
    rounds up to this one (cli.md)."""
    out: dict[str, Any] = {
        "round": round_.number,
        "date": round_.date,
        "tables": [
            {"table": t.number, "file": t.file, "players": list(t.players), "deals": t.deals}
            for t in round_.tables
        ],
    }
    if tournament is not None:
        q = draw_quality(tournament, round_.number)
        out["meetings"] = {
            "most": q.most,
            "repeats": q.repeats,
            "pairs": [{"players": [a, b], "meetings": k} for a, b, k in q.pairs],
        }
        out["first"] = q.first
    return out


def draw_quality(tournament: Tournament, upto: int | None = None) -> Quality:
    """The meetings and first seats over the rounds drawn (up to round `upto`)."""

    rounds = tournament.drawn[: len(tournament.drawn) if upto is None else upto]
    return quality([[t.players for t in r.tables] for r in rounds], sizes(tournament.variant))


#: pairs named in one line at most
NAMED_PAIRS = 8


def quality_line(q: Quality) -> str:
    """One line on the draw's quality: nobody meets anyone twice, or the pairs at the most
    meetings (and whether that is the least possible here)."""
    if q.most <= 1:
        return _("nobody meets anyone twice")
    top = q.at_most()
    named = _(", ").join(f"{a}–{b}" for a, b, _k in top[:NAMED_PAIRS])
    if len(top) > NAMED_PAIRS:
        named += _(", …")
    if q.most == 2:
        line = ngettext(
            "{n} pair meets a second time: {pairs}",
            "{n} pairs meet a second time: {pairs}",
            len(top),
        ).format(n=len(top), pairs=named)
    else:
        line = ngettext(
            "{n} pair meets {k} times: {pairs} ({repeats} repeats in all)",
            "{n} pairs meet {k} times: {pairs} ({repeats} repeats in all)",
            len(top),
        ).format(n=len(top), k=q.most, pairs=named, repeats=q.repeats)
    if q.least:
        line += _("; the least possible here")
    return line


def seat_counts(tournament: Tournament) -> list[tuple[str, int, int]]:
    """Each player drawn: times seated first (dealing first), times at a table of another
    size than the preferred (a table of 5, or of 3), in name order."""

    preferred = sizes(tournament.variant)[0]
    first: dict[str, int] = {}
    odd: dict[str, int] = {}
    for round_ in tournament.drawn:
        for table in round_.tables:
            for seat, p in enumerate(table.players):
                first[p] = first.get(p, 0) + (seat == 0)
                odd[p] = odd.get(p, 0) + (len(table.players) != preferred)
    return [(p, first[p], odd[p]) for p in sorted(first, key=name_key)]


def _spread(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else _("{low} to {high}").format(low=low, high=high)


def draw_lines(tournament: Tournament) -> list[str]:
    """The draw's quality for `check`: the meetings (every pair met more than once) and the
    seat counts (dealing first, tables of 5 or 3), over the rounds drawn."""
    if not tournament.drawn:
        return []
    q = draw_quality(tournament)
    lines = [_("draw: {quality}").format(quality=quality_line(q))]
    if q.pairs:
        lines.append(
            _("pairs that met more than once: {pairs}").format(
                pairs=_(", ").join(f"{a}–{b} ×{k}" for a, b, k in q.pairs)
            )
        )
    counts = seat_counts(tournament)
    lines.append(
        _(
            "seats: how often each player dealt first: {first}; sat at a table of 5 or 3: {odd}"
        ).format(first=_spread([c[1] for c in counts]), odd=_spread([c[2] for c in counts]))
    )
    return lines


def _draw_section(tournament: Tournament) -> str:
    """The sheet's account of the draw: its quality, the pairs that met more than once, and
    each player's seat counts."""
    if not tournament.drawn:
        return ""
    q = draw_quality(tournament)
    heading = _("The draw")
    parts = [f"<section><h2>{escape(heading)}</h2><p>{escape(quality_line(q))}</p>"]
    if q.pairs:
        said = _("Pairs that met more than once")
        items = "".join(
            f"<li>{escape(a)}–{escape(b)} <span>×{k}</span></li>" for a, b, k in q.pairs
        )
        parts.append(f'<h3>{escape(said)}</h3><ul class="names">{items}</ul>')
    said = _("Seats: dealt first, and at a table of 5 or 3")
    items = "".join(
        f"<li>{escape(p)} <span>{f} · {o}</span></li>" for p, f, o in seat_counts(tournament)
    )
    parts.append(f'<h3>{escape(said)}</h3><ul class="names small">{items}</ul></section>')
    return "".join(parts)


def _score(value: int | None, provisional: bool) -> str:
    if value is None:
        return "–"
    return signed(value) + (PROVISIONAL if provisional else "")


def attendance(row: Row, drawn: int) -> str:
    """ "3 of 5 rounds, late" for a player drawn in fewer rounds than were drawn (or late, or
    withdrawn); "" for one who played them all."""
    if row.rounds_played >= drawn and row.status == "full":
        return ""
    part = ngettext("{n} of {drawn} round", "{n} of {drawn} rounds", drawn).format(
        n=row.rounds_played, drawn=drawn
    )
    if row.status == "late":
        return _("{rounds}, late").format(rounds=part)
    if row.status == "withdrawn":
        return _("{rounds}, withdrawn").format(rounds=part)
    return part


def _ranked_by(ranking: Ranking) -> tuple[str, str]:
    """The head's words for the ranking, and the column of what it orders by ("": total)."""
    if ranking.best is not None:
        return (
            ngettext(
                "ranked by the best {n} round", "ranked by the best {n} rounds", ranking.best
            ).format(n=ranking.best),
            _("best {n}").format(n=ranking.best),
        )
    if ranking.rank_by == "average":
        return _("ranked by average per deal"), _("average")
    return _("ranked by total"), ""


def _figure(row: Row, ranking: Ranking) -> str:
    """What the ranking orders by: the best rounds' total, or the average per deal with two
    decimals, halves away from zero (exact: the score is a fraction)."""
    if row.score is None:
        return "–"
    if ranking.best is not None:
        return signed(int(row.score))
    return average(Tally(row.score.denominator, row.score.numerator))


def counts_line(ranking: Ranking) -> str:
    """What a ranking by total says when its players' deals counted differ: "" when they
    do not."""
    spread = unequal_counts(ranking)
    if spread is None:
        return ""
    return ngettext(
        "players counted {low} to {high} deal: the totals add up different numbers of deals "
        "(--rank-by average compares them per deal)",
        "players counted {low} to {high} deals: the totals add up different numbers of deals "
        "(--rank-by average compares them per deal)",
        spread[1],
    ).format(low=spread[0], high=spread[1])


def _ranking_columns(ranking: Ranking) -> list[tuple[str, str]]:
    """The ranking's columns: each heading, and its classes on the results sheet (ranked
    otherwise than by total, a phone shows what the places follow and not the total)."""
    column = _ranked_by(ranking)[1]
    return [
        (_("place"), "n"),
        (_("player"), ""),
        *((_("R{n}").format(n=n), "n") for n in range(1, ranking.drawn + 1)),
        (_("deals"), "n opt"),
        *([(_("penalties"), "n opt")] if _penalised(ranking) else []),
        (_("total"), "n opt" if column else "n"),
        *([(column, "n")] if column else []),
    ]


def _penalised(ranking: Ranking) -> bool:
    """Whether anybody's penalties moved points: their column shows only then."""
    return any(r.penalties for r in ranking.rows)


def _ranking_cells(row: Row, ranking: Ranking) -> list[Any]:
    """A player's row of the ranking, as `_ranking_columns`."""
    return [
        row.place,
        row.name,
        *(_score(row.rounds[i], row.provisional[i]) for i in range(ranking.drawn)),
        row.counted,
        *([signed(row.penalties)] if _penalised(ranking) else []),
        _score(row.total, row.is_provisional),
        *([_figure(row, ranking)] if _ranked_by(ranking)[1] else []),
    ]


def standings_text(tournament: Tournament, ranking: Ranking) -> str:
    """The ranking: place, player, a column per round drawn, the deals that count, total; a
    `*` marks provisional figures, and the unfinished tables are named below. Players who
    played fewer rounds than were drawn are marked ("3 of 5 rounds, late"); a ranking by
    total whose players counted different numbers of deals says so."""
    drawn = ranking.drawn
    words, column = _ranked_by(ranking)
    marked = any(attendance(r, drawn) for r in ranking.rows)
    headers = [h for h, _classes in _ranking_columns(ranking)] + ([_("played")] if marked else [])
    rows = [
        _ranking_cells(r, ranking) + ([attendance(r, drawn)] if marked else [])
        for r in ranking.rows
    ]
    title = tournament.title or _("Tournament")
    head = ngettext(
        "{title}: {drawn} of {rounds} round drawn, {ranked}",
        "{title}: {drawn} of {rounds} rounds drawn, {ranked}",
        tournament.rounds,
    ).format(title=title, drawn=drawn, rounds=tournament.rounds, ranked=words)
    if ranking.tie_break:
        head += _(" (ties: {keys})").format(keys=_(", then ").join(ranking.tie_break))
    numbers = [0, *range(2, 2 + drawn + 2 + bool(column) + _penalised(ranking))]
    lines = [head, grid(rows, headers, "simple", numbers)]
    counts = counts_line(ranking)
    if counts:
        lines += ["", counts]
    if ranking.unfinished:
        lines.append("")
        lines.append(_("* provisional: unfinished tables"))
        lines += ["  " + unfinished_line(u) for u in ranking.unfinished]
    return "\n".join(lines)


def unfinished_line(u: Unfinished) -> str:
    if u.problem:
        return _("round {r}, table {t} ({file}): {why}").format(
            r=u.round, t=u.table.number, file=u.table.file, why=u.problem
        )
    return ngettext(
        "round {r}, table {t} ({file}): {found} of {deals} deal",
        "round {r}, table {t} ({file}): {found} of {deals} deals",
        u.table.deals,
    ).format(r=u.round, t=u.table.number, file=u.table.file, found=u.recorded, deals=u.table.deals)


def standings_object(ranking: Ranking) -> dict[str, Any]:
    return {
        "rounds": ranking.rounds,
        "drawn": ranking.drawn,
        "tie_break": list(ranking.tie_break),
        "rank_by": "best" if ranking.best is not None else ranking.rank_by,
        "best": ranking.best,
        "players": [
            {
                "name": r.name,
                "place": r.place,
                "total": r.total,
                "played": r.played,
                "counted": r.counted,
                "penalties": r.penalties,
                "rounds": list(r.rounds),
                "provisional": r.is_provisional,
                "rounds_played": r.rounds_played,
                "status": r.status,
            }
            for r in ranking.rows
        ],
        "unfinished": [
            {
                "round": u.round,
                "table": u.table.number,
                "file": u.table.file,
                "recorded": u.recorded,
                "deals": u.table.deals,
                "problem": u.problem,
            }
            for u in ranking.unfinished
        ],
    }


# -- HTML ------------------------------------------------------------------------------------

STYLE = (
    PAGE_STYLE
    + """h3 { font-size: 1rem; margin: .6rem 0 .2rem; }
td.p { color: #555; white-space: nowrap; }
.wide { overflow-x: auto; }
.small { font-size: .85em; color: #444; }
.grid { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; align-items: flex-start; }
.grid > div { flex: 1 1 16rem; min-width: 0; }
.grid.deals > div { flex: 1 1 21rem; max-width: 30rem; min-width: min-content; }
.seats td:first-child { width: 2rem; }
.big { font-size: 1.25rem; }
ul.names { columns: 3 12rem; column-gap: 1.5rem; list-style: none; padding: 0; margin: 0; }
ul.names li { break-inside: avoid; padding: .1rem 0; border-bottom: 1px solid #eee; }
ul.names span { color: #444; white-space: nowrap; }
footer { margin-top: 1rem; font-size: .8em; color: #555; }
@media (max-width: 40rem) {
  body { padding: .4rem; font-size: 13px; }
  th, td { padding: .12rem .2rem; }
  .opt { display: none; }
  ul.names { columns: 2; }
  .grid.deals > div { min-width: 0; }
}
@page { size: A4; margin: 10mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 8pt; line-height: 1.15; }
  h1 { font-size: 13pt; }
  h2 { font-size: 9.5pt; margin: 4pt 0 2pt; break-after: avoid; }
  h3 { font-size: 8.5pt; margin: 3pt 0 1pt; }
  th, td { padding: .5pt 3pt; }
  .big { font-size: 12pt; }
  ul.names { font-size: 10pt; }
  .grid > div { break-inside: avoid; }
  .grid.deals { gap: 2pt 3mm; }
  .grid.deals > div { flex: 1 1 30%; }
  .grid.deals th, .grid.deals td { padding: .5pt 2pt; }
  td.p { white-space: normal; }
  section { break-inside: avoid; }
  section.rounds { break-inside: auto; }
  .wide { overflow: visible; }
  footer { display: none; }
}
"""
)


def _document(title: str, body: str) -> str:
    made_by = _("scorepad {version}").format(version=__version__)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(i18n.language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}\n"
        f"<footer>{escape(made_by)}</footer>\n"
        "</body>\n</html>\n"
    )


def _meta(tournament: Tournament) -> str:
    game = _("{game}, {profile} rules").format(
        game=_(get_variant(tournament.variant).title), profile=tournament.profile
    )
    plan = ngettext(
        "{rounds} round of {deals} a player",
        "{rounds} rounds of {deals} a player",
        tournament.rounds,
    ).format(rounds=tournament.rounds, deals=plural(tournament.deals, "deal"))
    parts = [x for x in (tournament.date, game, plan) if x]
    return f'<p class="meta">{escape(" · ".join(parts))}</p>'


def tables_html(tournament: Tournament, round_: RoundDraw) -> str:
    """One A4 page to pin up: each table with its players in seat order, and every name
    with its table and seat."""
    heading = _round_heading(tournament, round_)
    cards = []
    for table in round_.tables:
        note = ngettext(
            "{n} deal; seat 1 deals first", "{n} deals; seat 1 deals first", table.deals
        ).format(n=table.deals)
        seats = "".join(
            f'<tr><td class="n">{seat}</td><td class="big">{escape(p)}</td></tr>'
            for seat, p in enumerate(table.players, 1)
        )
        cards.append(
            f"<div><h3>{escape(_('Table {t}').format(t=table.number))}</h3>"
            f'<table class="seats"><tbody>{seats}</tbody></table>'
            f'<p class="small">{escape(note)}'
            "</p></div>"
        )
    names = "".join(
        f"<li>{escape(p)} <span>{escape(_('table {t}').format(t=t))}, "
        f"{escape(_('seat {s}').format(s=s))}</span></li>"
        for p, t, s in _by_name(round_)
    )
    by_name = _("By name")
    body = (
        f"<header><h1>{escape(heading)}</h1>{_meta(tournament)}</header>\n"
        f'<section><div class="grid">{"".join(cards)}</div></section>\n'
        f"<section><h2>{escape(by_name)}</h2>"
        f'<ul class="names">{names}</ul></section>'
    )
    return _document(heading, body)


def report_html(
    tournament: Tournament,
    ranking: Ranking,
    sessions: Mapping[str, Session | None],
    outcomes: Mapping[str, Sequence[Outcome]] | None = None,
) -> str:
    """The results sheet: the ranking with a column per round, the unfinished tables named,
    then each round's tables with their deals (the scores of each deal, a blank where a
    player sat out) — `sessions` by table file, None where a file counts nothing;
    `outcomes` their deals' outcomes by table file where already scored (else scored here)."""
    title = tournament.title or _("Tournament")
    words, column = _ranked_by(ranking)
    columns = _ranking_columns(ranking)
    body = "".join(_ranking_row(r, ranking, [c for _h, c in columns]) for r in ranking.rows)
    said = [
        # ranked otherwise than by the plain total: say so
        _("The ranking: {how}.").format(how=words) if column else "",
        counts_line(ranking),
        _("Ties broken by {keys}.").format(keys=_(", then ").join(ranking.tie_break))
        if ranking.tie_break
        else "",
        _("* provisional: unfinished tables") if ranking.unfinished else "",
    ]
    ranked = body_table([h for h, _c in columns], [c for _h, c in columns], body)
    ranked += "".join(f'\n<p class="small">{escape(x)}</p>' for x in said if x)
    if ranking.unfinished:
        items = "".join(f"<li>{escape(unfinished_line(u))}</li>" for u in ranking.unfinished)
        ranked += f'<ul class="small">{items}</ul>'
    ranked += "\n"  # the section's end on a line of its own
    parts = [
        f"<header><h1>{escape(title)}</h1>{_meta(tournament)}</header>",
        section("ranking", _("Ranking"), ranked),
        _draw_section(tournament),
    ]
    parts.append('<section class="rounds">')
    for round_ in tournament.drawn:
        parts.append(
            f'<h2>{escape(_round_heading(tournament, round_))}</h2><div class="grid deals">'
        )
        for table in round_.tables:
            session = sessions.get(table.file)
            scored = None if outcomes is None else outcomes.get(table.file)
            parts.append(_table_block(table.number, table.players, session, scored))
        parts.append("</div>")
    parts.append("</section>")
    return _document(title, "\n".join(parts))


def _ranking_row(row: Row, ranking: Ranking, classes: Sequence[str]) -> str:
    """A player's row of the results sheet: how many rounds they played by their name, what
    the places follow in bold."""
    shown = [escape(v) for v in _ranking_cells(row, ranking)]
    mark = attendance(row, ranking.drawn)
    if mark:
        shown[1] += f' <span class="small">({escape(mark)})</span>'
    shown[-1] = f"<b>{shown[-1]}</b>"
    return (
        "<tr>"
        + "".join(f"<td{class_attr(c)}>{v}</td>" for v, c in zip(shown, classes, strict=True))
        + "</tr>"
    )


def _table_block(
    number: int,
    players: Sequence[str],
    session: Session | None,
    scored: Sequence[Outcome] | None = None,
) -> str:
    short = [_initials(p, players) for p in players]
    head = "".join(f'<th scope="col" class="n" title="{escape(p)}">{escape(s)}</th>'
                   for p, s in zip(players, short, strict=True))  # fmt: skip
    rows = []
    totals = dict.fromkeys(players, 0)
    if session is not None:
        variant = get_variant(session.variant)
        if scored is None:
            scored = tuple(iter_outcomes(session))
        for n, (deal, outcome) in enumerate(zip(session.deals, scored, strict=True), 1):
            cells = []
            seating = session.seating(n)
            out = () if seating is None else seating.out
            for p in players:
                value = outcome.scores.get(p)
                if value is not None:
                    totals[p] += value
                # the dealer sitting out: the out mark, never a played 0
                shown = signed(value) if value is not None else OUT if p in out else ""
                cells.append(f'<td class="n">{escape(shown)}</td>')
            what = escape(variant.describe(deal.entry))
            rows.append(f'<tr><td class="n">{n}</td><td class="p">{what}</td>{"".join(cells)}</tr>')
    total_cells = "".join(f'<td class="n"><b>{escape(signed(totals[p]))}</b></td>' for p in players)
    names = escape(_(", ").join(f"{s} {p}" for s, p in zip(short, players, strict=True)))
    caption = escape(_("Table {t}").format(t=number))
    if session is None:
        names += " — " + escape(_("no deals counted"))
    return (
        f'<div><h3>{caption}</h3><p class="small">{names}</p><div class="wide"><table>'
        f'<thead><tr><th scope="col" class="n">#</th><th scope="col"></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}<tr><td></td><td>{escape(_('total'))}</td>{total_cells}</tr>"
        "</tbody></table></div></div>"
    )


def _initials(player: str, players: Sequence[str]) -> str:
    """The shortest start of the name that no other player's at the table shares."""
    for k in range(1, len(player) + 1):
        start = player[:k].casefold()
        if not any(o != player and o.casefold().startswith(start) for o in players):
            return player[:k]
    return player
