"""The statistics as `stats --json` prints them (`stats_object`): integers only, keys stable
(the package's docstring describes them)."""

from __future__ import annotations

from typing import Any

from scorepad.stats.figures import (
    JSON_SCHEMA,
    Contract,
    DealRef,
    French,
    Pair,
    PlayerStats,
    Stats,
    Troggu,
)

# --- the JSON object ----------------------------------------------------------------------------


def _ref(ref: DealRef | None) -> dict[str, int] | None:
    return None if ref is None else {"score": ref.score, "session": ref.session, "n": ref.n}


def _contract(c: Contract, taker: bool) -> dict[str, int]:
    obj = {
        "took" if taker else "bid": c.bid,
        "made": c.made,
        "failed": c.failed,
        "total": c.total,
        "bouts": c.bouts,
        "margin": c.margin,
    }
    if not taker:
        obj.update(called=c.called, alone=c.alone)
    return obj


def _pair(p: Pair) -> dict[str, Any]:
    return {
        "taker": p.taker,
        "partner": p.partner,
        "deals": p.deals,
        "made": p.made,
        "total": p.total,
    }


def player_object(p: PlayerStats) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "name": p.name,
        "played": p.played,
        "total": p.total,
        "best_deal": _ref(p.best),
        "worst_deal": _ref(p.worst),
    }
    g = p.game
    if isinstance(g, French):
        obj.update(
            took=g.took,
            by_contract={c: _contract(v, True) for c, v in g.by_contract.items()},
            roles={
                r: {"deals": v.deals, "total": v.total, "won": v.won} for r, v in g.roles.items()
            },
            slams={"won": g.slams.won, "lost": g.slams.lost},
            petit_au_bout={"won": g.petit_au_bout.won, "lost": g.petit_au_bout.lost},
            handfuls=g.handfuls,
            excuses_lost=g.excuses_lost,
            longest_run=g.longest_run,
        )
    elif isinstance(g, Troggu):
        obj.update(
            by_bid={b: {"won": v.won, "draw": v.draw, "lost": v.lost} for b, v in g.by_bid.items()},
            chips={k: {"deals": v.deals, "won": v.won, "lost": v.lost} for k, v in g.chips.items()},
            misere={"played": g.miseres.cases, "lost": g.miseres.count},
            baettler={"given": g.baettler.given, "lost": g.baettler.lost},
        )
    else:
        obj.update(
            won=g.won,
            matches={"played": g.matches.cases, "won": g.matches.count},
            biggest_margin=g.biggest_margin,
        )
    return obj


def stats_object(st: Stats, player: str | None = None) -> dict[str, Any]:
    """`stats --json`; with `player` (a name as --player takes it), that player only, with
    the pairs they played in (French; no "contracts": those are the whole table's)."""
    chosen = (st.player(player),) if player is not None else st.players
    obj: dict[str, Any] = {
        "schema": JSON_SCHEMA,
        "variant": st.variant,
        "deals": st.deals,
        "sessions": list(st.sessions),
        "players": [player_object(p) for p in chosen],
    }
    if st.variant == "french":
        pairs = st.partners if player is None else st.partners_of(chosen[0].name)
        obj.update(passed=st.passed, cancelled=st.cancelled)
        if player is None:
            obj["contracts"] = {c: _contract(v, False) for c, v in st.contracts.items()}
        obj["partners"] = [_pair(p) for p in pairs]
    return obj
