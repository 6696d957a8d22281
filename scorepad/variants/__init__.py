"""The registry of games: every game's module by name, looked up by name or alias, and its
default rules. What a game is lives in `scorepad.variants.base` (the `Variant` protocol and
its fields), the shared reader of deal entries in `scorepad.variants.reader`; the games import
those two, never this module, and this module re-exports neither.

A game is one module defining an object that satisfies `Variant`; it never prints or
writes. A deal arrives as a *raw* mapping (from command-line options or from the TOML
file) and the variant reads it with a `Reader`, which collects every problem instead of
stopping at the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Setting, Table
from scorepad.text import shown
from scorepad.variants.base import Variant
from scorepad.variants.reader import ForeignKey, not_a_field

#: every game: its name, its module and the title its deal options go under in --help (adding a
#: game: one module and a line here)
GAMES: dict[str, tuple[str, str]] = {
    "french": ("scorepad.variants.french", N_("French Tarot")),
    "troggu": ("scorepad.variants.troggu", N_("Troggu")),
    "piedmont": ("scorepad.variants.piedmont", N_("Piedmontese tarot")),
}


def registry() -> dict[str, Variant]:
    """The games by name."""
    return {name: get_variant(name) for name in GAMES}


def get_variant(name: str) -> Variant:
    """The game of that name or alias, as typed (any case); ScorepadError naming the known
    games when there is none. A file's own name imports that game only (start-up stays lean)."""
    if name in GAMES:
        variant: Variant = getattr(import_module(GAMES[name][0]), name.upper())
        return variant
    wanted = name.strip().lower()
    for variant in registry().values():
        if wanted == variant.name or wanted in variant.aliases:
            return variant
    known = ", ".join(registry())
    raise ScorepadError.at(
        "", _("unknown variant {name} (known: {known})").format(name=shown(name), known=known)
    )


def default_rules(variant: Variant, profile: str | None = None) -> dict[str, Setting]:
    """The rules of a profile of the game (its first, the default, when None), with the
    profile's name and a planned length (`deals`, 0: none); ScorepadError for another name."""
    name = profile or next(iter(variant.profiles))
    if name not in variant.profiles:
        known = ", ".join(variant.profiles)
        raise ScorepadError.at(
            "",
            _("unknown rule profile {name} for {name2} (profiles: {known})").format(
                name=shown(name), name2=variant.name, known=known
            ),
        )
    # every game's planned length (`new --deals`): Piedmont's match keeps its own in its
    # profile (where the match's end is the game's); 0: none
    rules = {"profile": name, **variant.profiles[name]}
    rules.setdefault("deals", 0)
    return rules


def in_game_words(variant: Variant, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields with the common short options' keys (contract, taker) in the game's own
    words (Troggu: bid, tappist), unless those were given too."""
    fields = dict(raw)
    for common, own in variant.synonyms.items():
        if common in fields and own not in fields:
            fields[own] = fields.pop(common)
    return fields


def foreign_option(key: str, variant: Variant) -> str:
    """Why `key` is refused by `variant`: which other game it belongs to, if any."""
    owners = [v.name for v in registry().values() for f in v.fields if f.key == key]
    if owners:
        return _("{option} belongs to {owners}, not to a {name} deal").format(
            option="--" + key.replace("_", "-"), owners=_(" and ").join(owners), name=variant.name
        )
    return not_a_field(key, variant.name)


def read_entry(variant: Variant, raw: Mapping[str, Any], table: Table) -> Any:
    """`variant.read_entry(raw, table)`, where a field the game does not read is said as the
    game's it belongs to ("--bid belongs to troggu, not to a french deal"): a game's reader
    knows no other game."""
    try:
        return variant.read_entry(raw, table)
    except ScorepadError as err:
        if not any(isinstance(p, ForeignKey) for p in err.problems):
            raise
        problems = [
            Problem(p.where, foreign_option(p.field, variant), p.field, p.asked)
            if isinstance(p, ForeignKey) and p.field is not None
            else p
            for p in err.problems
        ]
        raise ScorepadError(problems, err.missing) from None
