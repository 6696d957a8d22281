"""Statistics over sessions: the same figures computed another way, on the shipped examples
and on seasons played out from shuffled decks; the invariants that tie them to the standings;
no float in the JSON object; counts, not percentages, below 3 cases; Japanese throughout.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_i18n import ENGLISH

import simulate
from conftest import EXAMPLES
from scorepad import core, i18n, ranking, scores, storage
from scorepad.errors import ScorepadError
from scorepad.render.stats_text import player_card, stats_text
from scorepad.stats import stats, stats_object
from scorepad.variants import get_variant
from scorepad.variants.figures import Rate, Tally, rate, rate_of, rounded, rounded_int
from scorepad.variants.french.stats import CONTRACTS

GAMES = {"french": ["french-club-evening.toml", "french-club-evening-2.toml",
                    "french-five-players.toml"],
         "troggu": ["troggu-four-players.toml", "troggu-seven-players.toml"],
         "piedmont": ["piedmont-match.toml"]}  # fmt: skip
SEASONS = [["french-club-evening.toml", "french-club-evening-2.toml"],
           ["french-five-players.toml"], ["french-club-evening.toml", "french-five-players.toml"],
           ["troggu-four-players.toml"], ["troggu-seven-players.toml"],
           ["troggu-four-players.toml", "troggu-seven-players.toml"],
           ["piedmont-match.toml"]]  # fmt: skip


def load(names: list[str]) -> list[Any]:
    return [storage.load(EXAMPLES / name) for name in names]


# --- the same figures, computed another way -------------------------------------------------------
# From each deal's fields as entered (entry_to_raw, what history --json shows) and its outcome
# scored with the explanation (scores.score), deal by deal, player by player: none of the
# counting in scorepad/stats.py is used.

def _ref_order(sessions: list[Any]) -> tuple[dict[str, str], list[str]]:
    """Players by casefolded name (as most often written, by sessions; the first written of
    those tied), ranked as the standings rank them."""
    from collections import Counter

    spellings: dict[str, Counter[str]] = {}
    for s in sessions:
        for p in s.players:
            spellings.setdefault(p.casefold(), Counter())[p] += 1
    names = {k: max(c, key=lambda p: (c[p], -list(c).index(p))) for k, c in spellings.items()}
    ranked = [row.name.casefold() for row in ranking.standings(sessions)]
    return names, ranked


def _ref_deals(sessions: list[Any]) -> list[tuple[int, int, Any, dict[str, Any], Any]]:
    """(session, n, session object, fields as entered, outcome) of every deal, in order."""
    out = []
    for i, s in enumerate(sessions, 1):
        variant = get_variant(s.variant)
        for n, deal in enumerate(s.deals, 1):
            raw = variant.entry_to_raw(deal.entry)
            raw["entry"] = deal.entry
            out.append((i, n, s, raw, scores.score(s, deal)))
    return out


def _ref_common(key: str, name: str, deals: list[Any]) -> dict[str, Any]:
    mine = [(i, n, o.scores[p]) for i, n, _s, _raw, o in deals for p in o.scores
            if p.casefold() == key]  # fmt: skip
    counted = sum(1 for _i, _n, _s, raw, o in deals for p in o.scores
                  if p.casefold() == key and not raw["entry"].redealt)  # fmt: skip
    best = worst = None
    if mine:
        top, low = max(v for *_x, v in mine), min(v for *_x, v in mine)
        best = next({"score": v, "session": i, "n": n} for i, n, v in mine if v == top)
        worst = next({"score": v, "session": i, "n": n} for i, n, v in mine if v == low)
    return {"name": name, "played": len(mine), "counted": counted,
            "total": sum(v for *_x, v in mine), "penalties": 0,
            "best_deal": best, "worst_deal": worst}  # fmt: skip


def _is(player: str | None, key: str) -> bool:
    return player is not None and player.casefold() == key


def _ref_french(sessions: list[Any]) -> dict[str, Any]:
    from scorepad.variants.french import attack_points
    from scorepad.variants.french.entry import TARGETS

    names, ranked = _ref_order(sessions)
    deals = _ref_deals(sessions)
    taken = []  # (raw, outcome, bouts, margin) of every deal with a contract
    for _i, _n, _s, raw, o in deals:
        if raw["contract"] in ("pass", "cancelled"):
            continue
        bouts = attack_points(raw["entry"], explain=False)[1]  # the game's own count
        taken.append((raw, o, bouts, int(o.points) - TARGETS[bouts]))
    players = []
    for key in ranked:
        obj = _ref_common(key, names[key], deals)
        mine = [t for t in taken if _is(t[0]["taker"], key)]
        obj["took"] = len(mine)
        obj["by_contract"] = {}
        for c in CONTRACTS:
            these = [t for t in mine if t[0]["contract"] == c]
            made = sum(1 for t in these if t[1].result == "made")
            obj["by_contract"][c] = {
                "took": len(these), "made": made, "failed": len(these) - made,
                "total": sum(t[1].scores[t[0]["taker"]] for t in these),
                "bouts": sum(t[2] for t in these), "margin": sum(t[3] for t in these)}
        roles: dict[str, dict[str, int]] = {r: {"deals": 0, "total": 0, "won": 0}
                                            for r in ("taker", "partner", "defender")}
        sides = Counter()
        for raw, o, _bouts, _margin in taken:
            seated = [p for p in o.scores if p.casefold() == key]
            if not seated:
                continue
            me = seated[0]
            role = "taker" if _is(raw["taker"], key) else \
                "partner" if _is(raw.get("partner"), key) else "defender"
            roles[role]["deals"] += 1
            roles[role]["total"] += o.scores[me]
            side = "defence" if role == "defender" else "attack"
            roles[role]["won"] += (o.result == "made") == (side == "attack")
            for what in ("slam", "petit_au_bout"):
                if raw.get(what):
                    sides[what, "won" if raw[what] == side else "lost"] += 1
        obj["roles"] = roles
        obj["slams"] = {"won": sides["slam", "won"], "lost": sides["slam", "lost"]}
        obj["petit_au_bout"] = {"won": sides["petit_au_bout", "won"],
                                "lost": sides["petit_au_bout", "lost"]}
        obj["handfuls"] = sum(1 for _i, _n, _s, raw, _o in deals
                              for p in raw.get("handfuls", {}) if p.casefold() == key)
        obj["excuses_lost"] = sum(1 for _i, _n, _s, raw, _o in deals if _is(raw.get("fool"), key)
                                  and raw.get("fool_exchange") == "lost")  # fmt: skip
        runs = [len(list(g)) for made, g in itertools.groupby(t[1].made for t in mine) if made]
        obj["longest_run"] = max(runs, default=0)
        players.append(obj)
    contracts = {}
    for c in CONTRACTS:
        these = [t for t in taken if t[0]["contract"] == c]
        made = sum(1 for t in these if t[1].made)
        contracts[c] = {"bid": len(these), "made": made, "failed": len(these) - made,
                        "total": sum(t[1].scores[t[0]["taker"]] for t in these),
                        "bouts": sum(t[2] for t in these), "margin": sum(t[3] for t in these),
                        "called": sum(1 for t in these if t[0].get("partner")),
                        "alone": sum(1 for t in these if t[0].get("alone"))}  # fmt: skip
    pairs = []
    for t_key, p_key in itertools.product(ranked, ranked):
        these = [t for t in taken if _is(t[0]["taker"], t_key) and _is(t[0].get("partner"), p_key)]
        if these:
            pairs.append({"taker": names[t_key], "partner": names[p_key], "deals": len(these),
                          "made": sum(1 for t in these if t[1].made),
                          "total": sum(t[1].scores[t[0]["taker"]] for t in these)})
    contract_of = Counter(raw["contract"] for _i, _n, _s, raw, _o in deals)
    return {"players": players, "passed": contract_of["pass"],
            "cancelled": contract_of["cancelled"], "contracts": contracts, "partners": pairs}


def _ref_troggu(sessions: list[Any]) -> dict[str, Any]:
    names, ranked = _ref_order(sessions)
    deals = _ref_deals(sessions)
    players = []
    for key in ranked:
        obj = _ref_common(key, names[key], deals)
        games = {b: {"won": 0, "draw": 0, "lost": 0} for b in ("tapp", "solo")}
        chips = {k: {"deals": 0, "won": 0, "lost": 0}
                 for k in ("tapp", "solo", "partner", "opponent", "misere")}
        misere = {"played": 0, "lost": 0}
        baettler = {"given": 0, "lost": 0}
        for _i, _n, _s, raw, o in deals:
            me = next((p for p in o.scores if p.casefold() == key), None)
            if me is None:
                continue
            if raw["bid"] == "misere":
                kind = "misere"
                misere["played"] += 1
                misere["lost"] += o.scores[me] < 0
            elif _is(raw["tappist"], key):
                kind = raw["bid"]
                games[kind][o.result] += 1
            else:
                kind = "partner" if _is(raw.get("partner"), key) else "opponent"
            chips[kind]["deals"] += 1
            chips[kind]["won"] += max(o.scores[me], 0)
            chips[kind]["lost"] += max(-o.scores[me], 0)
            if _is(raw.get("fool"), key):
                baettler[raw["fool_exchange"]] += 1
        obj.update(by_bid=games, chips=chips, misere=misere, baettler=baettler)
        players.append(obj)
    return {"players": players}


def _ref_piedmont(sessions: list[Any]) -> dict[str, Any]:
    names, ranked = _ref_order(sessions)
    deals = _ref_deals(sessions)
    over = [scores.match_over(s) for s in sessions]  # the game's own word on each match
    players = []
    for key in ranked:
        obj = _ref_common(key, names[key], deals)
        won = [o for *_x, o in deals for p in o.winners if p.casefold() == key]
        margins = [o.scores[w] - min(o.scores.values()) for o in won for w in o.winners]
        played = [text for s, text in zip(sessions, over, strict=True)
                  if text and any(p.casefold() == key for p in s.players)]
        obj.update(won=len(won), matches={
            "played": len(played),
            "won": sum(1 for text in played if text.casefold().endswith(f"{key} wins the match"))},
            biggest_margin=max(margins, default=None))
        players.append(obj)
    return {"players": players}


def reference(sessions: list[Any]) -> dict[str, Any]:
    variant = sessions[0].variant
    labels = [s.date or s.title or str(i) for i, s in enumerate(sessions, 1)]
    obj = {"schema": 1, "variant": variant, "deals": sum(len(s.deals) for s in sessions),
           "sessions": labels}
    obj.update({"french": _ref_french, "troggu": _ref_troggu,
                "piedmont": _ref_piedmont}[variant](sessions))
    return obj


def _assert_floatless(value: Any, where: str = "stats") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), where
            _assert_floatless(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _assert_floatless(item, f"{where}[{i}]")
    else:  # counts and sums: integers, names, null; never a float or a Decimal
        assert value is None or type(value) in (int, str, bool), f"{where}: {value!r}"


def check_invariants(sessions: list[Any]) -> None:
    """Every figure against the standings and against itself."""
    figures = stats(sessions)
    obj = stats_object(figures)
    _assert_floatless(obj)
    assert json.loads(json.dumps(obj)) == obj
    standings = {r.name: r for r in ranking.standings(sessions)}
    assert [p.name for p in figures.players] == list(standings)
    for p in figures.players:
        row = standings[p.name]
        assert (p.played, p.total) == (row.deals, row.total)
        if p.played:
            assert (p.best.score, p.worst.score) == (row.best, row.worst)
        g = p.game
        if sessions[0].variant == "french":
            # the per-role averages times their counts add up to the standings' total (the
            # averages are kept as sums and counts; the one shown is within its rounding)
            roles = [r for r in g.roles.values() if r.deals]
            assert sum(Fraction(r.total, r.deals) * r.deals for r in roles) == row.total
            for r in roles:
                shown = Fraction(r.score.average())
                assert abs(shown - Fraction(r.total, r.deals)) <= Fraction(1, 20)
            assert sum(r.deals for r in roles) == row.deals - sum(
                1 for s in sessions for d in s.deals if d.entry.contract in ("pass", "cancelled")
                and p.name.casefold() in {q.casefold() for q in s.players})
            # made and failed by contract add up to the takes
            assert sum(c.made + c.failed for c in g.by_contract.values()) == g.took == row.declarer
            assert (g.made, g.took - g.made) == (row.made, row.failed)
            assert g.longest_run <= g.made
        elif sessions[0].variant == "troggu":
            assert sum(c.net for c in g.chips.values()) == row.total
            assert sum(c.deals for c in g.chips.values()) == row.deals
            games = list(g.by_bid.values())
            assert sum(x.played for x in games) == row.declarer
            assert (sum(x.won for x in games), sum(x.lost for x in games),
                    sum(x.draw for x in games)) == (row.made, row.failed, row.draws)
        else:
            assert g.won == row.won
    if sessions[0].variant == "french":
        contracts = figures.game.contracts
        game = figures.game
        bids = sum(c.bid for c in contracts.values())
        assert bids + game.passed + game.cancelled == figures.deals
        for c in CONTRACTS:  # the table's contracts are the players' added up
            mine = [p.game.by_contract[c] for p in figures.players]
            assert contracts[c].bid == sum(x.bid for x in mine)
            assert contracts[c].made == sum(x.made for x in mine)
            assert contracts[c].total == sum(x.total for x in mine)
        at_five = Counter(d.entry.contract for s in sessions if len(s.players) == 5
                          for d in s.deals)  # fmt: skip
        for c in CONTRACTS:  # a partner called or the taker alone: every deal at five
            assert contracts[c].called + contracts[c].alone == at_five[c]
        assert sum(pair.deals for pair in figures.game.partners) == \
            sum(c.called for c in contracts.values())
        for p in figures.players:
            partnered = [pair for pair in figures.game.partners if pair.partner == p.name]
            assert sum(pair.deals for pair in partnered) == p.game.roles["partner"].deals
    assert obj == reference(sessions)


@pytest.mark.parametrize("names", SEASONS, ids=["+".join(s) for s in SEASONS])
def test_the_examples_figures_computed_another_way(names):
    check_invariants(load(names))


def test_figures_read_on_the_club_evening():
    """A few figures checked by hand against the history of the shipped evening."""
    figures = stats(load(["french-club-evening.toml"]))
    bruno = figures.player("bruno")
    g = bruno.game
    # deals 1, 6, 11: petite 47 (2 bouts, +6), garde-sans 44 (2 bouts, +3), garde 87 with
    # an announced slam (2 bouts, +46), all made
    assert (g.took, g.made, g.longest_run) == (3, 3, 3)
    assert g.by_contract["garde"].margin == 46 and g.margin.total == 55
    assert g.roles["taker"].total == 93 + 336 + 1626
    assert (g.slams.won, g.slams.lost) == (1, 0)
    assert (g.petit_au_bout.won, g.petit_au_bout.lost) == (1, 1)  # deals 5 and 9, defending
    assert (bruno.best.score, bruno.best.n) == (1626, 11)
    chloe = figures.player("Chl")
    assert chloe.game.excuses_lost == 1 and chloe.game.handfuls == 1  # deals 12 and 2
    assert (figures.game.passed, figures.game.cancelled) == (1, 1)
    assert figures.game.contracts["garde-contre"].bid == 1
    # deals 2, 5, 9, 11, 13: failed, made, failed, made, made
    garde = figures.game.contracts["garde"]
    assert (garde.bid, garde.made, garde.failed) == (5, 3, 2)
    assert rate(garde.success) == "60%"
    assert rate(figures.game.contracts["garde-contre"].success) == "1 of 1"


def test_figures_read_on_the_troggu_and_piedmont_examples():
    four = stats(load(["troggu-four-players.toml"]))
    anna = four.player("Anna").game
    assert anna.by_bid["tapp"].lost == 1 and anna.miseres == Rate(2, 2)  # deals 5; 4 and 7
    assert (anna.baettler.given, anna.baettler.lost) == (1, 0)
    chloe = four.player("Chloé").game
    assert chloe.chips["solo"].won == 12 and chloe.chips["tapp"].won == 3  # deals 2 and 8
    seven = stats(load(["troggu-seven-players.toml"]))
    assert seven.player("Bruno").game.chips["partner"].won == 2  # deal 1, Anna's partner
    match = stats(load(["piedmont-match.toml"]))
    anna, bruno = match.player("Anna"), match.player("Bruno")
    assert anna.game.matches == Rate(1, 1) and bruno.game.matches == Rate(0, 1)  # 410 ≥ 400
    assert (anna.game.won, bruno.game.won) == (5, 4)
    assert anna.game.biggest_margin == 55 - 36  # deal 9


# --- generated seasons ----------------------------------------------------------------------------

@st.composite
def seasons(draw: Any, game: str) -> list[Any]:
    """A few evenings of one game played out from shuffled decks (tests/simulate.py), at
    tables of different sizes, a name written in another case in some of them."""
    sessions = []
    for _evening in range(draw(st.integers(1, 3))):
        n = {"french": draw(st.integers(3, 5)), "troggu": draw(st.integers(3, 8))}.get(game, 2)
        names = simulate.NAMES[:n]
        if draw(st.booleans()):
            names = [name.upper() for name in names]  # the same people, merged by case
        settings_ = {}
        if game == "piedmont":
            settings_ = {"target": str(draw(st.sampled_from([0, 0, 100, 200]))),
                         "deals": str(draw(st.sampled_from([0, 0, 2, 4])))}
        session = core.new_session(game, names, settings=settings_)
        rng = draw(st.randoms(use_true_random=False))
        for _deal in range(draw(st.integers(0, 9))):
            played = simulate.piedmont(rng) if game == "piedmont" else \
                getattr(simulate, game)(rng, n)
            if game == "french" and played is not None and rng.random() < 0.1:
                played.raw = {"contract": rng.choice(["pass", "cancelled"])}
            if played is not None:
                session = core.add_deal(session, played.raw, play_on=True)
        sessions.append(session)
    return sessions


# a season's decks draw much randomness: an example may overrun hypothesis's buffer (6.46
# says so as a failed health check), which is no fault of the figures
GENERATED = settings(suppress_health_check=[HealthCheck.data_too_large, HealthCheck.too_slow])


@GENERATED
@given(seasons("french"))
def test_french_seasons_figures_computed_another_way(sessions):
    check_invariants(sessions)


@GENERATED
@given(seasons("troggu"))
def test_troggu_seasons_figures_computed_another_way(sessions):
    check_invariants(sessions)


@GENERATED
@given(seasons("piedmont"))
def test_piedmont_seasons_figures_computed_another_way(sessions):
    check_invariants(sessions)


# --- exact figures, shown rounded -----------------------------------------------------------------

def half_away(x: Fraction) -> int:
    """x to the nearest integer, halves away from zero, as people round: 2.5 is 3, −2.5 −3."""
    whole = math.floor(abs(x) + Fraction(1, 2))
    return whole if x >= 0 else -whole


@given(st.integers(-10**6, 10**6), st.integers(1, 500), st.integers(0, 3))
def test_averages_are_rounded_half_away_from_zero_in_integers(total, deals, places):
    exact = Fraction(total, deals) * 10**places
    expected = half_away(exact)
    assert rounded_int(total * 10**places, deals) == expected
    shown = rounded(total, deals, places)
    assert shown is not None and shown.as_tuple().exponent == -places
    assert Fraction(shown) * 10**places == expected
    assert Tally(deals, total).average(places) == shown and Tally().average() is None
    # two decimals by default, rounded as the standings round a player's average
    row = ranking.Standing("x", total, deals=deals)
    assert Tally(deals, total).average() == row.average


@pytest.mark.parametrize(("total", "deals", "shown"), [
    (25, 8, "+3.13"), (-25, 8, "−3.13"), (-157, 8, "−19.63"), (157, 8, "+19.63"),
    (-1, 8, "−0.13"), (1, 400, "0.00")])  # fmt: skip
def test_an_average_ending_in_a_half_rounds_away_from_zero(total, deals, shown):
    """As people round (Python's format and Decimal's quantize round halves to even: −19.62):
    in the statistics, the standings (text, JSON, the sheet) and the league alike."""
    from scorepad.text import average as standings_average
    from scorepad.variants.figures import average

    assert average(Tally(deals, total)).lstrip("+") == shown.lstrip("+")
    row = ranking.Standing("x", total, deals=deals)
    assert standings_average(row.average) == shown.lstrip("+")


def test_an_average_per_deal_reads_as_in_the_standings():
    """Two decimals, halves away from zero: 25 over 8 deals is 3.13 in both."""
    from scorepad.text import average as standings_average
    from scorepad.variants.figures import average

    assert average(Tally(8, 25)) == "+3.13" and average(Tally(8, -25)) == "−3.13"
    assert average(Tally(8, 27), sign=False) == "3.38" and average(Tally(3, 0)) == "0.00"
    for names in SEASONS:
        figures = stats(load(names))
        for row in ranking.standings(load(names)):
            card = player_card(figures, row.name)
            line = next(x for x in card.splitlines() if "average per deal" in x)
            shown = standings_average(row.average)
            assert line.split()[-1].lstrip("+") == shown


@given(st.integers(0, 50), st.integers(0, 50))
def test_below_three_cases_a_rate_shows_its_counts_never_a_percentage(count, cases):
    count = min(count, cases)
    r = Rate(count, cases)
    for text in (rate(r), rate_of(r)):
        if cases == 0:
            assert text == "–"
        elif cases < 3:
            assert text == f"{count} of {cases}" and "%" not in text
        else:
            assert text.startswith(f"{rounded_int(100 * count, cases)}%")
    if cases >= 3:
        assert rate_of(r).endswith(f" of {cases}")


def test_rates_as_a_table_shows_them():
    assert (rate(Rate(2, 2)), rate(Rate(0, 1)), rate(Rate(2, 3)), rate(Rate(1, 8))) == \
        ("2 of 2", "0 of 1", "67%", "13%")
    assert rate_of(Rate(4, 6)) == "67% of 6" and rate_of(Rate(1, 2)) == "1 of 2"


def test_no_case_of_a_small_rate_shows_a_percentage_in_the_tables():
    """Each cell of the contracts made by each player, and each card's line, is the player's
    counts below 3 takes of that contract, a percentage from 3 on."""
    for names in SEASONS[:3]:
        figures = stats(load(names))
        text = stats_text(figures)
        table = text.split("\n\nContracts made, by player\n")[1].split("\n\n")[0]
        rows = {line.split("  ")[0]: line for line in table.splitlines()[2:]}
        for p in figures.players:
            cells = [c for c in rows[p.name][len(p.name):].split("  ") if c.strip()]
            assert len(cells) == len(CONTRACTS)
            for cell, c in zip(cells, CONTRACTS, strict=True):
                took = p.game.by_contract[c].bid
                made = p.game.by_contract[c].made
                expected = "–" if not took else f"{made} of {took}" if took < 3 else \
                    f"{rounded_int(100 * made, took)}% of {took}"
                assert cell.strip() == expected
            card = player_card(figures, p.name)
            line = next(x for x in card.splitlines() if "contracts made" in x)
            assert ("%" in line) == (p.game.took >= 3)
    assert "Daisuke     1 of 1  50% of 4" in stats_text(stats(load(SEASONS[0])))


# --- the text, in both languages ------------------------------------------------------------------

def test_the_tables_and_cards_show_the_figures():
    figures = stats(load(["french-five-players.toml"]))
    text = stats_text(figures)
    assert text.splitlines()[0] == "French Tarot statistics: 10 deals in 1 session (points)"
    for title in ("Players", "Contracts made, by player", "Contracts", "Taker and partner",
                  "Slams, petits au bout, handfuls and Excuses"):
        assert f"\n\n{title}\n" in text
    assert "as partner" in text and "alone" in text  # five at the table
    card = player_card(figures, "大")
    assert card.splitlines()[0] == "大輔 — French Tarot: 10 deals in 1 session (points)"
    assert "  as partner" in card and "−27.00 over 1 deal" in card  # deal 2, Bruno's partner
    four = stats_text(stats(load(["french-club-evening.toml"])))
    assert "as partner" not in four and "Taker and partner" not in four  # nobody is called


@pytest.mark.parametrize("fit", [40, 60, 80])
def test_the_tables_fit_the_terminal_as_far_as_they_can(fit):
    """At 80 columns everything fits; narrower, the least needed columns step aside."""
    from scorepad.text import width

    def widest(text: str) -> int:
        return max(width(line) for line in text.splitlines())

    for names in SEASONS:
        figures = stats(load(names))
        full = stats_text(figures).split("\n\n")
        fitted = stats_text(figures, fit=fit).split("\n\n")
        assert len(full) == len(fitted)
        assert all(width(line) <= fit for line in fitted[0].splitlines())  # the heading
        for a, b in zip(full[1:], fitted[1:], strict=True):
            assert a.splitlines()[0] == b.splitlines()[0]  # the same table
            assert widest(b) <= fit or widest(b) < widest(a) or widest(a) <= 80
        if fit == 80:
            assert widest("\n\n".join(fitted)) <= 80
            for p in figures.players:
                assert widest(player_card(figures, p.name, fit=fit)) <= 80
    dropped = stats_text(stats(load(SEASONS[0])), fit=fit)
    assert ("longest run" in dropped) == (fit > 80)  # the first to go


@pytest.fixture
def japanese():
    i18n.use("ja")
    yield
    i18n.use("en")


@pytest.mark.parametrize("names", SEASONS, ids=["+".join(s) for s in SEASONS])
def test_statistics_in_japanese(japanese, names):
    figures = stats(load(names))
    texts = [stats_text(figures), stats_text(figures, fit=60),
             *(player_card(figures, p.name) for p in figures.players)]
    for text in texts:
        assert not ENGLISH.findall(text), text
    i18n.use("en")
    english = [stats_text(figures), *(player_card(figures, p.name) for p in figures.players)]
    # the same figures (a translation may put a line's in another order)
    assert [_numbers(t) for t in texts[:1] + texts[2:]] == [_numbers(t) for t in english]


def _numbers(text: str) -> list[Counter[str]]:
    import re

    return [Counter(re.findall(r"[+−]?\d+(?:\.\d+)?%?", line)) for line in text.splitlines()]


def test_a_player_named_by_a_unique_beginning_or_refused_saying_who_plays(japanese):
    i18n.use("en")
    figures = stats(load(["french-club-evening.toml"]))
    assert figures.player("da").name == "Daisuke" and figures.player("ANNA").name == "Anna"
    with pytest.raises(ScorepadError) as err:
        figures.player("Zed")
    [problem] = err.value.problems
    assert problem.where == "--player" and "Anna, Bruno, Chloé, Daisuke" in problem.what
    with pytest.raises(ScorepadError):
        stats_object(figures, "Zed")
    i18n.use("ja")
    with pytest.raises(ScorepadError) as err:
        figures.player("Zed")
    assert not ENGLISH.findall(err.value.problems[0].what)


# --- the JSON object ------------------------------------------------------------------------------

def test_one_players_object_is_theirs_and_their_pairs():
    figures = stats(load(["french-five-players.toml"]))
    whole = stats_object(figures)
    one = stats_object(figures, "émile")
    assert [p["name"] for p in one["players"]] == ["Émile"]
    assert one["players"][0] == next(p for p in whole["players"] if p["name"] == "Émile")
    assert one["partners"] == [p for p in whole["partners"] if "Émile" in (p["taker"],
                                                                          p["partner"])]
    assert one["partners"] and "contracts" not in one and "contracts" in whole
    assert {k: v for k, v in one.items() if k not in ("players", "partners")} == \
        {k: v for k, v in whole.items() if k not in ("players", "partners", "contracts")}


def test_the_json_keys_are_the_contracts():
    """The keys ../design/cli.md names for stats --json, for each game."""
    french = stats_object(stats(load(["french-five-players.toml"])))
    assert {"variant", "deals", "players", "contracts", "partners"} <= set(french)
    p = french["players"][0]
    assert {"name", "played", "took", "by_contract", "roles"} <= set(p)
    assert set(p["by_contract"]) == set(CONTRACTS)
    assert all({"took", "made"} <= set(c) for c in p["by_contract"].values())
    assert set(p["roles"]) == {"taker", "partner", "defender"}
    assert all({"deals", "total"} <= set(r) for r in p["roles"].values())
    assert all({"bid", "made", "alone"} <= set(c) for c in french["contracts"].values())
    assert all(set(x) == {"taker", "partner", "deals", "made", "total"}
               for x in french["partners"])
    troggu = stats_object(stats(load(["troggu-four-players.toml"])))["players"][0]
    assert set(troggu["by_bid"]) == {"tapp", "solo"}
    assert all(set(g) == {"won", "draw", "lost"} for g in troggu["by_bid"].values())
    assert "lost" in troggu["misere"]
    piedmont = stats_object(stats(load(["piedmont-match.toml"])))["players"][0]
    assert isinstance(piedmont["won"], int) and "won" in piedmont["matches"]


def test_every_deal_is_scored_once_without_its_explanation(monkeypatch):
    """As the standings: one scoring pass, explain=False (tests count, never time)."""
    calls: Counter[tuple[str, bool]] = Counter()
    for game in GAMES:
        variant = get_variant(game)
        original = variant.score

        def counted(entry, table, explain=True, _original=original, _game=game):
            calls[_game, explain] += 1
            return _original(entry, table, explain=explain)

        monkeypatch.setattr(variant, "score", counted)
    for game, names in GAMES.items():
        sessions = load(names)
        calls.clear()
        stats(sessions)
        assert calls == {(game, False): sum(len(s.deals) for s in sessions)}
        calls.clear()
        ranking.standings(sessions)
        standings_calls = dict(calls)
        calls.clear()
        stats(sessions)
        assert dict(calls) == standings_calls


def test_sessions_are_one_game_and_labelled_once_each():
    with pytest.raises(ValueError):
        stats([])
    with pytest.raises(ValueError):
        stats(load(["french-club-evening.toml", "piedmont-match.toml"]))
    with pytest.raises(ValueError):
        stats(load(["piedmont-match.toml"]), labels=["a", "b"])
    assert stats(load(["piedmont-match.toml"]), labels=["Torino"]).sessions == ("Torino",)


def test_a_session_without_deals_has_players_who_played_none():
    session = core.new_session("french", ["Anna", "Bruno", "Chloé"])
    figures = stats([session])
    assert all(p.played == 0 and p.best is None for p in figures.players)
    obj = stats_object(figures)
    assert obj["players"][0]["best_deal"] is None and obj["deals"] == 0
    assert "–" in stats_text(figures) and "–" in player_card(figures, "Anna")


# --- the command ----------------------------------------------------------------------------------

@pytest.mark.parametrize("names", SEASONS, ids=["+".join(s) for s in SEASONS])
def test_the_command_shows_the_tables_and_the_object_of_the_files(cli, names):
    paths = [EXAMPLES / n for n in names]
    text = cli("stats", *paths).stdout
    figures = stats(load(names))
    v = get_variant(figures.variant)
    assert text.splitlines()[0] == f"{v.title} statistics: {figures.deals} deals in " \
        f"{len(names)} session{'s' * (len(names) > 1)} ({v.unit})"
    assert "\n\nPlayers\n" in text and text.endswith("\n")
    for p in figures.players:
        assert p.name in text
    obj = json.loads(cli("stats", *paths, "--json").stdout)
    _assert_floatless(obj)
    # the sessions named as the league names them: the date, else the title
    assert obj["sessions"] == [s.date or s.title for s in load(names)]
    assert {k: v for k, v in obj.items() if k != "sessions"} == \
        {k: v for k, v in stats_object(figures).items() if k != "sessions"}
    for p in figures.players:
        card = cli("stats", *paths, "--player", p.name.lower()).stdout
        assert card.splitlines()[0].startswith(f"{p.name} — {v.title}: {p.played} deal")
        one = json.loads(cli("stats", *paths, "--player", p.name, "--json").stdout)
        assert one["players"] == [q for q in obj["players"] if q["name"] == p.name]


def test_the_command_takes_dates_and_sorts_the_sessions_as_the_league(cli):
    first, second = EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"
    both = cli.json("stats", second, first)
    assert both["sessions"] == ["2026-11-26", "2026-12-03"] and both["deals"] == 23
    late = cli.json("stats", first, second, "--since", "2026-12-01")
    assert late["sessions"] == ["2026-12-03"] and late["deals"] == 10
    early = cli.json("stats", first, second, "--until", "2026-12-01")
    assert early == cli.json("stats", first)
    card = cli("stats", first, second, "--player", "Bruno").stdout
    assert "(2026-11-26, deal 11)" in card  # his best deal, named by its session's date


@pytest.mark.parametrize(("args", "message"), [
    (["{french}", "--player", "Zed"],
     "error: --player: player 'Zed' is not a player (players: Anna, Bruno, Chloé, Daisuke)"),
    (["{french}", "--player", "Zed", "--json"], "error: --player: player 'Zed'"),
    (["{french}", "{piedmont}"], "error: the files mix games ({french} is french, {piedmont} is "
                                 "piedmont): statistics add up one game at a time"),
    (["{french}", "--since", "2027-01-01"],
     "error: no dated session falls between 2027-01-01 and today"),
    (["{french}", "--until", "soon"], "error: --until: 'soon' is not a date as YYYY-MM-DD"),
])  # fmt: skip
def test_the_commands_errors_are_one_line_and_exit_1(cli, args, message):
    paths = {"french": EXAMPLES / "french-club-evening.toml",
             "piedmont": EXAMPLES / "piedmont-match.toml"}  # fmt: skip
    result = cli("stats", *(a.format(**paths) for a in args), ok=False)
    assert result.exit_code == 1 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(message.format(**paths)), line
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("names", SEASONS, ids=["+".join(s) for s in SEASONS])
def test_the_command_in_japanese(cli, japanese, names):
    from test_i18n import _allowed_in, _english_words

    paths = [EXAMPLES / n for n in names]
    figures = stats(load(names))
    allowed = set().union(*map(_allowed_in, paths))
    for args in ([], *(["--player", p.name] for p in figures.players)):
        result = cli("stats", *paths, *args)
        assert not _english_words(result.stdout, allowed), (args, result.stdout)
    wrong = cli("stats", *paths, "--player", "Zed", ok=False)
    assert wrong.exit_code == 1 and not _english_words(wrong.stderr, allowed | {"Zed"})
    mixed = cli("stats", paths[0], EXAMPLES / "piedmont-match.toml"
                if figures.variant != "piedmont" else EXAMPLES / "troggu-four-players.toml",
                ok=False)  # fmt: skip
    assert mixed.exit_code == 1 and "統計" in mixed.stderr


def test_an_average_ending_in_a_half_shows_rounded_away_from_zero_everywhere(cli):
    """Bruno pays 27 once and 26 seven times: −209 over 8 deals is −26.125, shown −26.13 (not
    −26.12, as halves to even would have it) by standings (text and JSON), stats, the league
    and the sheet."""
    path = cli.new("r.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "-c", "petite", "-t", "Anna", "-p", "43", "-b", "2")
    for _deal in range(7):
        cli("deal", path, "-c", "petite", "-t", "Anna", "-p", "42", "-b", "2")
    bruno = next(p for p in cli.json("standings", path)["players"] if p["name"] == "Bruno")
    assert (bruno["total"], bruno["deals"], bruno["average"]) == (-209, 8, -26.13)
    assert "average per deal               −26.13" in cli("stats", path, "--player", "Bruno").stdout
    second = cli.folder / "r2.toml"
    second.write_bytes(path.read_bytes())
    league = cli("standings", path, second, "--league").stdout
    assert re.search(r"Bruno .* −418 +−26\.13$", league, re.M), league
    assert "<td class=\"n\">−26.13</td>" in cli("report", path).stdout
