"""Checks shared by session files and commands: players, dealers, settings, deals.

Pure functions: they read values, return them checked, and report problems.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Setting, Table, nfc
from scorepad.text import plural, shown
from scorepad.variants import get_variant, read_entry

MAX_SETTING = 1_000_000  # rule settings are points or chips: bounded
MAX_NAME = 40  # characters in a player's name


def long_name(name: str, where: str) -> Problem:
    """The one problem of a name over MAX_NAME characters (its first MAX_NAME shown)."""
    return Problem(
        where,
        _("'{p}…' is longer than {max_name} characters").format(
            p=name[:MAX_NAME], max_name=MAX_NAME
        ),
    )


MAX_TEXT = 500  # characters in a title or a note
MAX_ROSTER = 40  # people on a roster larger than the table (the table's seats are the game's)


def check_seats(seats: int | None, variant: Any) -> None:
    """A table size given on the command line (`--seats`): one the game is played with."""
    lo, hi = variant.min_players, variant.max_players
    if seats is not None and not lo <= seats <= hi:
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        raise ScorepadError.at(
            "--seats",
            _("{variant} is played by {count} players, not {players}").format(
                variant=variant.name, count=count, players=seats
            ),
        )


def check_roster_size(value: Any, seats: int | None) -> None:
    """A roster larger than the table (`seats` given) holds at most MAX_ROSTER people."""
    if seats is not None and isinstance(value, list | tuple) and len(value) > MAX_ROSTER:
        raise ScorepadError.at(
            "players",
            _("a roster holds at most {most} people, not {count}").format(
                most=MAX_ROSTER, count=len(value)
            ),
        )


def check_players(value: Any, variant: str, lo: int, hi: int) -> tuple[str, ...]:
    if isinstance(value, list) and len(value) > hi:  # before looking at a million names
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        raise ScorepadError.at(
            "players",
            _("{variant} is played by {count} players, not {value}").format(
                variant=variant, count=count, value=len(value)
            ),
        )
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ScorepadError.at("players", _("should be a list of names"))
    if any(len(p) > 4 * MAX_NAME for p in value):
        raise ScorepadError.at(
            "players", _("a name is at most {max_name} characters").format(max_name=MAX_NAME)
        )
    players = tuple(nfc(p) for p in value)
    problems = []
    if any(not p for p in players):
        problems.append(Problem("players", _("a player's name is empty")))
    for p in players:
        if len(p) > MAX_NAME:
            problems.append(long_name(p, "players"))
    seen: dict[str, str] = {}
    for p in players:
        if p.casefold() in seen:
            problems.append(
                Problem(
                    "players",
                    _("{p} is named twice (names are unique regardless of case)").format(
                        p=shown(p)
                    ),
                )
            )
        seen[p.casefold()] = p
    if not lo <= len(players) <= hi:
        count = f"{lo}" if lo == hi else _("{lo} to {hi}").format(lo=lo, hi=hi)
        problems.append(
            Problem(
                "players",
                _("{variant} is played by {count} players, not {players}").format(
                    variant=variant, count=count, players=len(players)
                ),
            )
        )
    if problems:
        raise ScorepadError(problems)
    return players


def unseen_problem(name: str, where: str) -> Problem | None:
    """A new name must show itself: at least one letter or digit, and no character that
    shows nothing (a zero-width joiner, a variation selector, the Hangul filler, the blank
    Braille cell: `scorepad.text.invisible`), which would make two names that look the same."""
    from scorepad.text import invisible

    hidden = invisible(name)
    if hidden is not None:
        return Problem(
            where,
            _("{name} holds an invisible character ({code}): type the name as it shows").format(
                name=shown(name), code=f"U+{ord(hidden):04X}"
            ),
        )
    if not any(ch.isalnum() for ch in name):
        return Problem(
            where, _("{name} shows no letter or digit: a name needs one").format(name=shown(name))
        )
    return None


def name_problem(name: str, others: Iterable[str], where: str) -> Problem | None:
    """A new name as typed (`new`, `join`, `rename`, `tournament new`, `draw --late`) beside
    the others: refused when it does not show itself (`unseen_problem`), when it differs from
    one only by accents ("Elodie" beside "Élodie": nobody could tell which is typed), or when
    it looks like one (Cyrillic "Аnna", mathematical "𝐀nna", small-capital "ᴀnna" beside
    "Anna": the same NFKC form or skeleton of Unicode TS #39; 大輔 beside Anna is just another
    name)."""
    from scorepad.text import fold, look_alike, scripts

    bad = unseen_problem(name, where)
    if bad is not None:
        return bad
    others = [p for p in others if p != name]
    twin = next((p for p in others if fold(p) == fold(name)), None)
    if twin is not None and twin.casefold() == name.casefold():
        return Problem(
            where,
            _("{p} is named twice (names are unique regardless of case)").format(p=shown(name)),
        )
    if twin is not None and only_accents(name, twin):
        return Problem(
            where,
            _("{name} differs from {other} only by accents: names are told apart by more").format(
                name=shown(name), other=twin
            ),
        )
    like = twin or look_alike(name, others)
    if like is None:
        return None
    mine, theirs = scripts(name), scripts(like)
    if mine == theirs:
        return Problem(
            where,
            _("{name} looks like {other}: choose a name told apart").format(
                name=shown(name), other=like
            ),
        )
    return Problem(
        where,
        _("{name} ({mine}) looks like {other} ({theirs}): choose a name told apart").format(
            name=shown(name),
            mine=_script_names(mine),
            other=like,
            theirs=_script_names(theirs),
        ),
    )


def only_accents(name: str, other: str) -> bool:
    """Whether two names that typing does not tell apart (`scorepad.text.fold`) differ only
    by case and accents: not by a look-alike form (full-width, mathematical letters) nor by
    a character that shows nothing."""
    import unicodedata

    from scorepad.text import invisible

    return all(
        unicodedata.normalize("NFKC", p) == unicodedata.normalize("NFC", p) and not invisible(p)
        for p in (name, other)
    )


def _script_names(found: Iterable[str]) -> str:
    words = {"Latin": _("Latin"), "Cyrillic": _("Cyrillic"), "Greek": _("Greek")}
    return _(", ").join(words.get(s, s) for s in found)


def names_problems(names: Sequence[str], where: str, places: Sequence[str] = ()) -> list[Problem]:
    """`name_problem` for each of several new names, against those before it (names that
    differ only by case are `check_players`' to say); each said at its place (`places`, one
    a name), or at `where`."""
    problems = []
    for i, name in enumerate(names):
        if any(p.casefold() == name.casefold() for p in names[:i]):
            continue
        bad = name_problem(name, names[:i], places[i] if places else where)
        if bad is not None:
            problems.append(bad)
    return problems


def case_twins(names: Iterable[str], where: str) -> list[Problem]:
    """Names on a roster, at any deal, are unique regardless of case: a `join = "ANNA"` in a
    file while (or after) Anna is on the roster would be a second column for one person."""
    seen: dict[str, str] = {}
    problems = []
    for p in names:
        first = seen.setdefault(p.casefold(), p)
        if first != p:
            problems.append(
                Problem(
                    where,
                    _(
                        "{p} and {first} differ only by case: names are unique regardless of case"
                    ).format(p=shown(p), first=shown(first)),
                )
            )
    return problems


def read_dealer(value: Any, table: Table, key: str, problems: list[Problem]) -> str | None:
    if value.__class__ is str and value in table.players:  # as the file writes it
        return str(value)
    if value is None:
        problems.append(Problem("", _("{key} is missing").format(key=key)))
        return None
    if not isinstance(value, str):
        problems.append(Problem("", _("{key} should be a player's name").format(key=key)))
        return None
    try:
        return table.resolve_anyone(value, key)
    except ScorepadError as err:
        problems.extend(err.problems)
        return None


def unknown_setting(key: str, game: str, known: Iterable[str]) -> str:
    """Why `key` is no setting of `game`, with the settings it may have meant (the whole list
    is `scorepad variants`'s: a French session has 28)."""
    import difflib

    close = difflib.get_close_matches(key, [k for k in known if k not in ("profile", "name")])
    if close:
        return _(
            "unknown setting {key} for {game} (did you mean {close}? scorepad variants lists "
            "them all)"
        ).format(key=shown(key), game=game, close=_(" or ").join(close))
    return _("unknown setting {key} for {game} (scorepad variants lists them all)").format(
        key=shown(key), game=game
    )


def setting_problem(key: str, value: Any, default: Setting) -> str | None:
    if isinstance(default, bool):
        return (
            None if isinstance(value, bool) else _("{key} should be true or false").format(key=key)
        )
    if isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SETTING
        return (
            None
            if ok
            else _("{key} should be a whole number from 0 to {max_setting}, not {value}").format(
                key=key, max_setting=MAX_SETTING, value=shown(value)
            )
        )
    return (
        None
        if isinstance(value, str)
        else _("{key} should be text, not {value}").format(key=key, value=shown(value))
    )


def read_deal(raw: Mapping[str, Any], table: Table, where: str = "") -> Deal:
    """A deal from its raw fields (file or command line): dealer, note and the variant's entry;
    its problems located at `where`."""
    variant = get_variant(table.variant)
    fields = dict(raw)
    problems: list[Problem] = []
    dealer = read_dealer(fields.pop("dealer", None), table, "dealer", problems)
    out = _read_out(fields.pop("out", None), table, problems)
    note = fields.pop("note", "")
    if not isinstance(note, str):
        problems.append(Problem("", _("note should be text")))
        note = ""
    elif len(note) > MAX_TEXT:
        problems.append(
            Problem(
                "", _("the note is longer than {max_text} characters").format(max_text=MAX_TEXT)
            )
        )
    elif note and not note.isprintable() and (bad := control_problem(note, "note")):
        problems.append(bad)
    continued = fields.pop("continued", False)
    if not isinstance(continued, bool):
        problems.append(Problem("", _("continued should be true or false")))
        continued = False
    entry = None
    try:
        entry = read_entry(variant, fields, table)
    except ScorepadError as err:
        problems.extend(err.problems)
    if problems:
        refused = ScorepadError(problems)
        raise refused.located(where) if where else refused
    assert dealer is not None
    return Deal(dealer, entry, note, out, continued)


def _read_out(value: Any, table: Table, problems: list[Problem]) -> tuple[str, ...] | None:
    """A deal's `out` as written (None: absent), which must be who sits out at its table."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem("", _("out should be a list of names")))
        return None
    names = []
    for v in value[: len(table.people) + 1]:
        try:
            names.append(table.resolve_anyone(v, "out"))
        except ScorepadError as err:
            problems.extend(err.problems)
    if len(names) == len(value) and set(names) != set(table.out):
        problems.append(
            Problem(
                "",
                _("out lists {listed}, but {out} sit out at this table").format(
                    listed=_(", ").join(names) or _("nobody"),
                    out=_(", ").join(table.out) or _("nobody"),
                ),
            )
        )
    return tuple(names)


def control_problem(text: str, what: str) -> Problem | None:
    """Typed text may not hold control characters: they would reach every terminal."""
    if text.isprintable():  # no character of the categories C and Z but the space
        return None
    import unicodedata

    bad = [
        ch
        for ch in text
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in "\u200d\ufe0f"
    ]
    if bad:
        return Problem(
            what,
            _("holds a control character ({bad}): type plain text").format(bad=repr(bad[0])[1:-1]),
        )
    return None


def read_date(value: Any) -> str | None:
    """A date as YYYY-MM-DD (a real day), or None."""
    import datetime

    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        return None
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def typed_date(value: str, option: str) -> str:
    """A date typed for `option` (`--date`, `--since`), as YYYY-MM-DD; anything else is
    refused with the one message every command gives."""
    date = read_date(value.strip())
    if date is None:
        raise ScorepadError.at(
            option,
            _("{date} is not a date as YYYY-MM-DD (e.g. 2026-11-26)").format(date=shown(value)),
        )
    return date


def planned_length(rules: Mapping[str, Setting], variant: Any) -> int:
    """The deals a session plans to play (`new --deals`, the rules' `deals`); 0: no planned
    length. A game whose `deals` is a match's length (Piedmont: a tie plays on) has none
    beside: its match ends as the game says (`match_over`)."""
    if variant.deals_end_match:
        return 0
    value = rules.get("deals", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def length_end(deals: Sequence[Deal], length: int) -> int | None:
    """How many of `deals` a planned length takes, once it is played: every deal up to the
    `length`-th one played (a passed or cancelled deal is dealt again and is not one of a
    table's deals, French Tarot's §16); None while fewer are played, or with no planned
    length (0). The deals after it are past the length."""
    if not length or len(deals) < length:
        return None
    played = 0
    for n, deal in enumerate(deals, 1):  # up to the length's end only: a long file is not read
        played += not deal.redealt
        if played == length:
            return n
    return None


def unmarked_past_length(deals: Sequence[Deal], length: int) -> list[int]:
    """The numbers of the deals past `length` not marked as recorded with --continue."""
    end = length_end(deals, length)
    if end is None:
        return []
    return [n for n in range(end + 1, len(deals) + 1) if not deals[n - 1].continued]


def numbers_text(numbers: Sequence[int]) -> str:
    """ "5, 7–9": deal numbers, each run of them as its first and last."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return _(", ").join(
        str(a) if a == b else (f"{a}, {b}" if b == a + 1 else f"{a}–{b}") for a, b in runs
    )


def past_length_problem(numbers: Sequence[int], length: int) -> str:
    """What a file holding deals past its planned length, unmarked, is told (and the fix)."""
    from scorepad.i18n import ngettext

    return ngettext(
        "deal {numbers} is past the planned length of {length} and not marked as recorded "
        "with --continue: delete it, or add continued = true to it",
        "deals {numbers} are past the planned length of {length} and not marked as recorded "
        "with --continue: delete them, or add continued = true to each",
        len(numbers),
    ).format(numbers=numbers_text(numbers), length=plural(length, "deal"))


def length_problems(session: Any) -> list[str]:
    """The session's deals past its planned length that are not marked (none: [])."""
    length = planned_length(session.rules, get_variant(session.variant))
    numbers = unmarked_past_length(session.deals, length)
    return [past_length_problem(numbers, length)] if numbers else []
