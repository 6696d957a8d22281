"""The session file's `[[penalties]]` tables ⇄ `Penalty` records: each written just before
the deal that follows it (after that moment's roster changes), and read back with every
problem named (`scorepad.penalties` checks them against the deals)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import tomli_w

from scorepad import penalties
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Penalty, Session
from scorepad.text import shown

KEYS = ("after_deal", "player", "points", "alone", "note")


def penalty_table(penalty: Penalty) -> dict[str, Any]:
    table: dict[str, Any] = {
        "after_deal": penalty.after,
        "player": penalty.player,
        "points": penalty.points,
    }
    if penalty.alone:
        table["alone"] = True
    if penalty.note:
        table["note"] = penalty.note
    return table


def penalty_text(penalty: Penalty) -> str:
    return "\n[[penalties]]\n" + tomli_w.dumps(penalty_table(penalty))


def with_penalties(session: Session, raw: object) -> Session:
    """The session with the penalties a file holds (`raw`: its `penalties`, None when absent),
    each checked; every problem is named by the penalty's number and key."""
    if raw is None:
        return session
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise ScorepadError.at("penalties", _("should be [[penalties]] tables"))
    problems: list[Problem] = []
    read: list[Penalty] = []
    for i, table in enumerate(raw, 1):
        if len(problems) >= MAX_PROBLEMS:
            break
        where = _("penalty {n}").format(n=i)
        wrong = [k for k in table if k not in KEYS]
        for key in wrong[:3]:
            problems.append(
                Problem(
                    where,
                    _("unknown key {key} (expected {keys})").format(
                        key=shown(key), keys=", ".join(KEYS)
                    ),
                )
            )
        fields = []
        for key, kind, default in (
            ("after_deal", int, None),
            ("player", str, None),
            ("points", int, None),
            ("alone", bool, False),
            ("note", str, ""),
        ):
            value = table.get(key, default)
            if value is None:
                problems.append(Problem(where, _("{key} is missing").format(key=key)))
            elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                problem = (
                    penalties.points_problem(value)
                    if key == "points"
                    else _("should be {kind}, not {value}").format(
                        kind=kind.__name__, value=shown(value)
                    )
                )
                problems.append(Problem(where, f"{key}: {problem}"))
            fields.append(value)
        if not problems:
            read.append(Penalty(*fields))
    if not problems:
        session = replace(session, penalties=tuple(read))
        problems = penalties.problems(session)
    if problems:
        raise ScorepadError(problems[:MAX_PROBLEMS])
    return session
