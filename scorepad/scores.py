"""Scoring a session: each deal at its own table (who was seated for it, the rules), one deal
explained or every deal in turn, and whether the match is over. Pure, below both the edits of
a session (`core`) and the standings (`ranking`), which read the outcomes from here."""

from __future__ import annotations

from collections.abc import Iterator

from scorepad.checks import length_end, planned_length
from scorepad.i18n import ngettext
from scorepad.model import Deal, Outcome, Session, deal_tables, table_at
from scorepad.variants import get_variant


def score(session: Session, deal: Deal, n: int | None = None) -> Outcome:
    """The deal's outcome, explained; `n`: its number (default: where the deal is among the
    session's deals, else the last: at a table where people sit out, it says who is seated)."""
    if n is None:
        n = max(len(session.deals), 1)
        if not session.fixed:
            n = next((i for i, d in enumerate(session.deals, 1) if d is deal), n)
    table = table_at(session, n)
    return get_variant(session.variant).score(deal.entry, table)


def outcomes(session: Session) -> list[Outcome]:
    """Every deal's outcome, in order, without the explanations (`iter_outcomes`, kept)."""
    return list(iter_outcomes(session))


def iter_outcomes(session: Session) -> Iterator[Outcome]:
    """Each deal's outcome in turn, none kept, without the explanations (`score` gives one
    deal's): tables, totals and exports need only the numbers."""
    variant = get_variant(session.variant)
    return (
        variant.score(deal.entry, table, explain=False)
        for deal, table in zip(session.deals, deal_tables(session), strict=True)
    )


def match_over(session: Session) -> str | None:
    """Why the session's match is over after its deals, else None: the game's match, or the
    session's planned length (`new --deals`) played."""
    return length_played(session) or get_variant(session.variant).match_over(
        session.rules, iter_outcomes(session)
    )


def match_level(session: Session) -> str | None:
    """ "level at 182: play on": the match reached its end with the leaders level."""
    return get_variant(session.variant).match_level(session.rules, iter_outcomes(session))


def length_played(session: Session) -> str | None:
    """ "the table has played its 4 deals", once the session holds its planned length (of
    deals played: a passed or cancelled one is dealt again)."""
    length = planned_length(session.rules, get_variant(session.variant))
    if length_end(session.deals, length) is None:
        return None
    return ngettext(
        "the table has played its {n} deal", "the table has played its {n} deals", length
    ).format(n=length)
