"""The registry of games: every game's module by name, looked up by name or alias, and its
default rules. What a game is lives in `scorepad.protocol`, the shared reader of deal entries
in `scorepad.reading`; their names are re-exported here, where the games and the core have
always found them.

A game is one module defining an object that satisfies `Variant`; it never prints or
writes. A deal arrives as a *raw* mapping (from command-line options or from the TOML
file) and the variant reads it with a `Reader`, which collects every problem instead of
stopping at the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import N_, _
from scorepad.model import Setting
from scorepad.protocol import (
    FIELD_WORDS,
    FOOL_HELP,
    FOOL_PLAYED,
    FOOL_WON,
    Field,
    Variant,
    check_outcome,
    compact,
    field_word,
    fool_fields,
    merge_raw,
    raw_value,
    with_prompts,
    with_words,
)
from scorepad.reading import (
    FOOL_HOW,
    FOOL_KEYS,
    MISSING,
    NUMBER,
    NotAsSaved,
    PointsOrPile,
    Reader,
    Saved,
    as_decimal,
    fool_event_complete,
    fool_pile_problem,
    foreign_option,
    resolve_choice,
    short_answers,
)
from scorepad.text import shown

__all__ = [
    "FIELD_WORDS",
    "FOOL_HELP",
    "FOOL_HOW",
    "FOOL_KEYS",
    "FOOL_PLAYED",
    "FOOL_WON",
    "GAMES",
    "MISSING",
    "NUMBER",
    "Field",
    "NotAsSaved",
    "PointsOrPile",
    "Reader",
    "Saved",
    "Variant",
    "as_decimal",
    "check_outcome",
    "compact",
    "default_rules",
    "field_word",
    "fool_event_complete",
    "fool_fields",
    "fool_pile_problem",
    "foreign_option",
    "get_variant",
    "in_game_words",
    "merge_raw",
    "raw_value",
    "registry",
    "resolve_choice",
    "short_answers",
    "with_prompts",
    "with_words",
]


#: every game: its name, its module and the title its deal options go under in --help (adding a
#: game: one module and a line here)
GAMES: dict[str, tuple[str, str]] = {
    "french": ("scorepad.variants.french", N_("French Tarot")),
    "troggu": ("scorepad.variants.troggu", N_("Troggu")),
    "piedmont": ("scorepad.variants.piedmont", N_("Piedmontese tarot")),
}


_REGISTRY: dict[str, Variant] = {}
_NAMES: dict[str, Variant] = {}  # every name and alias, for the lookups of every deal


def registry() -> dict[str, Variant]:
    """The games by name, imported when first asked for (start-up stays lean)."""
    if not _REGISTRY:
        _REGISTRY.update((name, get_variant(name)) for name in GAMES)
    return dict(_REGISTRY)


def get_variant(name: str) -> Variant:
    found = _NAMES.get(name)
    if found is not None:
        return found
    if name in GAMES:  # as files name them: import that game only
        import importlib

        variant: Variant = getattr(importlib.import_module(GAMES[name][0]), name.upper())
        _NAMES[name] = variant
        return variant
    wanted = name.strip().lower()
    for variant in registry().values():
        if wanted == variant.name or wanted in variant.aliases:
            if len(_NAMES) < 100:  # names as typed: a hostile file can't make it grow
                _NAMES[name] = variant
            return variant
    known = ", ".join(registry())
    raise ScorepadError(
        [
            Problem(
                "",
                _("unknown variant {name} (known: {known})").format(name=shown(name), known=known),
            )
        ]
    )


def default_rules(variant: Variant, profile: str | None = None) -> dict[str, Setting]:
    name = profile or next(iter(variant.profiles))
    if name not in variant.profiles:
        known = ", ".join(variant.profiles)
        raise ScorepadError(
            [
                Problem(
                    "",
                    _("unknown rule profile {name} for {name2} (profiles: {known})").format(
                        name=shown(name), name2=variant.name, known=known
                    ),
                )
            ]
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


# --- reading raw entries -------------------------------------------------------------------
