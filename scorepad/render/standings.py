"""Standings, the season's league, and settling up: text grids and JSON objects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorepad.i18n import _, ngettext
from scorepad.model import Session
from scorepad.penalties import by_deal
from scorepad.ranking import Standing
from scorepad.render.grid import grid, widest, wrapped
from scorepad.render.standing_columns import JSON, TERMINAL, drop_order, standing_columns
from scorepad.scores import iter_outcomes
from scorepad.text import PLURALS, average, json_number, num, people, signed, width

if TYPE_CHECKING:  # only the settle command needs its module, and --league its own
    from scorepad.league import LeagueRow
    from scorepad.settle import Settlement


def standings_object(variant_name: str, deals: int, rows: Sequence[Standing]) -> dict[str, Any]:
    """`standings --json`: the spec's columns (`standing_columns`) by their keys, each player's
    "name" and "total" first."""
    columns = standing_columns(variant_name, JSON)
    columns.sort(key=lambda c: c.key not in ("name", "total"))  # stable: the rest in order
    players = [{c.key: c.cell_in(JSON, row) for c in columns} for row in rows]
    return {"variant": variant_name, "deals": deals, "players": players}


def standings_grid(
    variant_name: str,
    rows: Sequence[Standing],
    fmt: str = "simple",
    fit: int | None = None,
    *,
    by_average: bool = False,
) -> str:
    """The standings (the spec's columns, `standing_columns`); with `fit` (a terminal's width)
    the least needed columns go first. Where anybody sat out, "deals" is "played", beside
    "out" and the average per deal played (`by_average`: always)."""
    sat_out = by_average or any(r.out for r in rows)
    penalised = any(r.penalties for r in rows)
    columns = standing_columns(variant_name, TERMINAL, sat_out=sat_out, penalised=penalised)
    headers = [_(c.heading_in(TERMINAL)) for c in columns]
    data = [[c.cell_in(TERMINAL, r) for c in columns] for r in rows]
    right = [i for i, c in enumerate(columns) if c.key != "name"]
    return grid(data, headers, fmt, right, fit, drop_order(columns))


def by_deal_grid(sessions: Sequence[Session], fmt: str = "simple") -> str:
    """Running totals after every deal, one column per player, over the sessions in order."""

    keys, names = people(s.players for s in sessions)  # one person whatever case and accents
    totals = dict.fromkeys(names, 0)
    rows = []
    for i, (session, key_of) in enumerate(zip(sessions, keys, strict=True), 1):
        paid = by_deal(session)  # penalties: in the running totals after their deal
        for player, value in paid.get(0, {}).items():
            totals[key_of[player]] += value
        for n, outcome in enumerate(iter_outcomes(session), 1):
            for player, value in outcome.scores.items():
                totals[key_of[player]] += value
            for player, value in paid.get(n, {}).items():
                totals[key_of[player]] += value
            label = f"{i}.{n}" if len(sessions) > 1 else str(n)
            rows.append([label, *(num(totals[k]) for k in names)])
    return grid(rows, [_("after deal"), *names.values()], fmt, range(len(names) + 1))


def league_labels(files: Sequence[Any], sessions: Sequence[Session]) -> list[str]:
    """Each session's column in the league grid, told apart: its file's name (else its title),
    then its date; files named alike in different folders (`round-1/table-1`,
    `round-2/table-1`) by their folder too, and any still alike by their place."""

    paths = [Path(f) for f in files]
    names = [p.stem or s.title for s, p in zip(sessions, paths, strict=True)]

    def labelled() -> list[str]:
        return [" ".join(x for x in (n, s.date) if x) for n, s in zip(names, sessions, strict=True)]

    labels = labelled()
    times = Counter(labels)
    if len(times) < len(labels):
        names = [
            f"{p.parent.name}/{n}" if times[x] > 1 and n == p.stem and p.parent.name else n
            for n, p, x in zip(names, paths, labels, strict=True)
        ]
        labels = labelled()
        times = Counter(labels)
    nth: Counter[str] = Counter()
    told = []
    for x in labels:
        if times[x] > 1:
            nth[x] += 1
            x = f"{x} ({nth[x]})"
        told.append(x)
    return told


def league_columns(
    labels: Sequence[str], rounds: Sequence[tuple[object, int, str] | None]
) -> list[tuple[str, list[int]]]:
    """The league grid's columns, each its heading and the sessions it adds up: a session
    alone under its label, and a tournament's round (`rounds`, each session's tournament,
    round number and date, None for a session of no tournament) as one column: "R2", or the
    round's date where the files hold several tournaments (with its number where two rounds
    share a date)."""
    tournaments = {r[0] for r in rounds if r is not None}
    dates = Counter(r[2] for r in {r for r in rounds if r is not None})
    columns: list[tuple[str, list[int]]] = []
    at: dict[tuple[object, int, str], int] = {}
    for i, (label, round_) in enumerate(zip(labels, rounds, strict=True)):
        if round_ is None:
            columns.append((label, [i]))
            continue
        if round_ not in at:
            _folder, n, date = round_
            head = _("R{n}").format(n=n)
            if len(tournaments) > 1 and date:
                head = date if dates[date] == 1 else f"{date} {head}"
            at[round_] = len(columns)
            columns.append((head, []))
        columns[at[round_]][1].append(i)
    return columns


def league_lines(
    columns: Sequence[tuple[str, Sequence[int]]],
    rows: Sequence[LeagueRow],
    fmt: str = "simple",
    fit: int | None = None,
) -> list[str]:
    """The league grid: rank, player, a column per session or tournament round
    (`league_columns`), sessions, deals, total, average. With `fit` (a terminal's width) it
    never grows wider: the columns' headings are numbered (and said below), then the oldest
    columns step aside (their scores stay in the total), then the sessions and the
    average; a line says what was left out."""

    def cell(r: LeagueRow, sessions: Sequence[int]) -> str:
        values = [r.by_session[i] for i in sessions if r.by_session[i] is not None]
        return signed(sum(v for v in values if v is not None)) if values else ""

    heads = [h for h, _sessions in columns]
    cells = [[cell(r, sessions) for _h, sessions in columns] for r in rows]
    ranks = [r.rank if r.rank is not None else "–" for r in rows]
    tail_heads = [_("sessions"), _("deals"), _("total"), _("average")]
    tails = [[r.sessions, r.deals, signed(r.total), average(r.average)] for r in rows]

    def drawn(first: int, headings: Sequence[str], tail: Sequence[int]) -> str:
        headers = [_("rank"), _("player"), *headings[first:], *(tail_heads[t] for t in tail)]
        data = [
            [rank, r.name, *shown[first:], *(more[t] for t in tail)]
            for rank, r, shown, more in zip(ranks, rows, cells, tails, strict=True)
        ]
        return grid(data, headers, fmt, [0, *range(2, len(headers))])

    text = drawn(0, heads, range(4))
    if fmt != "simple" or fit is None or widest(text) <= fit:
        return [text]
    # a heading longer than its number is numbered, and said below
    short = [h if width(h) <= len(f"#{k}") else f"#{k}" for k, h in enumerate(heads, 1)]
    everything = len(heads)
    tries = [(0, (0, 1, 2, 3))] + [(first, (1, 2, 3)) for first in range(everything + 1)]
    for first, tail in [*tries, (everything, (1, 2))]:
        text = drawn(first, short, tail)
        if widest(text) <= fit:
            break
    gone = [_("the sessions")]
    if first:
        gone.append(
            ngettext(
                "the first column (its scores are in the total)",
                "the first {n} columns (their scores are in the total)",
                first,
            ).format(n=first)
        )
    if len(tail) < 3:
        gone.append(_("the average"))
    lines = [text]
    if len(tail) < 4:
        lines.append(_("left out to fit the terminal: {what}").format(what=_(", ").join(gone)))
    said = [f"{a} {h}" for a, h in zip(short[first:], heads[first:], strict=True) if a != h]
    return lines + (wrapped(said, "  ", fit) if said else [])


def league_object(
    variant_name: str,
    labels: Sequence[str],
    rows: Sequence[LeagueRow],
    rank_by: str,
    min_deals: int,
) -> dict[str, Any]:
    return {
        "variant": variant_name,
        "rank_by": rank_by,
        "min_deals": min_deals,
        "sessions": list(labels),
        "players": [
            {
                "name": r.name,
                "rank": r.rank,
                "by_session": list(r.by_session),
                "sessions": r.sessions,
                "deals": r.deals,
                "played": r.played,
                "out": r.out,
                "total": r.total,
                "average": json_number(r.average) if r.played else None,
            }
            for r in rows
        ],
    }


def money(amount: Decimal, currency: str) -> str:
    """ "3.40 €", "−2 chips": an amount as people read it."""
    text = (
        num(amount)
        if amount == amount.to_integral_value() and not currency
        else format(amount, "f").replace("-", "−")
    )
    return f"{text} {currency}".strip()


UNITS = {"points": "point", "chips": "chip", "deals won": "deal won"}


def amount_of(amount: Decimal, unit: str) -> str:
    """ "1 point", "398 points", "2 chips", "3 deals won": an amount in the game's unit, in
    the language (a fraction takes the plural)."""

    count = int(amount) if amount == amount.to_integral_value() else 2
    return PLURALS[UNITS[unit]](abs(count)).format(n=num(amount))


def settle_lines(settlement: Settlement, currency: str, unit: str | None = None) -> list[str]:
    """The payments as sentences: in money (`currency`, maybe ""), or without a rate in the
    game's own `unit` ("points", "chips", "deals won")."""
    lines = [_payment_line(p, currency, unit) for p in settlement.payments] or [
        _("nobody owes anything")
    ]
    for player, step in settlement.rounding:
        lines.append(
            _(
                "rounding: {player} {amount} ({exact} rounded to whole cents, so that "
                "the payments add up)"
            ).format(
                player=player,
                amount=("+" if step > 0 else "−") + money(abs(step), currency),
                exact=num(settlement.exact[player]),
            )
        )
    return lines


def _payment_line(p: Any, currency: str, unit: str | None) -> str:
    if unit is None or p.amount != p.amount.to_integral_value():
        return _("{payer} pays {payee} {amount}").format(
            payer=p.payer, payee=p.payee, amount=money(p.amount, currency or (unit or ""))
        )
    n = int(p.amount)
    if unit == "deals won":
        return ngettext(
            "{payer} pays {payee} for {n} deal won more",
            "{payer} pays {payee} for {n} deals won more",
            n,
        ).format(payer=p.payer, payee=p.payee, n=n)
    amount = amount_of(p.amount, unit) if unit in UNITS else money(p.amount, unit)
    return _("{payer} pays {payee} {amount}").format(payer=p.payer, payee=p.payee, amount=amount)


def settle_object(
    settlement: Settlement, unit: str, currency: str, basis: str = "totals"
) -> dict[str, Any]:
    """`basis`: "totals" (zero-sum), or "difference" (Piedmont: the player behind pays the
    difference of the totals, or of the deals won)."""
    return {
        "unit": unit,
        "basis": basis,
        "rate": json_number(settlement.rate),
        "currency": currency,
        "balances": {p: json_number(x) for p, x in settlement.balances.items()},
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": json_number(p.amount)}
            for p in settlement.payments
        ],
        "rounding": [{"player": p, "amount": json_number(x)} for p, x in settlement.rounding],
    }
