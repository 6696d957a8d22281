"""`scorepad play` without a terminal: deals read line by line in `deal`'s option syntax,
recorded all together or none; and the standings in one line, said after each save."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorepad import core, scores, storage
from scorepad.app.record import record_deals, same_as_last
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.render.deals import result_name
from scorepad.text import plural, scores_line, signed
from scorepad.variants import get_variant

Say = Callable[[str], None]
#: a line's words (split as a shell does) to a deal's raw fields
ParseLine = Callable[[list[str]], dict[str, Any]]


def compact_standings(session: Session) -> str:
    """The standings in one line: every player's total, best first."""
    from scorepad.ranking import standings

    rows = standings([session])
    return " · ".join(f"{r.rank}. {r.name} {signed(r.total)}" for r in rows)


def from_lines(
    path: Path,
    lines: Iterable[str],
    parse: ParseLine,
    say: Say,
    notes: list[str],
    saved: list[str],
    source: str = "stdin",
) -> None:
    """Record the deals of `lines`, one per line in `deal`'s options (blank lines and
    # comments skipped): all of them, or none when any line is wrong."""
    session = storage.load(path)
    wanted: list[dict[str, Any]] = []
    wheres: list[str] = []  # each wanted deal's input line, for a refusal under the lock
    problems: list[Problem] = []
    trial = session
    for number, line in enumerate(lines, 1):
        if len(problems) >= MAX_PROBLEMS - 1:  # as in a file: reading stops there
            problems.append(
                Problem(
                    _("{source} line {n}").format(source=source, n=number),
                    _("reading stopped here"),
                )
            )
            break
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        where = _("{source} line {n}").format(source=source, n=number)
        try:
            raw = parse(shlex.split(text))
            trial = core.add_deal(trial, raw, play_on=True)
        except ValueError as err:  # shlex: an unclosed quote
            problems.append(Problem(where, _("cannot split the line: {why}").format(why=err)))
            continue
        except ScorepadError as err:
            problems.extend(err.located(where).problems)
            continue
        wanted.append(raw)
        wheres.append(where)
        previous = replace(trial, deals=trial.deals[:-1])
        same = same_as_last(previous, trial.deals[-1])
        if same is not None:
            notes.append(
                _("{where}: the same deal as deal {n}, saved again (undo removes it)").format(
                    where=where, n=same
                )
            )
    if problems:
        raise ScorepadError(problems).located(str(path))
    if not wanted:
        say(_("no deals in the input; nothing recorded"))
        return

    done = record_deals(path, wanted, play_on=True, wheres=wheres)
    notes.extend(done.notes)
    before, updated = done.before, done.after
    first = len(before.deals) + 1
    saved.append(f"deals {first}–{len(updated.deals)}")
    for n in range(first, len(updated.deals) + 1):
        deal = updated.deals[n - 1]
        outcome = scores.score(updated, deal, n)
        what = get_variant(updated.variant).describe(deal.entry)
        if not deal.redealt:  # "pass", not "pass, passed"
            what = _("{what}, {result}").format(what=what, result=result_name(outcome.result))
        say(
            _("deal {n} ({dealer}): {what}; {scores}").format(
                n=n, dealer=deal.dealer, what=what, scores=scores_line(outcome.scores)
            )
        )
    say(
        _("recorded {deals}; {standings} — next dealer: {dealer}").format(
            deals=plural(len(wanted), "deal"),
            standings=compact_standings(updated),
            dealer=updated.next_dealer(),
        )
    )
