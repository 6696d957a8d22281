"""The statistics as people read them in a terminal: tables that fit its width (a player's
card is `stats_card`), and the sheet's compact tables. Returns text and never prints; the
rates, averages and shapes both share are `stats_parts`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.i18n import _
from scorepad.render.stats_parts import (
    DASH,
    KIND_NAMES,
    average,
    contract_name,
    contract_row,
    game_of,
    partners_table,
    rate,
    rate_of,
    sentence_lines,
    stats_table,
    won_draw_lost,
)
from scorepad.stats import (
    CONTRACTS,
    KINDS,
    French,
    Piedmont,
    PlayerStats,
    Rate,
    Stats,
    Tally,
    Troggu,
)
from scorepad.text import num, plural, signed


def heading(st: Stats, title: str, unit: str) -> str:
    """The statistics' first line: "French Tarot statistics: 13 deals in 1 session (points)"."""
    return _("{title} statistics: {deals} in {sessions} ({unit})").format(
        title=title,
        deals=plural(st.deals, "deal"),
        sessions=plural(len(st.sessions), "session"),
        unit=unit,
    )


def stats_text(st: Stats, fit: int | None = None) -> str:
    """Every table of the statistics; with `fit` (a terminal's width) the least needed
    columns step aside."""
    v = game_of(st)
    parts = sentence_lines(heading(st, _(v.title), _(v.unit)), fit)
    sections = {
        "french": _french_sections,
        "troggu": _troggu_sections,
        "piedmont": _piedmont_sections,
    }[st.variant](st, fit)
    for title, body in sections:
        parts += ["", title, body]
    return "\n".join(parts)


# --- French Tarot --------------------------------------------------------------------------------


def _french_sections(st: Stats, fit: int | None) -> list[tuple[str, str]]:
    players = [(p, p.game) for p in st.players if isinstance(p.game, French)]
    headers = [
        _("player"),
        _("deals"),
        _("takes"),
        _("share"),
        _("made"),
        _("success"),
        _("as taker"),
        _("as partner"),
        _("as defender"),
        _("margin"),
        _("best deal"),
        _("worst deal"),
        _("longest run"),
    ]
    rows = [
        [
            p.name,
            p.played,
            g.took,
            rate(Rate(g.took, p.played)),
            g.made,
            rate(Rate(g.made, g.took)),
            average(g.roles["taker"].score),
            average(g.roles["partner"].score),
            average(g.roles["defender"].score),
            average(g.margin),
            signed(p.best.score) if p.best else DASH,
            signed(p.worst.score) if p.worst else DASH,
            g.longest_run,
        ]
        for p, g in players
    ]
    drop = [11, 10, 12, 9, 3, 4, 7]
    if not st.five:  # nobody was ever called: no column of dashes
        rows = [r[:7] + r[8:] for r in rows]
        headers = headers[:7] + headers[8:]
        drop = [10, 9, 11, 8, 3, 4]
    sections = [(_("Players"), stats_table(rows, headers, fit, drop))]

    by_contract = [
        [p.name, *(rate_of(g.by_contract[c].success) for c in CONTRACTS)] for p, g in players
    ]
    sections.append(
        (
            _("Contracts made, by player"),
            stats_table(by_contract, [_("player"), *map(contract_name, CONTRACTS)], fit, []),
        )
    )
    sections.append((_("Contracts"), _contracts_table(st, fit)))
    if st.partners:
        sections.append((_("Taker and partner"), partners_table(st.partners, fit)))
    rows = [
        [
            p.name,
            f"{g.slams.won}–{g.slams.lost}",
            f"{g.petit_au_bout.won}–{g.petit_au_bout.lost}",
            g.handfuls,
            g.excuses_lost,
        ]
        for p, g in players
    ]
    sections.append(
        (
            _("Slams, petits au bout, handfuls and Excuses"),
            stats_table(
                rows,
                [
                    _("player"),
                    _("slams won–lost"),
                    _("petit au bout won–lost"),
                    _("handfuls"),
                    _("Excuses lost"),
                ],
                fit,
                [4, 3],
            ),
        )
    )
    return sections


def _contracts_table(st: Stats, fit: int | None) -> str:
    from scorepad.variants.french.entry import CONTRACT_WORDS

    headers = [
        _("contract"),
        _("bid"),
        _("made"),
        _("failed"),
        _("success"),
        _("average score"),
        _("average bouts"),
        _("average margin"),
    ]
    if st.five:
        headers.append(_("alone"))
    rows = [contract_row(contract_name(c), st.contracts[c], st.five) for c in CONTRACTS]
    rows += [
        [_(CONTRACT_WORDS[word]), count, *[""] * (len(headers) - 2)]
        for word, count in (("pass", st.passed), ("cancelled", st.cancelled))
    ]
    return stats_table(rows, headers, fit, [7, 6, 3])


# --- Troggu ---------------------------------------------------------------------------------------


def _chips(p: PlayerStats, kind: str) -> str:
    assert isinstance(p.game, Troggu)
    chips = p.game.chips[kind]
    if not chips.deals:
        return DASH
    return f"{signed(chips.won)} {num(-chips.lost)}" if chips.lost else signed(chips.won)


def _troggu_sections(st: Stats, fit: int | None) -> list[tuple[str, str]]:
    players = [(p, p.game) for p in st.players if isinstance(p.game, Troggu)]
    rows = [
        [
            p.name,
            p.played,
            won_draw_lost(g, "tapp"),
            won_draw_lost(g, "solo"),
            rate_of(g.miseres),
            rate_of(Rate(g.baettler.given, g.baettler.given + g.baettler.lost)),
            signed(p.best.score) if p.best else DASH,
            signed(p.worst.score) if p.worst else DASH,
        ]
        for p, g in players
    ]
    headers = [
        _("player"),
        _("deals"),
        _("Tapp won–draw–lost"),
        _("Solo won–draw–lost"),
        _("misères lost"),
        _("Bättler escaped"),
        _("best deal"),
        _("worst deal"),
    ]
    sections = [(_("Players"), stats_table(rows, headers, fit, [7, 6, 5]))]
    rows = [[p.name, *(_chips(p, kind) for kind in KINDS), signed(p.total)] for p, _g in players]
    sections.append(
        (
            _("Chips won and lost"),
            stats_table(
                rows, [_("player"), *(_(KIND_NAMES[k]) for k in KINDS), _("total")], fit, []
            ),
        )
    )
    return sections


# --- Piedmont -------------------------------------------------------------------------------------


def _piedmont_sections(st: Stats, fit: int | None) -> list[tuple[str, str]]:
    players = [(p, p.game) for p in st.players if isinstance(p.game, Piedmont)]
    rows = [
        [
            p.name,
            p.played,
            g.won,
            rate(Rate(g.won, p.played)),
            rate_of(g.matches),
            average(Tally(p.played, p.total), sign=False),
            DASH if g.biggest_margin is None else g.biggest_margin,
            p.best.score if p.best else DASH,
            p.worst.score if p.worst else DASH,
        ]
        for p, g in players
    ]
    headers = [
        _("player"),
        _("deals"),
        _("won"),
        _("success"),
        _("matches won"),
        _("average points"),
        _("biggest margin"),
        _("best deal"),
        _("worst deal"),
    ]
    return [(_("Players"), stats_table(rows, headers, fit, [8, 7, 3]))]


# --- the command ---------------------------------------------------------------------------------


def of_files(files: Sequence[Any], sessions: Sequence[Any]) -> Stats:
    """The statistics of the sessions read from `files` (one game, by date), each session
    named as the league names it: its date, else its title, else the file's name."""
    from pathlib import Path

    from scorepad.render.deals import session_label
    from scorepad.stats import stats

    return stats(
        sessions, [session_label(s, Path(f).stem) for f, s in zip(files, sessions, strict=True)]
    )


def command_output(
    files: Sequence[Any],
    sessions: Sequence[Any],
    player: str | None,
    as_json: bool,
    fit: int | None,
) -> Any:
    """What `scorepad stats` prints: the JSON object (`as_json`), else the tables, or with
    `player` that player's card (a ScorepadError on --player naming nobody)."""
    from scorepad.render.stats_card import player_card
    from scorepad.stats import stats_object

    st = of_files(files, sessions)
    if as_json:
        return stats_object(st, player)
    return stats_text(st, fit) if player is None else player_card(st, player, fit)


# --- the evening's sheet ------------------------------------------------------------------------


def sheet_tables(st: Stats) -> list[tuple[str, list[str], list[list[str]]]]:
    """The compact statistics of the evening's sheet (`scorepad report`), as (title, column
    heads, rows) with the cells the terminal's tables show (the same rounding, the same
    counts below 3 cases); every column but the first is a number. French Tarot: per player
    (takes, success, averages as taker, partner and defender) and per contract; Troggu: the
    Tappist's games and the chips by kind; Piedmont: deals and matches won."""
    tables: list[tuple[str, list[str], list[list[str]]]] = []
    if st.variant == "french":
        roles = [r for r in ("taker", "partner", "defender") if r != "partner" or st.five]
        role_heads = {
            "taker": _("as taker"),
            "partner": _("as partner"),
            "defender": _("as defender"),
        }
        rows = [
            [
                p.name,
                str(p.game.took),
                rate(Rate(p.game.made, p.game.took)),
                *(average(p.game.roles[r].score) for r in roles),
            ]
            for p in st.players
            if isinstance(p.game, French)
        ]
        tables.append(
            (
                _("Players"),
                [_("player"), _("takes"), _("success"), *(role_heads[r] for r in roles)],
                rows,
            )
        )
        rows = [
            [
                contract_name(c),
                str(st.contracts[c].bid),
                rate(st.contracts[c].success),
                average(st.contracts[c].score),
            ]
            for c in CONTRACTS
        ]
        tables.append(
            (_("Contracts"), [_("contract"), _("bid"), _("success"), _("average score")], rows)
        )
    elif st.variant == "troggu":
        players = [(p, p.game) for p in st.players if isinstance(p.game, Troggu)]
        tables.append(
            (
                _("Players"),
                [_("player"), _("Tapp won–draw–lost"), _("Solo won–draw–lost")],
                [[p.name, won_draw_lost(g, "tapp"), won_draw_lost(g, "solo")] for p, g in players],
            )
        )
        tables.append(
            (
                _("Chips won and lost"),
                [_("player"), *(_(KIND_NAMES[k]) for k in KINDS)],
                [[p.name, *(_chips(p, k) for k in KINDS)] for p, _g in players],
            )
        )
    else:
        tables.append(
            (
                _("Players"),
                [_("player"), _("deals won"), _("matches won")],
                [
                    [p.name, rate_of(Rate(p.game.won, p.played)), rate_of(p.game.matches)]
                    for p in st.players
                    if isinstance(p.game, Piedmont)
                ],
            )
        )
    return tables
