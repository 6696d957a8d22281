"""One row per deal, one column per player: CSV, JSON and Markdown exports, in chunks (a
season is never held whole). The CSV adds a column per field of the game's entry after the
players' (cli.md)."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any

from scorepad import i18n
from scorepad.i18n import N_, _
from scorepad.model import Penalty, Session
from scorepad.penalties import moved, recorded_after
from scorepad.render.deals import OUT, history_json, json_text, result_name
from scorepad.scores import iter_outcomes
from scorepad.text import json_number, width
from scorepad.variants import get_variant
from scorepad.variants.base import Field, field_word

EXPORT_FIXED = 7  # columns before the players'
EXPORT_BATCH = 500  # CSV rows written at a time: a season is never held whole


EXPORT_HEADERS = (
    N_("deal"),
    N_("dealer"),
    N_("game"),
    N_("contract"),
    N_("declarer"),
    N_("result"),
    N_("points"),
)

# the game column of a penalty's row
N_("penalty"), N_("penalty alone")


def export_headers(
    session: Session, *, in_language: bool = False, entry: bool = False
) -> list[str]:
    """The columns: in English for scripts, or in the language for people (Excel, markdown);
    `entry`: then a column per field of the game's entry (the CSV's), named by its key in the
    session file, or for people by its name in the language."""
    fixed = [_(h) for h in EXPORT_HEADERS] if in_language else list(EXPORT_HEADERS)
    variant = get_variant(session.variant)
    fields = entry_fields(session.variant) if entry else []
    named = [field_word(f.key, variant.fields) if in_language else f.key for f in fields]
    return [*fixed, *session.players, *named]


def entry_fields(variant_name: str) -> list[Field]:
    """The game's entry fields that no column before the players' holds (those hold the
    contract or bid, the declarer and the points that counted)."""
    variant = get_variant(variant_name)
    held = {variant.synonyms.get(k, k) for k in ("contract", "taker")} | {"points"}
    return [f for f in variant.fields if f.key not in held]


#: what a value joins another with in one cell (handfuls, or any repeatable field)
JOINED = "; "


def entry_cell(field: Field, value: Any, in_language: bool) -> Any:
    """A field's value in one cell: as the session file says it (English words, `true`), or
    for people in the language; a repeatable field's values joined with "; " ("Chloé:11;
    Bruno:10", as --handful takes them)."""
    if value is None or value is False:
        return ""
    if value is True:
        return _("yes") if in_language else "true"
    if isinstance(value, Mapping):
        return JOINED.join(f"{k}:{json_number(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return JOINED.join(str(v) for v in value)
    if isinstance(value, Decimal):
        return json_number(value)
    if in_language and field.kind == "choice":
        return _(value)
    return value


def export_rows(
    session: Session, *, in_language: bool = False, entry: bool = False
) -> Iterator[list[Any]]:
    """One row per deal, one column per player: for spreadsheets and club pages. The
    contract (Troggu: the bid) and the declarer have columns of their own; `entry`: after
    the players', a column per other field of the game's entry (`entry_fields`). Rows are
    made as they are read, none kept. One language per file: English words (the session
    file's own) for scripts, or every word in the language for people."""

    variant = get_variant(session.variant)
    fields = entry_fields(session.variant) if entry else []
    pairs = zip(session.deals, iter_outcomes(session), strict=True)
    seatings = None if session.fixed else session.seating_plan().deals
    recorded = recorded_after(session)
    yield from _penalty_rows(session, recorded.get(0, ()), in_language, len(fields))
    for n, (deal, outcome) in enumerate(pairs, 1):
        out = () if seatings is None else seatings[n - 1].out
        raw = variant.entry_to_raw(deal.entry)
        contract = raw.get(variant.synonyms.get("contract", "contract")) or ""
        if in_language:
            game, result = variant.describe(deal.entry), result_name(outcome.result)
            contract = result_name(contract) if contract else ""
        elif i18n.language == "en":  # the words as the game says them
            game, result = variant.describe(deal.entry), outcome.result
        else:
            with i18n.speaking("en"):
                game, result = variant.describe(deal.entry), outcome.result
        yield [
            n,
            deal.dealer,
            game,
            contract,
            outcome.declarer or "",
            result,
            json_number(outcome.points),
            # sat out: the out mark, never a played 0; not on the roster: a blank cell
            *(OUT if p in out else outcome.scores.get(p) for p in session.players),
            *(entry_cell(f, raw.get(f.key), in_language) for f in fields),
        ]
        yield from _penalty_rows(session, recorded.get(n, ()), in_language, len(fields))


def _penalty_rows(
    session: Session, recorded: Sequence[Penalty], in_language: bool, blanks: int
) -> Iterator[list[Any]]:
    """A row for each penalty `recorded` after one deal (0: before any), with no deal number:
    "penalty" (or "penalty alone") for the game, who paid as the declarer, the points, and
    what it moved for each player concerned (a blank cell for the others)."""
    for penalty in recorded:
        word = "penalty alone" if penalty.alone else "penalty"
        paid = moved(session, penalty)
        yield [
            "",
            "",
            _(word) if in_language else word,
            "",
            penalty.player,
            "",
            penalty.points,
            *(paid.get(p) for p in session.players),
            *([""] * blanks),
        ]


def penalty_objects(session: Session) -> list[dict[str, Any]]:
    """`export --to json`'s "penalties": each with the deal it follows and what it moved."""
    objects = []
    for penalty in session.penalties:
        obj: dict[str, Any] = {
            "after_deal": penalty.after,
            "player": penalty.player,
            "points": penalty.points,
            "alone": penalty.alone,
        }
        if penalty.note:
            obj["note"] = penalty.note
        obj["scores"] = moved(session, penalty)
        objects.append(obj)
    return objects


def plain(value: Any) -> Any:
    """A cell's text with every control character escaped, newlines and tabs too (the file
    check refuses them in names, titles and notes; this is what a file could still carry):
    `\\x1b`, `\\n`, never the character itself."""
    if not isinstance(value, str) or value.isprintable():
        return value

    return "".join(
        repr(ch)[1:-1]
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in "\u200d\ufe0f"
        else ch
        for ch in value
    )


FORMULA_STARTS = frozenset("=+-@\t\r")  # what a spreadsheet reads a formula from


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text, its control characters escaped (`plain`): one
    starting like a formula (=, +, -, @, a tab or a carriage return, after any spaces) and not
    a number gets a leading apostrophe."""
    value = plain(value)
    if not isinstance(value, str) or value.lstrip(" ")[:1] not in FORMULA_STARTS:
        return value
    try:
        float(value)
        return value
    except ValueError:
        return "'" + value


def export_chunks(
    session: Session, to: str, *, excel: bool = False, bom: bool = True
) -> Iterator[str]:
    """The export as pieces of text, made while the deals are read: 100,000 deals are
    written in the memory of a few hundred. Plain CSV and JSON are in English (for
    scripts); an Excel CSV and markdown are for people, in the language."""
    if to == "json":  # the very objects of `history --json`, and the penalties
        yield '{\n  "deals": '
        for chunk in history_json(session, EXPORT_BATCH):  # indented one step further
            yield chunk.rstrip("\n").replace("\n", "\n  ")
        yield ',\n  "penalties": ' + json_text(penalty_objects(session), "\n  ") + "\n}\n"
    elif to == "csv":
        yield from _csv_chunks(session, excel, bom)
    else:
        yield from _markdown_chunks(session)


def _csv_chunks(session: Session, excel: bool, bom: bool = True) -> Iterator[str]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    # Excel reads a CSV file as UTF-8 (Chloé, 大輔) only when it starts with a BOM
    yield "\ufeff" if excel and bom else ""
    headers = export_headers(session, in_language=excel, entry=True)
    writer.writerow([csv_cell(h) for h in headers])
    for i, row in enumerate(export_rows(session, in_language=excel, entry=True), 1):
        # a number is written as it is; None: a blank cell
        writer.writerow(
            [csv_cell(v) if v.__class__ is str else "" if v is None else v for v in row]
        )
        if i % EXPORT_BATCH == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def _markdown_chunks(session: Session) -> Iterator[str]:
    """A GitHub table with a totals row, as tabulate's "github" draws it (tests/test_reports.py
    holds them equal), written line by line: tabulate would hold the whole table of a season
    (docs/speed.md). The deals are scored twice (once for the widths)."""
    headers = export_headers(session, in_language=True)
    k = EXPORT_FIXED
    right = {0, 6, *range(k, len(headers))}

    def rows() -> Iterator[list[str]]:
        totals = [0] * len(session.players)
        for row in export_rows(session, in_language=True):
            for i in range(len(totals)):
                cell = row[k + i]  # None: not on the roster, a blank cell; OUT: sat out
                totals[i] += cell if isinstance(cell, int) else 0
            yield [_markdown_cell(v) for v in row]
        yield ["", "", _("total"), "", "", "", "", *(str(t) for t in totals)]

    headers = [_markdown_cell(h) for h in headers]
    widths = [width(h) + 2 for h in headers]
    for row in rows():
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], width(cell))

    def line(cells: list[str]) -> str:
        padded = (
            " " * (w - width(c)) + c if i in right else c + " " * (w - width(c))
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return "| " + " | ".join(padded) + " |\n"

    if session.heading:
        yield f"## {_markdown_cell(session.heading)}\n\n"
    yield line(headers)
    yield "|" + "|".join("-" * (w + 2) for w in widths) + "|\n"
    for row in rows():
        yield line(row)


def _markdown_cell(value: Any) -> str:
    """A cell of a GitHub table: its control characters escaped, a `|` too (it would end it)."""
    return "" if value is None else str(plain(str(value))).strip().replace("|", "\\|")
