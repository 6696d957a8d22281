"""Penalties: what one moves for each player, the checks of one, and the session with one
more or one less. Pure: the record (`model.Penalty`) is kept between deals, after the deal
it follows; it is not a deal (no dealer moves, no planned length counts it).

By default the player pays the points to each other player seated at the deal it follows
(before any deal: the first deal's table), so a penalty adds up to zero as a deal does;
`alone`, the player alone loses them (a ranking deduction: settling up leaves it out)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from scorepad.checks import MAX_TEXT, control_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Penalty, Session, Table, nfc, table_at
from scorepad.text import shown

#: the most points one penalty moves per player paid (a slam is worth 400 at most tables)
MAX_POINTS = 10_000


def seated(session: Session, after: int) -> tuple[str, ...]:
    """Who was seated at deal `after` (0: the first deal's table, as it stands)."""
    return table_at(session, max(after, 1)).players


def moved(session: Session, penalty: Penalty) -> dict[str, int]:
    """What `penalty` moves for each player concerned: the player pays `points` to each other
    player seated (a sum of zero), or loses them alone."""
    if penalty.alone:
        return {penalty.player: -penalty.points}
    others = [p for p in seated(session, penalty.after) if p != penalty.player]
    result = {penalty.player: -penalty.points * len(others)}
    result.update(dict.fromkeys(others, penalty.points))
    assert sum(result.values()) == 0, result
    return result


def moves(session: Session, *, settling: bool = False) -> dict[str, int]:
    """What the session's penalties moved for each player concerned, added up; `settling`:
    those paid to the others only (a deduction alone is no one's money)."""
    total: dict[str, int] = {}
    for penalty in session.penalties:
        if settling and penalty.alone:
            continue
        for player, value in moved(session, penalty).items():
            total[player] = total.get(player, 0) + value
    return total


def recorded_after(session: Session) -> dict[int, list[Penalty]]:
    """The penalties by the deal they follow (0: before any), each list in the order
    recorded: a view that shows them between deals looks them up once a deal."""
    after: dict[int, list[Penalty]] = {}
    for penalty in session.penalties:
        after.setdefault(penalty.after, []).append(penalty)
    return after


def by_deal(session: Session) -> dict[int, dict[str, int]]:
    """What the penalties recorded after each deal (0: before any) moved, by player: the
    running totals of a chart add them after that deal."""
    paid: dict[int, dict[str, int]] = {}
    for penalty in session.penalties:
        after = paid.setdefault(penalty.after, {})
        for player, value in moved(session, penalty).items():
            after[player] = after.get(player, 0) + value
    return paid


def points_problem(value: object) -> str | None:
    """What is wrong with a penalty's points (a whole number from 1 to MAX_POINTS)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_POINTS:
        return None
    return _("should be a whole number from 1 to {most}, not {value}").format(
        most=MAX_POINTS, value=shown(value)
    )


def note_problem(note: object, where: str) -> Problem | None:
    if not isinstance(note, str):
        return Problem(where, _("should be text"))
    if len(note) > MAX_TEXT:
        return Problem(where, _("is longer than {max_text} characters").format(max_text=MAX_TEXT))
    return control_problem(note, where)


def who_pays(session: Session, name: str, after: int) -> str:
    """The player meant by `name` among those seated at deal `after` (as people type a name);
    anyone else is refused, naming those seated."""
    return Table(session.variant, seated(session, after), session.rules).resolve(name)


def record(session: Session, name: str, points: str, alone: bool, note: str) -> Session:
    """The session with one more penalty after its last deal: `points` as typed; every problem
    is named by the argument or option it is about."""
    problems: list[Problem] = []
    after = len(session.deals)
    player = ""
    try:
        player = who_pays(session, nfc(name), after)
    except ScorepadError as err:
        problems.extend(Problem("PLAYER", p.what) for p in err.problems)
    word = points.strip()
    value: object = int(word) if word.isascii() and word.isdigit() and len(word) < 12 else word
    wrong = points_problem(value)
    if wrong:
        problems.append(Problem("POINTS", wrong))
    bad_note = note_problem(note, "--note")
    if bad_note:
        problems.append(bad_note)
    if problems:
        raise ScorepadError(problems)
    assert isinstance(value, int)
    added = Penalty(after, player, value, alone, note)
    return replace(session, penalties=(*session.penalties, added))


def problems(session: Session) -> list[Problem]:
    """What is wrong with the session's penalties as a file holds them (read by storage into
    `Penalty` records): each after a deal the session has, in order, paid by a player seated
    at that deal, a sane number of points and a note that prints."""
    found: list[Problem] = []
    last = 0
    for i, p in enumerate(session.penalties, 1):
        where = _("penalty {n}").format(n=i)
        if not 0 <= p.after <= len(session.deals) or p.after < last:
            found.append(
                Problem(
                    where,
                    _("after_deal: should be from {low} to {high}, not {value}").format(
                        low=last, high=len(session.deals), value=p.after
                    ),
                )
            )
            continue
        last = p.after
        if p.player not in seated(session, p.after):
            found.append(
                Problem(
                    where,
                    _("player {name} was not seated at deal {n} (seated: {players})").format(
                        name=shown(p.player),
                        n=max(p.after, 1),
                        players=_(", ").join(seated(session, p.after)),
                    ),
                )
            )
        wrong = points_problem(p.points)
        if wrong:
            found.append(Problem(where, f"points: {wrong}"))
        if bad := note_problem(p.note, "note"):
            found.append(Problem(where, f"{bad.where}: {bad.what}"))
    return found


def last(session: Session) -> Penalty | None:
    """The penalty recorded after the last deal, the last of them: `undo` takes it back
    before a roster change of the same moment (the file keeps those first)."""
    if session.penalties and session.penalties[-1].after == len(session.deals):
        return session.penalties[-1]
    return None


def take_back(session: Session) -> Session:
    return replace(session, penalties=session.penalties[:-1])


def without_deal(penalties: Iterable[Penalty], n: int) -> tuple[Penalty, ...]:
    """The penalties once deal n is removed: those after it come one deal earlier."""
    return tuple(p._replace(after=p.after - 1) if p.after >= n else p for p in penalties)


def said(session: Session, penalty: Penalty) -> str:
    """ "Anna pays 10 to each of Bruno, Chloé, Daisuke (−30)", or "Anna loses 10 (alone)"."""
    if penalty.alone:
        text = _("{name} loses {points} (alone)").format(name=penalty.player, points=penalty.points)
    else:
        paid = moved(session, penalty)
        others = [p for p in paid if p != penalty.player]
        text = _("{name} pays {points} to each of {others} ({total})").format(
            name=penalty.player,
            points=penalty.points,
            others=_(", ").join(others),
            total=f"−{-paid[penalty.player]}" if paid[penalty.player] else "0",
        )
    return _("{what}: {note}").format(what=text, note=penalty.note) if penalty.note else text
