"""The rules a game is scored by (`scorepad rules`): as a player reads them, a heading and the
game's paragraphs fitted to a width, and as JSON, every setting in force."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.i18n import _
from scorepad.model import Setting
from scorepad.text import plural, wrap
from scorepad.variants.base import Variant

NOT_SETTINGS = ("profile", "name")


def rules_label(rules: Mapping[str, Setting]) -> str:
    """The rules' profile, after their name when a club's file named them: "Club: fft"."""
    name = rules.get("name")
    return f"{name}: {rules['profile']}" if name else str(rules["profile"])


def rules_object(variant: Variant, rules: Mapping[str, Setting]) -> dict[str, Any]:
    return {
        "variant": variant.name,
        "profile": rules["profile"],
        "name": rules.get("name"),
        "settings": {k: v for k, v in rules.items() if k not in NOT_SETTINGS},
    }


def rules_page(
    variant: Variant, rules: Mapping[str, Setting], players: int | None, columns: int
) -> str:
    """The heading, then each rule a paragraph of its own, wrapped at `columns`; a planned
    length where the game's profiles do not hold one (Piedmont's match is its own rule)."""
    heading = _("{game}, {profile} rules").format(game=_(variant.title), profile=rules_label(rules))
    if players is not None:
        heading += _(", {players}").format(players=plural(players, "player"))
    paragraphs = [heading, *variant.rules_text(rules, players)]
    deals = int(rules.get("deals", 0))
    if deals and "deals" not in next(iter(variant.profiles.values())):
        paragraphs.append(_("The session plays {deals}.").format(deals=plural(deals, "deal")))
    lines = []
    for i, paragraph in enumerate(paragraphs):
        lines += wrap(paragraph if i == 0 else "- " + paragraph, columns)
    return "\n".join(lines)
