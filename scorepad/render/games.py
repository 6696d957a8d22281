"""The games scorepad keeps (`scorepad variants`): their players, units, rule profiles and
settings, as a JSON object and as text."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from scorepad.i18n import _
from scorepad.render.grid import grid

if TYPE_CHECKING:
    from scorepad.variants.base import Variant


def variants_object(variants: Iterable[Variant]) -> list[dict[str, Any]]:
    """One object per game: name, title, aliases, players, unit, profiles, fields."""
    return [
        {
            "name": v.name,
            "title": v.title,
            "aliases": list(v.aliases),
            "players": {"min": v.min_players, "max": v.max_players},
            "unit": v.unit,
            "profiles": {name: dict(settings) for name, settings in v.profiles.items()},
            "fields": [f.option for f in v.fields],
        }
        for v in variants
    ]


def variants_lines(variants: Iterable[Variant]) -> Iterator[str]:
    """The games in a grid, then every profile's settings on a line of its own."""
    games = list(variants)
    rows = []
    for v in games:
        count = (
            f"{v.min_players}–{v.max_players}"
            if v.min_players != v.max_players
            else str(v.min_players)
        )
        rows.append([v.name, _(v.title), count, _(v.unit), ", ".join(v.profiles)])
    yield grid(rows, ["variant", "game", "players", "scores", "profiles"])
    for v in games:
        for name, settings in v.profiles.items():
            values = ", ".join(
                f"{k}={str(x).lower() if isinstance(x, bool) else x}" for k, x in settings.items()
            )
            yield f"{v.name} {name}: {values}"
