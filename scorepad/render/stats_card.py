"""One player's card of the statistics (`stats --player NAME`): the figures of every table
of the season that concern them, and the pairs they played in. Returns text and never prints."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.i18n import _
from scorepad.render.stats_parts import (
    DASH,
    KIND_NAMES,
    average,
    contract_name,
    contract_row,
    deal_ref,
    game_of,
    partners_table,
    rate,
    rate_of,
    score_text,
    sentence_lines,
    stats_table,
    won_draw_lost,
)
from scorepad.stats import CONTRACTS, French, Piedmont, Rate, Stats, Tally, Troggu
from scorepad.text import num, plural, signed, width


def _pairs(items: Sequence[tuple[str, str]]) -> list[str]:
    """Labels and values, the values lined up."""
    widest = max(width(label) for label, _value in items)
    return [f"  {label}{' ' * (widest - width(label))}  {value}" for label, value in items]


def player_card(st: Stats, name: str, fit: int | None = None) -> str:
    """Everything about one player (`name` as --player takes it: a unique beginning will
    do): the figures of every table, and the pairs they played in."""
    p = st.player(name)
    v = game_of(st)
    head = _("{name} — {title}: {deals} in {sessions} ({unit})").format(
        name=p.name,
        title=_(v.title),
        deals=plural(p.played, "deal"),
        sessions=plural(len(st.sessions), "session"),
        unit=_(v.unit),
    )
    items = [
        (_("total"), score_text(st, p.total)),
        (_("average per deal"), average(Tally(p.played, p.total), sign=st.variant != "piedmont")),
    ]
    tables: list[tuple[str, str]] = []
    g = p.game
    if isinstance(g, French):
        roles = [
            ("taker", _("as taker")),
            ("partner", _("as partner")),
            ("defender", _("as defender")),
        ]
        items += [
            (
                _("takes"),
                _("{took} ({share} of the deals played)").format(
                    took=g.took, share=rate(Rate(g.took, p.played))
                ),
            ),
            (_("contracts made"), rate_of(Rate(g.made, g.took))),
            *(
                (
                    label,
                    _("{average} over {deals}").format(
                        average=average(g.roles[role].score),
                        deals=plural(g.roles[role].deals, "deal"),
                    ),
                )
                for role, label in roles
                if role != "partner" or st.five
            ),
            (_("margin when taking"), average(g.margin)),
            (_("longest run of made contracts"), str(g.longest_run)),
            (_("slams"), _("won {won}, lost {lost}").format(won=g.slams.won, lost=g.slams.lost)),
            (
                _("petit au bout"),
                _("won {won}, lost {lost}").format(
                    won=g.petit_au_bout.won, lost=g.petit_au_bout.lost
                ),
            ),
            (_("handfuls shown"), str(g.handfuls)),
            (_("Excuses lost"), str(g.excuses_lost)),
        ]
        rows = [
            contract_row(contract_name(c), g.by_contract[c], False)
            for c in CONTRACTS
            if g.by_contract[c].bid
        ]
        if rows:
            tables.append(
                (
                    _("Contracts taken"),
                    stats_table(
                        rows,
                        [
                            _("contract"),
                            _("took"),
                            _("made"),
                            _("failed"),
                            _("success"),
                            _("average score"),
                            _("average bouts"),
                            _("average margin"),
                        ],
                        fit,
                        [7, 6, 3],
                    ),
                )
            )
        pairs = st.partners_of(p.name)
        if pairs:
            tables.append((_("Taker and partner"), partners_table(pairs, fit)))
    elif isinstance(g, Troggu):
        items += [
            (_("Tapp won–draw–lost"), won_draw_lost(g, "tapp")),
            (_("Solo won–draw–lost"), won_draw_lost(g, "solo")),
            (_("misères lost"), rate_of(g.miseres)),
            (
                _("Bättler kept back"),
                _("escaped {given}, lost {lost}").format(
                    given=g.baettler.given, lost=g.baettler.lost
                ),
            ),
        ]
        rows = [
            [_(KIND_NAMES[k]), c.deals, signed(c.won), num(-c.lost), signed(c.net)]
            for k, c in g.chips.items()
            if c.deals
        ]
        tables.append(
            (
                _("Chips won and lost"),
                stats_table(rows, [_("kind"), _("deals"), _("won"), _("lost"), _("net")], fit, []),
            )
        )
    else:
        assert isinstance(g, Piedmont)
        items += [
            (_("deals won"), rate_of(Rate(g.won, p.played))),
            (_("matches won"), rate_of(g.matches)),
            (_("biggest margin"), DASH if g.biggest_margin is None else str(g.biggest_margin)),
        ]
    items += [(_("best deal"), deal_ref(st, p.best)), (_("worst deal"), deal_ref(st, p.worst))]
    parts = [*sentence_lines(head, fit), *_pairs(items)]
    for title, body in tables:
        parts += ["", title, body]
    return "\n".join(parts)
