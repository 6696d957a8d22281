"""What the statistics' terminal tables and a player's card share (`stats_text`,
`stats_card`): rates, averages and deal references as people read them, the game's names of
contracts and Troggu's games, and the tables' shape. Returns text and never prints.

Averages and rates are rounded here, for display only (the figures themselves are exact, see
scorepad.stats): averages with two decimals, as the standings show theirs; below 3 cases a rate
shows its counts ("2 of 2"), never a percentage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.i18n import N_, _
from scorepad.render.grid import fitted_table
from scorepad.stats import Contract, DealRef, Rate, Stats, Tally, Troggu
from scorepad.text import average as two_decimals
from scorepad.text import num, signed, width

DASH = "–"  # no case: nothing to show
# Troggu's kinds of chips, as the tables name them
KIND_NAMES = {
    "tapp": N_("Tapp"),
    "solo": N_("Solo"),
    "partner": N_("as partner"),
    "opponent": N_("as opponent"),
    "misere": N_("misère"),
}


def rate(r: Rate) -> str:
    """ "67%", or the counts below 3 cases ("2 of 2"), "–" with none."""
    if not r.cases:
        return DASH
    if r.shown_as_counts:
        return _("{count} of {cases}").format(count=r.count, cases=r.cases)
    return f"{r.percent()}%"


def rate_of(r: Rate) -> str:
    """A rate with its cases where no other column says how many: "67% of 6", "2 of 2"."""
    if not r.cases or r.shown_as_counts:
        return rate(r)
    return _("{rate} of {cases}").format(rate=rate(r), cases=r.cases)


def average(t: Tally, sign: bool = True) -> str:
    """The average with two decimals, as every average scorepad shows (`text.average`):
    "+43.50", "−3.25"; "–" over no deal."""
    value = t.average()
    if value is None:
        return DASH
    text = two_decimals(value)
    return f"+{text}" if sign and value > 0 else text


def deal_ref(st: Stats, ref: DealRef | None) -> str:
    """ "+846 (deal 8)", "+846 (2026-11-26, deal 8)" over several sessions."""
    if ref is None:
        return DASH
    score = score_text(st, ref.score)
    if len(st.sessions) == 1:
        return _("{score} (deal {n})").format(score=score, n=ref.n)
    return _("{score} ({session}, deal {n})").format(
        score=score, session=st.sessions[ref.session - 1], n=ref.n
    )


def score_text(st: Stats, value: int) -> str:
    """A score as the game's tables show it: gains and losses signed, Piedmont's points not."""
    return num(value) if st.variant == "piedmont" else signed(value)


def sentence_lines(sentence: str, fit: int | None) -> list[str]:
    """A sentence on lines of `fit` columns at most (one line without)."""
    if fit is None or width(sentence) <= fit:
        return [sentence]
    import textwrap

    return textwrap.wrap(sentence, fit, break_on_hyphens=False)


def game_of(st: Stats) -> Any:
    """The game (its variant) the statistics are of."""
    from scorepad.variants import get_variant

    return get_variant(st.variant)


def stats_table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    fit: int | None,
    drop: Sequence[int],
    left: int = 1,
) -> str:
    """A table whose first `left` columns are text and the others numbers."""
    return fitted_table(rows, headers, range(left, len(headers)), fit, drop)


def contract_name(c: str) -> str:
    """A French contract's name in the language: "garde sans"."""
    from scorepad.variants.french.entry import CONTRACT_NAMES

    return _(CONTRACT_NAMES[c])


def contract_row(name: str, c: Contract, alone: bool) -> list[Any]:
    """One contract's row: bid (or took), made, failed, success, the average score, bouts and
    margin; with `alone`, how often the taker played alone."""
    row = [
        name,
        c.bid,
        c.made,
        c.failed,
        rate(c.success),
        average(c.score),
        average(Tally(c.bid, c.bouts), sign=False),
        average(Tally(c.bid, c.margin)),
    ]
    if alone:
        row.append(rate(Rate(c.alone, c.called + c.alone)))
    return row


def partners_table(pairs: Sequence[Any], fit: int | None) -> str:
    """Taker × partner: deals together, made, success and the taker's average."""
    rows = [
        [
            pair.taker,
            pair.partner,
            pair.deals,
            pair.made,
            rate(Rate(pair.made, pair.deals)),
            average(pair.score),
        ]
        for pair in pairs
    ]
    heads = [_("taker"), _("partner"), _("deals"), _("made"), _("success"), _("taker's average")]
    return stats_table(rows, heads, fit, [4, 3], left=2)


def won_draw_lost(g: Troggu, bid: str) -> str:
    """A Troggu player's games of one bid as a Tappist: "3–1–2" (won–draw–lost), "–" with none."""
    games = g.by_bid[bid]
    return f"{games.won}–{games.draw}–{games.lost}" if games.played else DASH
