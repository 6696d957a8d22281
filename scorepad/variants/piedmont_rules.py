"""Piedmontese two-handed tarot's rules as a player reads them (`scorepad rules piedmont`):
the Angel, the counting and its rounding, and the match, from the settings in force."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.text import plural


def rules_text(rules: Mapping[str, Setting], players: int | None) -> list[str]:
    target, deals = int(rules["target"]), int(rules["deals"])
    if target and deals:
        match = _(
            "The match: first to {target}, or the leader after {deals} (a tie plays on)."
        ).format(target=plural(target, "point"), deals=plural(deals, "deal"))
    elif target:
        match = _("The match: first to {target} (a tie plays on).").format(
            target=plural(target, "point")
        )
    elif deals:
        match = _("The match: the leader after {deals} (a tie plays on).").format(
            deals=plural(deals, "deal")
        )
    else:
        match = _("No match is set: the session runs until the players stop.")
    return [
        _(
            "The Angel, the highest trump, is trump {angel}; the Matto never wins a trick and "
            "returns to whoever played it."
        ).format(angel=rules["angel"]),
        _(
            "Card points count in halves: the Angel, the Bagatto and kings 4.5, the Matto and "
            "queens 3.5, cavalli 2.5, jacks 1.5, any other card 0.5. Each player's total ends "
            "in .5 and is rounded up: the two add up to 91, and a deal cannot be drawn."
        ),
        _("Each player scores their rounded card points; the higher wins the deal."),
        match,
    ]
