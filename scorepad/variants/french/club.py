"""French Tarot's club variants (../shared/rules/french.md, "Club variants"): the settings'
ranges beyond a whole number's, and a declared misère read where the rules play it."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.text import plural, shown
from scorepad.variants.french.bounds import tricks_in_deal
from scorepad.variants.french.entry import (
    HANDFUL_NAMES,
    HANDFUL_THRESHOLDS,
    MAX_TRUMPS,
    MULTIPLIERS,
    ROUNDING,
)
from scorepad.variants.reader import Reader


def club_problems(rules: Mapping[str, Setting]) -> list[Problem]:
    """What the club settings may not be, one problem each naming the key and the range: a
    multiplier of at least 1, a rounding step of 1, 5 or 10, a handful's trumps rising from
    simple to triple within a hand."""
    problems = []
    for contract in MULTIPLIERS:
        key = f"multiplier_{contract.replace('-', '_')}"
        if rules[key] == 0:
            problems.append(_("{key} should be 1 or more, not 0").format(key=key))
    if rules["rounding"] not in ROUNDING:
        problems.append(
            _("rounding should be 1, 5 or 10, not {value}").format(value=shown(rules["rounding"]))
        )
    for n in HANDFUL_THRESHOLDS:
        keys = [f"handful_{name}_trumps_{n}" for name in HANDFUL_NAMES]
        trumps = [rules[key] for key in keys]
        most = min(MAX_TRUMPS, tricks_in_deal(n))
        if not 0 < trumps[0] < trumps[1] < trumps[2] <= most:  # type: ignore[operator]
            problems.append(
                _(
                    "{simple}, {double}, {triple} should rise from 1 to {most} (a hand with "
                    "{players}), not {x}"
                ).format(
                    simple=keys[0],
                    double=keys[1],
                    triple=keys[2],
                    most=most,
                    players=plural(n, "player"),
                    x=", ".join(map(str, trumps)),
                )
            )
    return [Problem("rules", p) for p in problems]


def read_misere(r: Reader, handfuls: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The players who declared a misère: names as a list (the file, a repeated --misere) or
    one text, comma-separated (as typed at the table)."""
    value = r.get("misere")
    if value is None:
        return ()
    if not r.table.rules.get("misere"):
        r.add(_("these rules play no misère (a rules file or --set misere=true turns it on)"))
        return ()
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        r.add(_("misere should be a list of players, not {value}").format(value=shown(value)))
        return ()
    declared: list[str] = []
    showed = {player for player, _trumps in handfuls}
    for name in names:
        try:
            player = r.table.resolve(name.strip(), _("misère player"))
        except ScorepadError as err:
            r.problems.extend(Problem(p.where, p.what, "misere") for p in err.problems)
            continue
        if player in declared:
            r.add(_("{player} declares one misère per deal").format(player=player), "misere")
        elif player in showed:
            r.add(
                _("{player} showed a handful: a misère is a hand with no trump").format(
                    player=player
                ),
                "misere",
            )
        else:
            declared.append(player)
    return tuple(declared)
