"""The statistics as `stats --json` prints them (`stats_object`): integers only, keys stable
(the package's docstring describes them; each game's own keys, its `stats` module)."""

from __future__ import annotations

from typing import Any

from scorepad.stats.figures import JSON_SCHEMA, DealRef, PlayerStats, Stats


def _ref(ref: DealRef | None) -> dict[str, int] | None:
    return None if ref is None else {"score": ref.score, "session": ref.session, "n": ref.n}


def _game(st: Stats) -> Any:
    from scorepad.variants import get_variant

    return get_variant(st.variant).stats


def _player(st: Stats, p: PlayerStats) -> dict[str, Any]:
    """One player's object: the game-free keys, then the game's own."""
    return {
        "name": p.name,
        "played": p.played,
        "counted": p.counted,
        "total": p.total,
        "penalties": p.penalties,
        "best_deal": _ref(p.best),
        "worst_deal": _ref(p.worst),
        **_game(st).player_json(p.game),
    }


def stats_object(st: Stats, player: str | None = None) -> dict[str, Any]:
    """`stats --json`; with `player` (a name as --player takes it), that player only, and of
    the game's top-level keys what concerns them."""
    chosen = (st.player(player),) if player is not None else st.players
    obj: dict[str, Any] = {
        "schema": JSON_SCHEMA,
        "variant": st.variant,
        "deals": st.deals,
        "sessions": list(st.sessions),
        "players": [_player(st, p) for p in chosen],
    }
    obj.update(_game(st).table_json(st, None if player is None else chosen[0].name))
    return obj
