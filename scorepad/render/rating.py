"""The ratings as people and scripts read them (`scorepad rating`): the table, the JSON
object, and a player's last deals explained. Returns text and objects, never prints."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorepad.i18n import _, ngettext
from scorepad.model import Session
from scorepad.rating import MIN_DEALS, Rated, Ratings, Step
from scorepad.render.grid import grid
from scorepad.text import MINUS, plural, wrap
from scorepad.variants.figures import DASH


def whole(x: float) -> str:
    """A rating as people read one: 1,512."""
    return f"{round(x):,}".replace("-", MINUS)


def shown(r: Rated) -> str:
    """ "1,512 ± 80"."""
    return f"{whole(r.rating)} ± {whole(r.uncertainty)}"


def rating_cell(r: Rated | None) -> str:
    """A rating in the statistics' tables: as `shown`, "–" before MIN_DEALS rated deals."""
    return DASH if r is None or r.deals < MIN_DEALS else shown(r)


def change(x: float) -> str:
    """+12, −7, 0."""
    n = round(x)
    return f"+{n:,}" if n > 0 else whole(n)


def rated_apart(r: Ratings, min_deals: int) -> tuple[list[Rated], list[Rated]]:
    """Those with a rating shown, best first, and those with fewer deals than `min_deals`,
    most deals first."""
    rated = [p for p in r.players if p.deals >= min_deals]
    apart = sorted((p for p in r.players if p.deals < min_deals), key=lambda p: (-p.deals, p.name))
    return rated, apart


def ratings_object(r: Ratings, min_deals: int) -> dict[str, Any]:
    """`rating --json`: whole numbers; those with fewer deals than `min_deals` last, their
    rating and change null."""
    rated, apart = rated_apart(r, min_deals)
    shown_ = {p.name for p in rated}
    return {
        "variant": r.variant,
        "deals": r.deals,
        "players": [
            {
                "name": p.name,
                "rating": round(p.rating) if p.name in shown_ else None,
                "uncertainty": round(p.uncertainty),
                "deals": p.deals,
                "change": round(p.change) if p.name in shown_ else None,
            }
            for p in (*rated, *apart)
        ],
    }


def ratings_text(
    r: Ratings, title: str, sessions: int, min_deals: int, fmt: str, fit: int | None
) -> str:
    """The ratings' heading and table; those with fewer deals than `min_deals` on a line
    apart."""
    rated, apart = rated_apart(r, min_deals)
    lines = wrap(
        _("{title} ratings: {deals} in {sessions}").format(
            title=title, deals=plural(r.deals, "deal"), sessions=plural(sessions, "session")
        ),
        fit,
    )
    headers = [_("player"), _("rating"), _("deals"), _("change")]
    rows = [[p.name, shown(p), f"{p.deals:,}", change(p.change)] for p in rated]
    if rows:
        lines += grid(rows, headers, fmt, [1, 2, 3], fit, [3, 2]).split("\n")
    if apart:
        lines += ["", *wrap(not_rated(apart, min_deals), fit)]
    return "\n".join(lines)


def not_rated(apart: Sequence[Rated], min_deals: int) -> str:
    """Those not rated yet, each with their deals."""
    return ngettext(
        "not rated yet, fewer than {n} deal: {players}",
        "not rated yet, fewer than {n} deals: {players}",
        min_deals,
    ).format(n=min_deals, players=_(", ").join(f"{p.name} ({p.deals})" for p in apart))


def player_text(
    p: Rated,
    title: str,
    min_deals: int,
    steps: Sequence[Step],
    sessions: Sequence[Session],
    names: Sequence[str],
    fit: int | None,
) -> str:
    """One player's rating and the last deals' changes, each explained (`explained`)."""
    if p.deals >= min_deals:
        head = _("{name} — {title}: {rating} over {deals} (change: {change})").format(
            name=p.name,
            title=title,
            rating=shown(p),
            deals=plural(p.deals, "deal"),
            change=change(p.change),
        )
    else:
        head = _("{name} — {title}: not rated yet, {deals} of the {n} needed").format(
            name=p.name, title=title, deals=plural(p.deals, "deal"), n=min_deals
        )
    lines = wrap(head, fit)
    if steps:
        lines.append(_("the last deals, and what each changed:"))
    labels = session_labels(sessions, names)
    for step in steps:
        where = labels[step.session] + _(", ") if len(sessions) > 1 else ""
        lines += wrap("  " + where + explained(step, p.name), fit)
    return "\n".join(lines)


def session_labels(sessions: Sequence[Session], names: Sequence[str]) -> list[str]:
    """Each session as a player's lines name it: its date, with its file's name where
    several sessions share the date (or have none)."""
    dates = [s.date for s in sessions]
    return [
        s.date
        if s.date and dates.count(s.date) == 1
        else " ".join(filter(None, (s.date, Path(f).stem)))
        for s, f in zip(sessions, names, strict=True)
    ]


def role(step: Step, name: str) -> str:
    """The player's role in the deal: taker, partner, defender (head to head: player)."""
    c = step.contest
    if not c.contract:
        return "player"
    if name in c.side:
        return "taker" if name == c.side[0] else "partner"
    return "defender"


def player_object(
    r: Ratings,
    p: Rated,
    min_deals: int,
    steps: Sequence[Step],
    sessions: Sequence[Session],
    names: Sequence[str],
) -> dict[str, Any]:
    """`rating --player NAME --json`: the ratings' object holding that player only, and
    `"last"`: the last deals, each with its session (its file), number, the player's role,
    the contract, the result, the side's margin and the one expected, the opponents' mean
    rating before it and the change (whole numbers)."""
    obj = ratings_object(r, min_deals)
    obj["players"] = [q for q in obj["players"] if q["name"] == p.name]
    last = []
    for step in steps:
        c = step.contest
        against = c.others if p.name in c.side else c.side
        last.append(
            {
                "session": names[step.session],
                "n": step.n,
                "role": role(step, p.name),
                "contract": c.contract or None,
                "result": c.result,
                "margin": c.margin,
                "expected": round(step.expected),
                "against": round(sum(step.before[q] for q in against) / len(against)),
                "change": round(step.change),
            }
        )
    obj["last"] = last
    return obj


def explained(step: Step, name: str) -> str:
    """One deal as it moved the player's rating, in the player's role: "deal 12: garde
    taken against X, Y, Z (avg 1,540): made +4 (expected +6): −3"."""
    c = step.contest
    margin, expected, result = c.margin, step.expected, c.result
    if not c.contract and name not in c.side:  # head to head, as the other player saw it
        margin, expected = -margin, -expected
        result = {"won": "lost", "lost": "won"}[result]
    against = c.others if name in c.side else c.side
    said = {
        "n": step.n,
        "contract": _(c.contract),
        "taker": c.side[0],
        "avg": whole(sum(step.before[q] for q in against) / len(against)),
        "how": _("{result} {margin} (expected {expected})").format(
            result=_(result), margin=change(margin), expected=change(expected)
        ),
        "change": change(step.change),
    }
    if not c.contract:
        text = _("deal {n}: against {players} ({avg}): {how}: {change}")
    elif name == c.side[0]:
        text = _("deal {n}: {contract} taken against {players} (avg {avg}): {how}: {change}")
    elif name in c.side:
        text = _(
            "deal {n}: partner in {taker}'s {contract}, against {players} (avg {avg}): "
            "{how}: {change}"
        )
    else:
        text = _("deal {n}: defended against {players}'s {contract} (avg {avg}): {how}: {change}")
    players = _(" and ").join(c.side) if name not in c.side else _(", ").join(c.others)
    return text.format(players=players, **said)
