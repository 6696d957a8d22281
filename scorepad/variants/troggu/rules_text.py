"""Troggu's rules as a player reads them (`scorepad rules troggu`): one paragraph a rule, every
number from the settings in force, for a table of `players` (every size when None)."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.text import plural


def rules_text(rules: Mapping[str, Setting], players: int | None) -> list[str]:
    lines = [
        _(
            "Bids: pass, Tapp (the Tappist takes the Tapp and discards as many cards) or Solo "
            "(no exchange; the Tapp counts for the Tappist); the last bidder plays against "
            "everybody else; when all pass, a misère."
        ),
        _(
            "Of the 114 card points the Tappist's side wins with {win} or more, draws with "
            "exactly {draw} (no chips move) and loses with less."
        ).format(win=rules["win_points"], draw=rules["draw_points"]),
        _(
            "Chips per opponent: {chips}; {low} when the losing side took {points} or less; "
            "{no_trick} when it took no trick; a Solo × {solo}. Won, each opponent pays them to "
            "the Tappist; lost, the Tappist pays each opponent."
        ).format(
            chips=plural(int(rules["chips"]), "chip"),
            low=rules["chips_low"],
            points=plural(int(rules["low_points"]), "point"),
            no_trick=rules["chips_no_trick"],
            solo=rules["solo_factor"],
        ),
    ]
    if players is None or players >= 7:
        lines.append(
            _(
                "7 or 8 players: the Tappist names a card and its holder is the partner; all "
                "pass, the holder of the Bättler (or trump 1) must play a Tapp game. Won, the "
                "partner receives {share} × the chips of it, the Tappist the rest; lost, the "
                "partner pays {opponents}, the Tappist the others."
            ).format(
                share=rules["partner_share"],
                opponents=plural(int(rules["partner_share"]), "opponent"),
            )
        )
    lines.append(
        _(
            "Misère: the player with the most points pays {chips} to each other player; {ties}."
        ).format(
            chips=plural(int(rules["misere_chips"]), "chip"),
            ties=_(
                "tied for the most, each tied player pays every untied one; all tied, nobody pays"
            )
            if rules["misere_ties"] == "tied-pay-untied"
            else _("tied for the most, nobody pays"),
        )
    )
    return lines
