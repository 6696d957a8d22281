"""A session's deals for people and scripts: the history, one deal explained, a deal's JSON
object, what an edit changed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from json.encoder import encode_basestring
from typing import Any

from scorepad.core import Entered
from scorepad.i18n import N_, _
from scorepad.model import Deal, Outcome, Penalty, Session
from scorepad.penalties import moved, recorded_after
from scorepad.render.chart import chart_markers
from scorepad.render.grid import grid, wrapped
from scorepad.scores import iter_outcomes, score
from scorepad.text import json_number, num, plural, scores_line, signed, width
from scorepad.variants import get_variant
from scorepad.variants.base import Variant
from scorepad.variants.reader import short_answers

# what a deal's result says (JSON keeps them; tables show them in the language)
RESULTS = (
    N_("made"),
    N_("failed"),
    N_("passed"),
    N_("cancelled"),
    N_("won"),
    N_("lost"),
    N_("draw"),
    N_("misère"),
)


def result_name(result: str) -> str:
    """A deal's result as people read it: "made", "misère" (the session file says misere)."""
    return _("misère") if result == "misere" else _(result)


def what_happened(variant: Variant, deal: Deal, outcome: Outcome) -> str:
    """ "garde Bruno, made": what was played and how it went, as a line about one deal says."""
    what = variant.describe(deal.entry)
    if deal.redealt:  # "pass", not "pass, passed"
        return what
    return _("{what}, {result}").format(what=what, result=result_name(outcome.result))


JSON_SCHEMA = 1  # the shape of a deal's object; raised when a key changes meaning

#: a player's cell in a deal they sat out: never a played 0
OUT = "·"


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
    seating = session.seating(n)
    obj["out"] = list(seating.out) if seating is not None else []
    obj["scores"] = dict(outcome.scores)
    obj["schema"] = JSON_SCHEMA
    return obj


def history_json(session: Session, batch_size: int = 500) -> Iterator[str]:
    """json.dumps([every deal's `deal_object`], ensure_ascii=False, indent=2): `history
    --json` and `export --to json`, `batch_size` deals at a time (a season is never one
    text)."""
    pairs = zip(session.deals, iter_outcomes(session), strict=True)
    opening, batch = "[\n  ", []
    for n, (deal, outcome) in enumerate(pairs, 1):
        batch.append(json_text(deal_object(session, n, deal, outcome), "\n  "))
        if len(batch) == batch_size or n == len(session.deals):
            yield opening + ",\n  ".join(batch)
            opening, batch = ",\n  ", []
    yield "[]\n" if opening == "[\n  " else "\n]\n"


def json_text(value: Any, pad: str = "\n") -> str:
    """`json.dumps(value, ensure_ascii=False, indent=2)` of a deal's object (text keys; `pad`:
    a new line and the indent it is at), in about half the time: the standard library writes
    an indented text with its pure-Python encoder."""
    kind = value.__class__
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    inner = pad + "  "
    if kind is dict:
        items = [f"{inner}{encode_basestring(k)}: {_json_item(v, inner)}" for k, v in value.items()]
        return "{" + ",".join(items) + pad + "}" if items else "{}"
    if kind is list or kind is tuple:
        items = [inner + _json_item(v, inner) for v in value]
        return "[" + ",".join(items) + pad + "]" if items else "[]"
    return json.dumps(value)  # true, false, null, a fraction of a point


def _json_item(value: Any, pad: str) -> str:
    """A value inside a list or an object: text and whole numbers at once (most of them)."""
    return encode_basestring(value) if value.__class__ is str else json_text(value, pad)


def history_rows(session: Session) -> Iterator[list[Any]]:
    """The history's rows, one per deal: number, dealer, the deal in words, result, points,
    then each player's score and running total (· where they sat out, "" where not on
    the roster)."""
    variant = get_variant(session.variant)
    totals = dict.fromkeys(session.players, 0)
    seatings = None if session.fixed else session.seating_plan().deals
    recorded = recorded_after(session)
    yield from _penalty_rows(session, recorded.get(0, ()), totals)
    for n, (deal, outcome) in enumerate(zip(session.deals, iter_outcomes(session), strict=True), 1):
        cells = []
        out = () if seatings is None else seatings[n - 1].out
        for p in session.players:
            value = outcome.scores.get(p)
            if value is None:  # sat out (·, the running total carries on), or not on the roster
                cells.append(f"{OUT} ({num(totals[p])})" if p in out else "")
                continue
            totals[p] += value
            cells.append(f"{signed(value)} ({num(totals[p])})")
        points = "" if outcome.points is None else str(json_number(outcome.points))
        what = " · ".join([variant.describe(deal.entry), *variant.marks(deal.entry, outcome)])
        yield [str(n), deal.dealer, what, result_name(outcome.result), points, *cells]
        yield from _penalty_rows(session, recorded.get(n, ()), totals)


def _penalty_rows(
    session: Session, recorded: Sequence[Penalty], totals: dict[str, int]
) -> Iterator[list[Any]]:
    """A row for each penalty `recorded` after one deal (0: before any), no number nor dealer:
    what it moved for each player concerned, the running totals carried on."""
    for penalty in recorded:
        cells = []
        paid = moved(session, penalty)
        for p in session.players:
            if p in paid:
                totals[p] += paid[p]
                cells.append(f"{signed(paid[p])} ({num(totals[p])})")
            else:
                cells.append("")
        what = (_("penalty {name}, alone") if penalty.alone else _("penalty {name}")).format(
            name=penalty.player
        )
        yield ["", "", what, "", str(penalty.points), *cells]


def _history_head(session: Session) -> tuple[str, list[str], list[int]]:
    variant = get_variant(session.variant)
    headers = ["#", _("dealer"), _("deal"), _("result"), _("pts"), *session.players]
    title = f"{session.heading} — " if session.heading else ""
    head = title + _("{game}, {deals} ({unit}; running totals in brackets)").format(
        game=_(variant.title), deals=plural(len(session.deals), "deal"), unit=_(variant.unit)
    )
    return head, headers, [0, 4, *range(5, len(headers))]


def history_grid(session: Session, fmt: str = "simple") -> str:
    """Every deal: who dealt, what was played, the result, each player's score (running
    total in brackets)."""
    head, headers, numbers = _history_head(session)
    return head + "\n" + grid(list(history_rows(session)), headers, fmt, numbers)


def history_lines(session: Session, fit: int | None = None) -> Iterator[str]:
    """The history in the default format, line by line. With `fit` (a terminal's width),
    columns are dropped and abbreviated until the grid fits: dealer, result and points first,
    then the deal, then each player's score (the running total stays), then the players'
    names."""
    head, headers, numbers = _history_head(session)
    fixed = len(headers) - len(session.players)
    every = list(history_rows(session))
    names = list(session.players)
    keep = list(range(len(headers)))
    short = abbreviated = False
    if fit is not None:  # the columns' widths as tabulate lays them: the cells', headers' + 2
        widths = [width(h) + 2 for h in headers]
        totals_only = [0] * len(names)
        for row in every:
            for i, cell in enumerate(row):
                widths[i] = max(widths[i], width(cell))
            for j in range(len(names)):
                totals_only[j] = max(totals_only[j], width(_total_of(row[fixed + j])))
        deal_widths: dict[tuple[str, ...], int] = {}
        for drop, short, names, abbreviated in _history_levels(session):
            keep = [i for i in range(len(headers)) if i not in drop]
            if abbreviated and tuple(names) not in deal_widths:
                words = _deal_words(session, names)
                deal_widths[tuple(names)] = max(
                    [width(headers[2]) + 2, *(width(_abbreviate(row[2], words)) for row in every)]
                )
            used = [
                max(width(names[i - fixed]) + 2, totals_only[i - fixed])
                if short and i >= fixed
                else deal_widths[tuple(names)]
                if abbreviated and i == 2
                else widths[i]
                if i < fixed
                else max(width(names[i - fixed]) + 2, widths[i])
                for i in keep
            ]
            if sum(used) + 2 * (len(keep) - 1) <= fit:
                break
    heads = [headers[i] if i < fixed else names[i - fixed] for i in keep]
    words = _deal_words(session, names) if abbreviated else {}
    rows = [
        [
            _total_of(row[i])
            if short and i >= fixed
            else _abbreviate(row[i], words)
            if abbreviated and i == 2
            else row[i]
            for i in keep
        ]
        for row in every
    ]
    if short:
        head = head.replace(_("running totals in brackets"), _("running totals"))
    if fit is not None and width(head) > fit:
        variant = get_variant(session.variant)
        head = next(
            (
                h
                for h in (
                    head.split(" — ")[-1],
                    f"{plural(len(session.deals), 'deal')} ({_(variant.unit)})",
                )
                if width(h) <= fit
            ),
            head,
        )
    yield head
    right = [k for k, i in enumerate(keep) if i in numbers]
    yield from grid(rows, heads, "simple", right).split("\n")
    if names != list(session.players):  # abbreviated: say who is who
        yield from wrapped(
            [f"{a} {p}" for a, p in zip(names, session.players, strict=True)], "  ", fit
        )


def _total_of(cell: str) -> str:
    """The running total of a history cell "+186 (186)"; of a deal sat out "· (186)", the
    total marked "·186" (never read as a played 0)."""
    if not cell.endswith(")"):
        return cell
    total = cell[cell.index("(") + 1 : -1]
    return OUT + total if cell.startswith(OUT) else total


def _history_levels(session: Session) -> Iterator[tuple[set[int], bool, list[str], bool]]:
    """(columns dropped, running totals only, the players' names, the deal abbreviated),
    from the full grid to the narrowest: names and contracts are shortened before the deal
    column goes, since it is what tells the rows apart."""
    names = list(session.players)
    cuts = [
        cut for cut in ([n[:size] for n in names] for size in (5, 3)) if len(set(cut)) == len(cut)
    ]
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


def explain_deal(session: Session, n: int, deal: Deal, outcome: Outcome) -> str:
    variant = get_variant(session.variant)
    lines = [
        _("deal {n}, dealt by {dealer}: {what}").format(
            n=n, dealer=deal.dealer, what=variant.describe(deal.entry)
        )
    ]
    seating = session.seating(n)
    if seating is not None and seating.out:
        lines.append(sitting_out(seating))
    if deal.note:
        lines.append(_("note: {note}").format(note=deal.note))
    lines.extend("  " + line for line in outcome.explain)
    return "\n".join(lines)


def next_deal_line(session: Session) -> str:
    """ "deal 3, Chloé deals", "deal 3, Chloé deals and sits out": the deal about to be
    entered, as the rule seats it."""
    n = len(session.deals) + 1
    p = None if session.fixed else session.seating_plan().next
    if p is None or not p.out:
        dealer = session.next_dealer() if p is None else p.dealer
        return _("deal {n}, {dealer} deals").format(n=n, dealer=dealer)
    if p.out == (p.dealer,):
        return _("deal {n}, {dealer} deals and sits out").format(n=n, dealer=p.dealer)
    return _("deal {n}, {dealer} deals; {out}").format(n=n, dealer=p.dealer, out=sitting_out(p))


def sitting_out(seating: Any) -> str:
    """ "Chloé deals and sits out", "sitting out: Chloé (dealer), Fumiko"."""
    out = seating.out
    if out == (seating.dealer,):
        return _("{dealer} deals and sits out").format(dealer=seating.dealer)
    names = [_("{name} (dealer)").format(name=p) if p == seating.dealer else p for p in out]
    return _("sitting out: {names}").format(names=_(", ").join(names))


def edit_lines(session: Session, edited: Entered) -> str:
    """A deal as edited (`edited`, from `session`), its arithmetic, and every player's score
    before and after."""
    n = edited.n
    before = score(session, session.deals[n - 1], n)
    return "\n".join(
        [
            explain_deal(edited.session, n, edited.deal, edited.outcome),
            _("before: {scores}").format(scores=scores_line(before.scores)),
            _("after: {scores}").format(scores=scores_line(edited.outcome.scores)),
        ]
    )


def session_label(session: Session, fallback: str) -> str:
    """A session's column in the league grid: its date, else its title, else the file."""
    return session.date or session.title or fallback
