"""What people and scripts read: tables, explanations and JSON objects.

The only module that imports tabulate; it returns text and never prints.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from scorepad.core import LeagueRow, Standing, iter_outcomes, json_number, score
from scorepad.i18n import N_, _, ngettext
from scorepad.model import Deal, Outcome, Session
from scorepad.text import average, num, plural, scores_line, shown, signed, width
from scorepad.variants import get_variant

if TYPE_CHECKING:  # only the settle command needs its module
    from scorepad.settle import Settlement


def table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    fmt: str = "simple",
    right: Sequence[int] = (),
) -> str:
    """A table for people; columns whose index is in `right` are right-aligned (numbers).

    The default format is drawn here, as tabulate's "simple" draws it (a test holds them
    equal): importing tabulate costs ~75 ms, at every deal of an evening. Any other --format
    goes to tabulate."""
    if fmt == "simple":
        return simple_table(rows, headers, right)
    import tabulate

    tabulate.PRESERVE_WHITESPACE = False
    if fmt not in tabulate.tabulate_formats:
        from scorepad.errors import Problem, ScorepadError

        raise ScorepadError([Problem("--format", _("unknown table format {fmt} (formats: "
                                                   "{tabulate_formats})").format(
                                                     fmt=shown(fmt),
                                                     tabulate_formats=", ".join(
                                                         tabulate.tabulate_formats)))])
    align = tuple("right" if i in right else "left" for i in range(len(headers)))
    text: str = tabulate.tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True,
                                  colalign=align)  # fmt: skip
    return text


#: Characters that may not take one column: every other below U+0300 (Latin, "·", "é") does
#: (the soft hyphen takes none).


def simple_table(rows: Sequence[Sequence[Any]], headers: Sequence[str],
                 right: Sequence[int] = ()) -> str:  # fmt: skip
    """tabulate's "simple" format: headers, a rule of dashes, two spaces between columns,
    each column as wide as its widest cell or its header and two more."""
    cells = [[v if isinstance(v, str) else "" if v is None else str(v) for v in row]
             for row in rows]  # fmt: skip
    cells = [[v.strip() for v in row] for row in cells]
    widths = [max([width(str(h).strip()) + 2, *(width(r[i]) for r in cells if i < len(r))])
              for i, h in enumerate(headers)]  # fmt: skip
    return "\n".join(simple_lines(cells, headers, right if cells else (), widths))


def padded(values: Sequence[str], widths: Sequence[int], at_right: set[int]) -> list[str]:
    """Each cell padded to its column's width, on the left where the column is in at_right."""
    parts = []
    for i, value in enumerate(values):
        pad = " " * (widths[i] - width(value))
        parts.append(pad + value if i in at_right else value + pad)
    return parts


def simple_lines(rows: Iterable[Sequence[str]], headers: Sequence[str], right: Sequence[int],
                 widths: Sequence[int]) -> Iterator[str]:  # fmt: skip
    """The lines of a "simple" table whose column widths are known."""
    at_right = set(right)

    def line(values: Sequence[str]) -> str:
        return "  ".join(padded(values, widths, at_right)).rstrip()

    heads = [str(h).strip() for h in headers]
    yield line(heads)
    yield "  ".join("-" * w for w in widths)
    for row in rows:
        yield line(row)


# what a deal's result says (JSON keeps them; tables show them in the language)
RESULTS = (N_("made"), N_("failed"), N_("passed"), N_("cancelled"), N_("won"), N_("lost"),
           N_("draw"), N_("misère"))


def result_name(result: str) -> str:
    """A deal's result as people read it: "made", "misère" (the session file says misere)."""
    return _("misère") if result == "misere" else _(result)
JSON_SCHEMA = 1  # the shape of a deal's object; raised when a key changes meaning


def deal_object(session: Session, n: int, deal: Deal, outcome: Outcome) -> dict[str, Any]:
    variant = get_variant(session.variant)
    obj: dict[str, Any] = {"n": n, "dealer": deal.dealer}
    obj.update(variant.entry_to_raw(deal.entry))
    if deal.note:
        obj["note"] = deal.note
    obj["result"] = outcome.result
    if outcome.player_points is not None:
        obj["points"] = {p: json_number(v) for p, v in outcome.player_points.items()}
    else:
        obj["points"] = json_number(outcome.points)
    if outcome.winners:
        obj["winners"] = list(outcome.winners)
    obj["scores"] = dict(outcome.scores)
    obj["schema"] = JSON_SCHEMA
    return obj


def history_objects(session: Session) -> list[dict[str, Any]]:
    pairs = zip(session.deals, iter_outcomes(session), strict=True)
    return [deal_object(session, n, deal, outcome) for n, (deal, outcome) in enumerate(pairs, 1)]


def _history_rows(session: Session) -> Iterator[list[Any]]:
    variant = get_variant(session.variant)
    totals = dict.fromkeys(session.players, 0)
    for n, (deal, outcome) in enumerate(zip(session.deals, iter_outcomes(session), strict=True), 1):
        cells = []
        for p in session.players:
            totals[p] += outcome.scores[p]
            cells.append(f"{signed(outcome.scores[p])} ({num(totals[p])})")
        points = "" if outcome.points is None else str(json_number(outcome.points))
        what = " · ".join([variant.describe(deal.entry), *variant.marks(deal.entry, outcome)])
        yield [str(n), deal.dealer, what, result_name(outcome.result), points, *cells]


def _history_head(session: Session) -> tuple[str, list[str], list[int]]:
    variant = get_variant(session.variant)
    headers = ["#", _("dealer"), _("deal"), _("result"), _("pts"), *session.players]
    title = f"{session.heading} — " if session.heading else ""
    head = title + _("{game}, {deals} ({unit}; running totals in brackets)").format(
        game=_(variant.title), deals=plural(len(session.deals), "deal"), unit=_(variant.unit))
    return head, headers, [0, 4, *range(5, len(headers))]


def history_table(session: Session, fmt: str = "simple") -> str:
    """Every deal: who dealt, what was played, the result, each player's score (running
    total in brackets)."""
    head, headers, numbers = _history_head(session)
    return head + "\n" + table(list(_history_rows(session)), headers, fmt, numbers)


def history_lines(session: Session, fit: int | None = None) -> Iterator[str]:
    """The history in the default format, line by line, never held whole: the deals are
    scored twice (once for the columns' widths), so a season of 100,000 deals is printed
    in the memory of one line. With `fit` (a terminal's width), columns are dropped and
    abbreviated until the table fits: dealer, result and points first, then the deal,
    then each player's score (the running total stays), then the players' names."""
    head, headers, numbers = _history_head(session)
    players = len(session.players)
    fixed = len(headers) - players
    widths = [width(h) + 2 for h in headers]
    totals_only = [0] * players
    for row in _history_rows(session):
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], width(cell))
        for j in range(players):
            totals_only[j] = max(totals_only[j], width(_total_of(row[fixed + j])))
    names = list(session.players)
    keep = list(range(len(headers)))
    short = abbreviated = False
    if fit is not None:
        deal_widths: dict[tuple[str, ...], int] = {}
        for drop, short, names, abbreviated in _history_levels(session):
            keep = [i for i in range(len(headers)) if i not in drop]
            if abbreviated and tuple(names) not in deal_widths:
                words = _deal_words(session, names)
                deal_widths[tuple(names)] = max([width(headers[2]) + 2, *(
                    width(_abbreviate(row[2], words)) for row in _history_rows(session))])
            used = [max(width(names[i - fixed]) + 2, totals_only[i - fixed]) if short and
                    i >= fixed else deal_widths[tuple(names)] if abbreviated and i == 2 else
                    widths[i] if i < fixed else
                    max(width(names[i - fixed]) + 2, widths[i]) for i in keep]  # fmt: skip
            if sum(used) + 2 * (len(keep) - 1) <= fit:
                break
    heads = [headers[i] if i < fixed else names[i - fixed] for i in keep]
    sized = [widths[i] if i < fixed else max(width(names[i - fixed]) + 2,
                                               totals_only[i - fixed] if short else widths[i])
             for i in keep]  # fmt: skip
    words = _deal_words(session, names) if abbreviated else {}
    if abbreviated:
        sized[keep.index(2)] = max([width(headers[2]) + 2, *(
            width(_abbreviate(row[2], words)) for row in _history_rows(session))])

    def rows() -> Iterator[list[str]]:
        for row in _history_rows(session):
            yield [_total_of(row[i]) if short and i >= fixed else
                   _abbreviate(row[i], words) if abbreviated and i == 2 else row[i]
                   for i in keep]  # fmt: skip

    if short:
        head = head.replace(_("running totals in brackets"), _("running totals"))
    if fit is not None and width(head) > fit:
        variant = get_variant(session.variant)
        head = next((h for h in (head.split(" — ")[-1],
                                 f"{plural(len(session.deals), 'deal')} ({_(variant.unit)})")
                     if width(h) <= fit), head)  # fmt: skip
    yield head
    yield from simple_lines(rows(), heads, [k for k, i in enumerate(keep) if i in numbers],
                            sized)  # fmt: skip
    if names != list(session.players):  # abbreviated: say who is who
        yield from _wrapped([f"{a} {p}" for a, p in zip(names, session.players, strict=True)],
                            "  ", fit)  # fmt: skip


def _total_of(cell: str) -> str:
    """The running total of a history cell "+186 (186)"."""
    return cell[cell.index("(") + 1:-1] if cell.endswith(")") else cell


def _history_levels(session: Session) -> Iterator[tuple[set[int], bool, list[str], bool]]:
    """(columns dropped, running totals only, the players' names, the deal abbreviated),
    from the full table to the narrowest: names and contracts are shortened before the deal
    column goes, since it is what tells the rows apart."""
    names = list(session.players)
    cuts = [cut for cut in ([n[:size] for n in names] for size in (5, 3))
            if len(set(cut)) == len(cut)]
    yield set(), False, names, False
    yield {1, 3, 4}, False, names, False
    yield {1, 3, 4}, True, names, False
    for cut in cuts:
        yield {1, 3, 4}, True, cut, False
    for cut in cuts[-1:]:
        yield {1, 3, 4}, True, cut, True
    yield {1, 2, 3, 4}, True, names, False
    for cut in cuts:
        yield {1, 2, 3, 4}, True, cut, False
    markers = chart_markers(names)
    yield {1, 2, 3, 4}, True, [markers[n] for n in names], False


def _deal_words(session: Session, names: Sequence[str]) -> dict[str, str]:
    """Words of a deal's description and their short forms: the players' names as in the
    columns, the contracts and bids as typed at the table (garde-sans: gs)."""
    from scorepad.variants import short_answers

    words = dict(zip(session.players, names, strict=True))
    for field in get_variant(session.variant).fields:
        if field.choices and field.key in ("contract", "bid"):
            shorts = short_answers(field.choices, dict(field.aliases))
            for choice, short in zip(field.choices, shorts, strict=True):
                words.setdefault(choice, short)
                words.setdefault(_(choice), short)
    return words


def _abbreviate(text: str, words: Mapping[str, str]) -> str:
    """A deal's description with its names and contracts shortened, its marks left out."""
    what = text.split(" · ")[0]
    return re.sub(r"[^\s+]+", lambda m: words.get(m.group(0), m.group(0)), what)


def fitted_table(rows: Sequence[Sequence[Any]], headers: Sequence[str], right: Sequence[int],
                 fit: int | None, drop_order: Sequence[int]) -> str:  # fmt: skip
    """A "simple" table within `fit` columns: the columns of `drop_order` go first."""
    keep = list(range(len(headers)))
    cells = [[v if isinstance(v, str) else "" if v is None else str(v) for v in row]
             for row in rows]  # fmt: skip
    drops = list(drop_order)
    while True:
        text = simple_table([[r[i] for i in keep] for r in cells], [headers[i] for i in keep],
                            [k for k, i in enumerate(keep) if i in right])  # fmt: skip
        if fit is None or not drops or max(width(line) for line in text.splitlines()) <= fit:
            return text
        keep.remove(drops.pop(0))


def standings_object(variant_name: str, deals: int, rows: Sequence[Standing]) -> dict[str, Any]:
    players = []
    for row in rows:
        obj: dict[str, Any] = {"name": row.name, "total": row.total, "rank": row.rank,
                               "deals": row.deals}  # fmt: skip
        if get_variant(variant_name).has_declarer:
            obj.update(declarer=row.declarer, made=row.made, failed=row.failed)
        else:
            obj["won"] = row.won
        obj["best"] = row.best
        players.append(obj)
    return {"variant": variant_name, "deals": deals, "players": players}


def standings_table(variant_name: str, rows: Sequence[Standing], fmt: str = "simple",
                    fit: int | None = None) -> str:  # fmt: skip
    """The standings; with `fit` (a terminal's width) the least needed columns go first."""
    if get_variant(variant_name).has_declarer:
        headers = [_("rank"), _("player"), _("total"), _("deals"), _("declarer"), _("made"),
                   _("failed"), _("best deal")]
        data = [[r.rank, r.name, signed(r.total), r.deals, r.declarer, r.made, r.failed,
                 signed(r.best)] for r in rows]  # fmt: skip
        drop = [5, 6, 4, 7, 3]
    else:
        headers = [_("rank"), _("player"), _("total"), _("deals"), _("won"), _("best deal")]
        data = [[r.rank, r.name, r.total, r.deals, r.won, r.best] for r in rows]
        drop = [5, 4, 3]
    right = [0, *range(2, len(headers))]
    if fmt == "simple" and fit is not None:
        return fitted_table(data, headers, right, fit, drop)
    return table(data, headers, fmt, right)


def explain_deal(session: Session, n: int, deal: Deal, outcome: Outcome) -> str:
    variant = get_variant(session.variant)
    lines = [_("deal {n}, dealt by {dealer}: {what}").format(
        n=n, dealer=deal.dealer, what=variant.describe(deal.entry))]
    if deal.note:
        lines.append(_("note: {note}").format(note=deal.note))
    lines.extend("  " + line for line in outcome.explain)
    return "\n".join(lines)


def edit_lines(session: Session, updated: Session, n: int) -> str:
    """Deal n as edited, its arithmetic, and every player's score before and after."""
    before = score(session, session.deals[n - 1])
    after = score(updated, updated.deals[n - 1])
    return "\n".join([explain_deal(updated, n, updated.deals[n - 1], after),
                      _("before: {scores}").format(scores=scores_line(before.scores)),
                      _("after: {scores}").format(scores=scores_line(after.scores))])


def by_deal_table(sessions: Sequence[Session], fmt: str = "simple") -> str:
    """Running totals after every deal, one column per player, over the sessions in order."""
    names: dict[str, str] = {}
    for session in sessions:
        for p in session.players:
            names.setdefault(p.casefold(), p)
    totals = dict.fromkeys(names, 0)
    rows = []
    for i, session in enumerate(sessions, 1):
        for n, outcome in enumerate(iter_outcomes(session), 1):
            for player, value in outcome.scores.items():
                totals[player.casefold()] += value
            label = f"{i}.{n}" if len(sessions) > 1 else str(n)
            rows.append([label, *(num(totals[k]) for k in names)])
    return table(rows, [_("after deal"), *names.values()], fmt, range(len(names) + 1))


EXPORT_FIXED = 7  # columns before the players'
EXPORT_BATCH = 500  # CSV rows written at a time: a season is never held whole


EXPORT_HEADERS = (N_("deal"), N_("dealer"), N_("game"), N_("contract"), N_("declarer"),
                  N_("result"), N_("points"))


def export_headers(session: Session, *, in_language: bool = False) -> list[str]:
    """The columns: in English for scripts, or in the language for people (Excel, markdown)."""
    fixed = [_(h) for h in EXPORT_HEADERS] if in_language else list(EXPORT_HEADERS)
    return [*fixed, *session.players]


def export_rows(session: Session, *, in_language: bool = False) -> Iterator[list[Any]]:
    """One row per deal, one column per player: for spreadsheets and club pages. The
    contract (Troggu: the bid) and the declarer have columns of their own. Rows are made
    as they are read, none kept. One language per file: English words (the session file's
    own) for scripts, or every word in the language for people."""
    from scorepad import i18n

    variant = get_variant(session.variant)
    pairs = zip(session.deals, iter_outcomes(session), strict=True)
    for n, (deal, outcome) in enumerate(pairs, 1):
        raw = variant.entry_to_raw(deal.entry)
        contract = raw.get("contract") or raw.get("bid") or ""
        if in_language:
            game, result = variant.describe(deal.entry), result_name(outcome.result)
            contract = result_name(contract) if contract else ""
        else:
            with i18n.speaking("en"):
                game, result = variant.describe(deal.entry), outcome.result
        yield [n, deal.dealer, game, contract, outcome.declarer or "", result,
               json_number(outcome.points), *(outcome.scores[p] for p in session.players)]


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: one starting like a formula (=, +, -, @, a tab or
    a carriage return) and not a number gets a leading apostrophe."""
    if not isinstance(value, str) or not value or value[0] not in "=+-@\t\r":
        return value
    try:
        float(value)
        return value
    except ValueError:
        return "'" + value


def export(session: Session, to: str, *, excel: bool = False) -> str:
    return "".join(export_chunks(session, to, excel=excel))


def export_chunks(session: Session, to: str, *, excel: bool = False,
                  bom: bool = True) -> Iterator[str]:  # fmt: skip
    """The export as pieces of text, made while the deals are read: 100,000 deals are
    written in the memory of a few hundred. Plain CSV and JSON are in English (for
    scripts); an Excel CSV and markdown are for people, in the language."""
    if to == "json":  # the very objects of `history --json`: same keys for the same things
        yield from _json_chunks(session)
    elif to == "csv":
        yield from _csv_chunks(session, excel, bom)
    else:
        yield from _markdown_chunks(session)


def _json_chunks(session: Session) -> Iterator[str]:
    """json.dumps(history_objects(session), indent=2), one deal at a time."""
    import json

    pairs = zip(session.deals, iter_outcomes(session), strict=True)
    opening = "[\n"
    for n, (deal, outcome) in enumerate(pairs, 1):
        text = json.dumps(deal_object(session, n, deal, outcome), ensure_ascii=False, indent=2)
        yield opening + "  " + text.replace("\n", "\n  ")  # JSON strings hold no raw newline
        opening = ",\n"
    yield "[]\n" if opening == "[\n" else "\n]\n"


def _csv_chunks(session: Session, excel: bool, bom: bool = True) -> Iterator[str]:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # Excel reads a CSV file as UTF-8 (Chloé, 大輔) only when it starts with a BOM
    yield "\ufeff" if excel and bom else ""
    writer.writerow([csv_cell(h) for h in export_headers(session, in_language=excel)])
    for i, row in enumerate(export_rows(session, in_language=excel), 1):
        writer.writerow([csv_cell("" if v is None else v) for v in row])
        if i % EXPORT_BATCH == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def _markdown_chunks(session: Session) -> Iterator[str]:
    """A GitHub table with a totals row; the deals are scored twice (once for the widths)."""
    headers = export_headers(session, in_language=True)
    k = EXPORT_FIXED
    right = [0, 6, *range(k, len(headers))]

    def rows() -> Iterator[list[str]]:
        totals = [0] * len(session.players)
        for row in export_rows(session, in_language=True):
            for i in range(len(totals)):
                totals[i] += row[k + i]
            yield [str(v).strip() if v is not None else "" for v in row]
        yield ["", "", _("total"), "", "", "", "", *(str(t) for t in totals)]

    widths = [width(h) + 2 for h in headers]
    for row in rows():
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], width(cell))
    if session.heading:
        yield f"## {session.heading}\n\n"
    for line in github_lines(rows(), headers, right, widths):
        yield line + "\n"


def github_lines(rows: Iterable[Sequence[str]], headers: Sequence[str], right: Sequence[int],
                 widths: Sequence[int]) -> Iterator[str]:  # fmt: skip
    """The lines of tabulate's "github" table whose column widths are known."""
    at_right = set(right)

    def line(values: Sequence[str]) -> str:
        return "| " + " | ".join(padded(values, widths, at_right)) + " |"

    yield line([str(h).strip() for h in headers])
    yield "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    for row in rows:
        yield line(row)


def github_table(rows: Sequence[Sequence[Any]], headers: Sequence[str],
                 right: Sequence[int] = ()) -> str:  # fmt: skip
    """tabulate's "github" format, drawn here (a test holds them equal)."""
    cells = [[(v if isinstance(v, str) else "" if v is None else str(v)).strip() for v in row]
             for row in rows]  # fmt: skip
    widths = [max([width(str(h).strip()) + 2, *(width(r[i]) for r in cells if i < len(r))])
              for i, h in enumerate(headers)]  # fmt: skip
    return "\n".join(github_lines(cells, headers, right if cells else (), widths))


MARKERS = "*+o#x@%&"


def chart_markers(players: Sequence[str]) -> dict[str, str]:
    """One ASCII letter per player (the initial when it is unique), else a symbol."""
    initials = [p[:1].upper() for p in players]
    result, symbols = {}, iter(MARKERS)
    for p, letter in zip(players, initials, strict=True):
        unique = letter.isascii() and letter.isalpha() and initials.count(letter) == 1
        result[p] = letter if unique else next(symbols)
    return result


def chart_samples(deals: int, width: int) -> list[int]:
    """The deals after which the chart shows the totals: all of them when they fit in
    `width` columns, else `width` evenly spaced ones (and always the last)."""
    if deals <= width:
        return list(range(deals + 1))
    return [round(i * deals / width) for i in range(width + 1)]


def chart(session: Session, height: int = 12, most: int = 64, fit: int | None = None) -> str:
    """The running totals of every player, deal by deal, drawn in text with a legend.

    A long session is drawn from evenly spaced deals (never more than `most` columns), so
    100,000 deals cost the memory of 64 columns; `fit` is the terminal's width, which the
    drawing and the legend keep within."""
    columns_at_most = most if fit is None else max(8, min(most, fit - 12))
    players = session.players
    deals = len(session.deals)
    samples = chart_samples(deals, columns_at_most)
    series: dict[str, list[int]] = {p: [0] for p in players}
    totals = dict.fromkeys(players, 0)
    wanted = iter(samples[1:])
    target = next(wanted, None)
    for n, outcome in enumerate(iter_outcomes(session), 1):
        for player, value in outcome.scores.items():
            totals[player] += value
        if n == target:
            for p in players:
                series[p].append(totals[p])
            target = next(wanted, None)
    values = [v for s in series.values() for v in s]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    segments = len(samples) - 1
    step = max(1, min(6, columns_at_most // max(segments, 1)))
    columns = segments * step + 1
    grid = [[" "] * columns for _row in range(height)]

    def row(value: float) -> int:
        return round((hi - value) / (hi - lo) * (height - 1))

    if lo <= 0 <= hi:
        grid[row(0)] = ["·"] * columns
    markers = chart_markers(players)
    for p in players:
        points = series[p]
        for d in range(segments):  # the line from one point to the next
            a, b = points[d], points[d + 1]
            for k in range(step + 1):
                grid[row(a + (b - a) * k / step)][d * step + k] = markers[p]
    labels = {row(hi): num(hi), row(lo): num(lo)}
    if lo <= 0 <= hi:
        labels.setdefault(row(0), "0")
    pad = max(len(v) for v in labels.values())
    lines = [f"{labels.get(i, ''):>{pad}} ┤{''.join(cells)}" for i, cells in enumerate(grid)]
    axis = [" "] * (columns + 8)
    every = max(1, (segments + 7) // 8)
    for d in range(0, segments + 1, every):
        label = str(samples[d])
        at = d * step
        if all(ch == " " for ch in axis[max(0, at - 1):at + len(label) + 1]):
            axis[at:at + len(label)] = label
    lines.append(f"{'':>{pad}} └{'─' * columns}")
    numbers = f"{'':>{pad}}  {''.join(axis).rstrip()}"
    label = "  " + _("deals")
    if fit is None or width(numbers + label) <= fit:
        numbers += label
    lines.append(numbers if fit is None else numbers[:fit].rstrip())
    legend = [f"{markers[p]} {p} ({signed(totals[p])})" for p in players]
    lines.extend(_wrapped(legend, "   ", fit))
    return "\n".join(lines)


def _wrapped(items: Sequence[str], sep: str, fit: int | None) -> list[str]:
    """Items on as few lines as fit in `fit` columns (one line when fit is None)."""
    if fit is None:
        return [sep.join(items)]
    lines: list[str] = []
    for item in items:
        if lines and width(lines[-1]) + len(sep) + width(item) <= fit:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


# --- the season and settling up ---------------------------------------------------------------

def session_label(session: Session, fallback: str) -> str:
    """A session's column in a league table: its date, else its title, else the file."""
    return session.date or session.title or fallback


def league_table(labels: Sequence[str], rows: Sequence[LeagueRow], fmt: str = "simple") -> str:
    headers = [_("rank"), _("player"), *labels, _("sessions"), _("deals"), _("total"),
               _("average")]
    data = [[r.rank if r.rank is not None else "–", r.name,
             *("" if c is None else signed(c) for c in r.by_session),
             r.sessions, r.deals, signed(r.total), average(r.average)] for r in rows]  # fmt: skip
    return table(data, headers, fmt, [0, *range(2, len(headers))])


def league_object(variant_name: str, labels: Sequence[str], rows: Sequence[LeagueRow],
                  rank_by: str, min_deals: int) -> dict[str, Any]:  # fmt: skip
    return {
        "variant": variant_name, "rank_by": rank_by, "min_deals": min_deals,
        "sessions": list(labels),
        "players": [{"name": r.name, "rank": r.rank, "by_session": list(r.by_session),
                     "sessions": r.sessions, "deals": r.deals, "total": r.total,
                     "average": json_number(r.average)} for r in rows],
    }  # fmt: skip


def money(amount: Decimal, currency: str) -> str:
    """"3.40 €", "−2 chips": an amount as people read it."""
    text = num(amount) if amount == amount.to_integral_value() and not currency else \
        format(amount, "f").replace("-", "−")
    return f"{text} {currency}".strip()


UNITS = {"points": "point", "chips": "chip", "deals won": "deal won"}


def amount_of(amount: Decimal, unit: str) -> str:
    """"1 point", "398 points", "2 chips", "3 deals won": an amount in the game's unit, in
    the language (a fraction takes the plural)."""
    from scorepad.text import PLURALS

    count = int(amount) if amount == amount.to_integral_value() else 2
    return PLURALS[UNITS[unit]](abs(count)).format(n=num(amount))


def settle_lines(settlement: Settlement, currency: str, unit: str | None = None) -> list[str]:
    """The payments as sentences: in money (`currency`, maybe ""), or without a rate in the
    game's own `unit` ("points", "chips", "deals won")."""
    lines = [_payment_line(p, currency, unit) for p in settlement.payments] \
        or [_("nobody owes anything")]
    for player, step in settlement.rounding:
        lines.append(_("rounding: {player} {amount} ({exact} rounded to whole cents, so that "
                       "the payments add up)").format(
            player=player, amount=("+" if step > 0 else "−") + money(abs(step), currency),
            exact=num(settlement.exact[player])))
    return lines


def _payment_line(p: Any, currency: str, unit: str | None) -> str:
    if unit is None or p.amount != p.amount.to_integral_value():
        return _("{payer} pays {payee} {amount}").format(
            payer=p.payer, payee=p.payee, amount=money(p.amount, currency or (unit or "")))
    n = int(p.amount)
    if unit == "deals won":
        return ngettext("{payer} pays {payee} for {n} deal won more",
                        "{payer} pays {payee} for {n} deals won more", n).format(
            payer=p.payer, payee=p.payee, n=n)
    amount = amount_of(p.amount, unit) if unit in UNITS else money(p.amount, unit)
    return _("{payer} pays {payee} {amount}").format(payer=p.payer, payee=p.payee, amount=amount)


def settle_object(settlement: Settlement, unit: str, currency: str,
                  basis: str = "totals") -> dict[str, Any]:  # fmt: skip
    """`basis`: "totals" (zero-sum), or "difference" (Piedmont: the player behind pays the
    difference of the totals, or of the deals won)."""
    return {
        "unit": unit, "basis": basis, "rate": json_number(settlement.rate), "currency": currency,
        "balances": {p: json_number(x) for p, x in settlement.balances.items()},
        "payments": [{"from": p.payer, "to": p.payee, "amount": json_number(p.amount)}
                     for p in settlement.payments],
        "rounding": [{"player": p, "amount": json_number(x)} for p, x in settlement.rounding],
    }  # fmt: skip
