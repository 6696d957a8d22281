"""A season: sessions of one game, in the order of their dates, those between two dates, and
what differs between the rules they are scored by.

Pure functions over sessions already read (reading the files is storage's)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from scorepad.checks import typed_date
from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.model import Session
from scorepad.variants import get_variant

F = TypeVar("F")


def date_bounds(since: str | None, until: str | None) -> tuple[str | None, str | None]:
    """--since and --until as dates (None: not given); a wrong one is refused, so that it is
    said before any file is read."""
    return (
        None if since is None else typed_date(since, "--since"),
        None if until is None else typed_date(until, "--until"),
    )


def between(
    files: Sequence[F],
    sessions: Sequence[Session],
    low: str | None = None,
    high: str | None = None,
    mixed: str | None = None,
) -> list[tuple[F, Session]]:
    """The files with their sessions (one game) by date, undated ones as given and last; with
    a bound (from `date_bounds`), only the dated sessions between them, at least one.
    `mixed`: the error for files of different games (with {which}; default: the
    standings')."""
    games = {s.variant for s in sessions}
    if len(games) > 1:
        which = ", ".join(
            _("{f} is {variant}").format(f=f, variant=s.variant)
            for f, s in zip(files, sessions, strict=True)
        )
        raise ScorepadError.at(
            "",
            (
                mixed or _("the files mix games ({which}): standings add up one game at a time")
            ).format(which=which),
        )
    pairs = sorted(zip(files, sessions, strict=True), key=lambda fs: (not fs[1].date, fs[1].date))
    if low is not None or high is not None:
        pairs = [
            (f, s)
            for f, s in pairs
            if s.date and (low is None or s.date >= low) and (high is None or s.date <= high)
        ]
        if not pairs:
            raise ScorepadError.at(
                "",
                _("no dated session falls between {x} and {x2}").format(
                    x=low or _("the start"), x2=high or _("today")
                ),
            )
    return pairs


def in_order(files: Sequence[F], sessions: Sequence[Session]) -> list[tuple[F, Session]]:
    """The files with their sessions by date (undated ones last), then by the file's name,
    the numbers in it read as numbers (round-2 before round-10): the same files in any
    order give the same season."""
    pairs = zip(files, sessions, strict=True)
    return sorted(pairs, key=lambda fs: (not fs[1].date, fs[1].date, _natural(str(fs[0]))))


def _natural(name: str) -> tuple[tuple[int, int | str], ...]:
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part
    )


def rules_differences(files: Sequence[F], sessions: Sequence[Session]) -> str | None:
    """What differs between the rules of sessions scored together, in one line naming the
    files: "b.toml has rounding 10 (a.toml: 1)"; None when they all score alike. Each file is
    compared with the first; the profiles' and the rules' names are left out (the numbers are
    what scores), and so is a planned length unless the game's profiles hold it (Piedmont's
    match)."""
    first = sessions[0].rules
    keys = set(next(iter(get_variant(sessions[0].variant).profiles.values())))
    parts = []
    for f, session in zip(files[1:], sessions[1:], strict=True):
        changed = [k for k in keys if session.rules.get(k) != first.get(k)]
        if changed:
            changed.sort()
            parts.append(
                _("{file} has {theirs} ({first}: {ours})").format(
                    file=f,
                    theirs=", ".join(f"{k} {_said(session.rules.get(k))}" for k in changed),
                    first=files[0],
                    ours=", ".join(_said(first.get(k)) for k in changed),
                )
            )
    if not parts:
        return None
    return _("these sessions are scored by different rules: {parts}").format(parts="; ".join(parts))


def _said(value: object) -> str:
    return "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
