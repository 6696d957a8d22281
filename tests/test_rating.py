"""The rating (`scorepad rating`, `scorepad.rating`): the model on deals made for it, each game's
contest (who played which role), the command on every example, in any file order, and hostile
seasons (one deal, ties everywhere, a club of 40, a player who only ever sat out)."""

from __future__ import annotations

import random
import shutil

import pytest

from conftest import EXAMPLES
from scorepad import core, rating, storage
from scorepad.model import Outcome
from scorepad.rating import BASE, MIN_DEALS, Fit, _solve
from scorepad.scores import iter_outcomes
from scorepad.variants import get_variant
from scorepad.variants.base import Contest

NAMES = ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa", "Fritz", "Gabi", "Hugo"]
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.toml"))


def contest(side, others, margin, contract="garde", level=41):
    return Contest(tuple(side), tuple(others), contract, level, margin,
                   "made" if margin >= 0 else "failed")


def same(names):
    return {p: p.casefold() for p in names}


def season(deals_of, players=NAMES[:4], variant="french", date="2026-01-0{i}", **extra):
    """Sessions of `players` (one per list of raw deals), checked and scored as the CLI would."""
    sessions = []
    for i, raws in enumerate(deals_of, 1):
        session = core.new_session(variant, players, date=date.format(i=i), **extra)
        for raw in raws:
            session = core.add_deal(session, raw)
        sessions.append(session)
    return sessions


def garde(taker, points, bouts=2, **more):
    return {"contract": "garde", "taker": taker, "points": points, "bouts": bouts, **more}


# -- the model ---------------------------------------------------------------------------------


def test_solve_finds_the_solution_and_the_inverse_diagonal():
    m = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]]
    x, diagonal = _solve(m, [1.0, 2.0, 3.0])
    for row, r in zip(m, [1.0, 2.0, 3.0], strict=True):
        assert sum(a * b for a, b in zip(row, x, strict=True)) == pytest.approx(r)
    # the inverse's diagonal, by Cramer: cofactor over determinant
    det = 4 * (3 * 2 - 0.25**2) - 1 * (1 * 2 - 0.25 * 0.5) + 0.5 * (1 * 0.25 - 3 * 0.5)
    assert diagonal[0] == pytest.approx((3 * 2 - 0.25**2) / det)
    assert diagonal[2] == pytest.approx((4 * 3 - 1) / det)


def test_a_taker_who_beats_the_odds_rises_and_the_others_fall():
    fit = Fit()
    players = NAMES[:4]
    found = []
    for n in range(40):
        taker = players[n % 4]
        margin = 12 if taker == "Anna" else -2
        found.append(contest([taker], [p for p in players if p != taker], margin))
    fit.add(found, same(players))
    solved = fit.solve()
    ratings = {p: solved.rating(p.casefold()) for p in players}
    assert ratings["Anna"] > BASE + 50
    assert all(ratings[p] < BASE for p in players[1:])
    # the three others played alike: alike they are rated
    assert ratings["Bruno"] == pytest.approx(ratings["Chloé"]) == pytest.approx(ratings["Daisuke"])


def test_strong_defenders_make_a_taker_s_margin_worth_more():
    """Anna and Bruno each make +4 as taker, as often; Anna against the strong table,
    Bruno against the weak one: Anna is rated the higher."""
    fit = Fit()
    strong, weak = ["S1", "S2", "S3"], ["W1", "W2", "W3"]
    found = []
    for n in range(60):  # the strong beat the weak, taking in turn at a mixed table
        s, w = strong[n % 3], weak[n % 3]
        found.append(contest([s], weak, 8))
        found.append(contest([w], strong, -4))
    for _ in range(30):
        found.append(contest(["Anna"], strong, 4))
        found.append(contest(["Bruno"], weak, 4))
    fit.add(found, same(strong + weak + ["Anna", "Bruno"]))
    solved = fit.solve()
    assert solved.rating("anna") > solved.rating("bruno") + 40


def test_the_kind_of_deal_weighs_what_a_margin_says():
    """Every garde-sans is made by 10 and every petite failed by 2, as usual for the game:
    a player who takes only garde-sans is not the better for it."""
    fit = Fit()
    players = NAMES[:4]
    found = []
    for n in range(80):
        taker = players[n % 4]
        if taker == "Anna":
            found.append(contest([taker], [p for p in players if p != taker], 10, "garde-sans"))
        else:
            found.append(contest([taker], [p for p in players if p != taker], -2, "petite"))
    for n in range(80):  # the others take garde-sans and petites alike, with the same margins
        taker = players[1 + n % 3]
        kind, margin = ("garde-sans", 10) if n % 2 else ("petite", -2)
        found.append(contest([taker], [p for p in players if p != taker], margin, kind))
    fit.add(found, same(players))
    solved = fit.solve()
    assert abs(solved.rating("anna") - BASE) < 15


def test_the_sums_are_exact_the_same_deals_in_any_order_give_the_same_ratings():
    rng = random.Random(5)
    players = NAMES[:5]
    found = []
    for _ in range(200):
        taker, partner = rng.sample(players, 2)
        found.append(contest([taker, partner], [p for p in players if p not in (taker, partner)],
                             rng.randint(-20, 20), rng.choice(["petite", "garde"]),
                             rng.choice([36, 41, 51, 56])))
    one, other = Fit(), Fit()
    one.add(found, same(players))
    shuffled = found[:]
    rng.shuffle(shuffled)
    for k in range(0, 200, 7):  # in other sessions too
        other.add(shuffled[k:k + 7], same(players))
    a, b = one.solve(), other.solve()
    assert a.mean == b.mean and a.var == b.var  # bit for bit


def test_more_deals_make_a_rating_surer():
    players = NAMES[:4]
    fit = Fit()
    widths = []
    for n in range(3):
        fit.add([contest([players[k % 4]], [p for p in players if p != players[k % 4]],
                         (k * 7) % 11 - 5) for k in range(20 * n, 20 * n + 20)], same(players))
        widths.append(fit.solve().uncertainty("anna"))
    assert widths[0] > widths[1] > widths[2]
    assert Fit().solve().uncertainty("anna") == 2 * rating.SCALE * rating.PRIOR  # nobody seen


def test_ties_everywhere_rate_everybody_alike():
    players = NAMES[:4]
    fit = Fit()
    fit.add([contest([players[k % 4]], [p for p in players if p != players[k % 4]], 0)
             for k in range(40)], same(players))
    solved = fit.solve()
    assert len({round(solved.rating(p.casefold()), 9) for p in players}) == 1


def test_the_chance_grows_with_the_edge_and_stays_a_chance():
    players = NAMES[:4]
    fit = Fit()
    fit.add([contest([players[k % 4]], [p for p in players if p != players[k % 4]],
                     9 if k % 4 == 0 else -3) for k in range(80)], same(players))
    solved = fit.solve()
    keys = same(players)
    anna = solved.chance(contest(["Anna"], players[1:], 0), keys)
    bruno = solved.chance(contest(["Bruno"], ["Anna", *players[2:]], 0), keys)
    assert 0 < bruno < anna < 1


# -- each game's contest -----------------------------------------------------------------------


def scored(variant, players, raw):
    session = core.add_deal(core.new_session(variant, players), raw)
    deal = session.deals[-1]
    outcome = next(iter_outcomes(session))
    return get_variant(variant).contest(deal.entry, outcome, session.rules), outcome


def test_french_the_taker_and_partner_against_the_defence():
    found, _outcome = scored("french", NAMES[:5], garde("Anna", 45, partner="Chloé"))
    assert found.side == ("Anna", "Chloé") and found.others == ("Bruno", "Daisuke", "Elsa")
    assert (found.contract, found.level, found.margin, found.result) == ("garde", 41, 4, "made")
    failed, _ = scored("french", NAMES[:4], {"contract": "petite", "taker": "Bruno",
                                             "points": "50.5", "bouts": 1})
    assert failed.margin == -1 and failed.result == "failed"  # 50.5 counts as 50 (target 51)
    passed, _ = scored("french", NAMES[:4], {"contract": "pass"})
    assert passed is None


def test_french_a_pile_of_cards_gives_its_bouts_target():
    found, outcome = scored("french", NAMES[:4], {
        "contract": "garde", "taker": "Anna", "cards": "21 1 EX KH KS KD KC", "pile": 42})
    assert found.level == 36 and found.margin == int(outcome.points) - 36


def test_troggu_the_tappist_and_partner_against_the_others():
    players = NAMES[:7]
    found, _ = scored("troggu", players, {"bid": "tapp", "tappist": "Anna", "partner": "Bruno",
                                          "called": "KH", "points": 70})
    assert found.side == ("Anna", "Bruno") and len(found.others) == 5
    assert (found.contract, found.level, found.margin) == ("tapp", 0, 12)
    draw, _ = scored("troggu", NAMES[:4], {"bid": "solo", "tappist": "Chloé", "points": 57})
    assert draw.margin == -1 and draw.result == "draw"
    misere, _ = scored("troggu", NAMES[:4], {"bid": "misere", "points": {
        "Anna": 40, "Bruno": 30, "Chloé": 20, "Daisuke": 14}})
    assert misere is None


def test_piedmont_head_to_head():
    found, _ = scored("piedmont", NAMES[:2], {"points": {"Bruno": 46}})
    assert found.side == ("Anna",) and found.others == ("Bruno",)
    assert found.contract == "" and found.margin == 45 - 46 and found.result == "lost"
    won, _ = scored("piedmont", NAMES[:2], {"points": {"Anna": 60}})
    assert won.margin == 60 - 31 and won.result == "won"


def test_every_game_answers_the_protocol():
    from scorepad.variants import GAMES

    for game in map(get_variant, GAMES):
        nothing = Outcome("passed", {"A": 0, "B": 0})
        assert game.name == "piedmont" or game.contest(None, nothing, {}) is None


# -- the season --------------------------------------------------------------------------------


def test_a_season_rates_each_player_once_whatever_the_case_of_the_names():
    one = season([[garde("Anna", 50), garde("Bruno", 30)]])
    two = season([[garde("anna", 50)]], players=["anna", "Bruno", "Chloé", "Daisuke"],
                 date="2026-02-0{i}")
    found = rating.rate(one + two)
    assert [p.name for p in found.players].count("Anna") == 1
    assert {p.name: p.deals for p in found.players}["Anna"] == 3
    assert found.deals == 3


def test_the_change_is_since_before_the_last_date():
    found = rating.rate(season([[garde("Anna", 60)] * 3, [garde("Anna", 60)] * 3]), timeline=True)
    anna = next(p for p in found.players if p.name == "Anna")
    assert anna.change > 0
    (first, after_1), (last, after_2) = found.timeline
    assert (first, last) == ("2026-01-01", "2026-01-02")
    assert after_2["Anna"] == pytest.approx(anna.rating)
    assert anna.change == pytest.approx(after_2["Anna"] - after_1["Anna"])
    alone = rating.rate(season([[garde("Anna", 60)] * 3]))
    assert next(p for p in alone.players if p.name == "Anna").change == pytest.approx(
        next(p for p in alone.players if p.name == "Anna").rating - BASE)


def test_explain_gives_each_deal_s_change_in_turn():
    sessions = season([[garde("Anna", 60), garde("Bruno", 30), garde("Anna", 35)]])
    steps = rating.explain(sessions, "Anna", last=2)
    assert [s.n for s in steps] == [2, 3]
    assert steps[0].change > 0  # Bruno failed his garde: Anna defended
    assert steps[1].change < 0  # Anna failed hers
    assert set(steps[1].before) == {"Anna", "Bruno", "Chloé", "Daisuke"}
    assert rating.explain(sessions, "Anna", last=0) == []


def test_a_player_who_only_sat_out_is_listed_unrated():
    session = core.new_session("french", NAMES[:6], seats=4)
    for _ in range(8):
        dealer = session.next_dealer()
        out = [dealer, "Fritz"] if dealer != "Fritz" else ["Fritz", "Elsa"]
        taker = next(p for p in NAMES[:4] if p not in out)
        session = core.add_deal(session, {**garde(taker, 45), "out": out})
    found = rating.rate([session])
    fritz = next(p for p in found.players if p.name == "Fritz")
    assert fritz.deals == 0 and fritz.rating == BASE and fritz.change == 0
    assert rating.explain([session], "Fritz") == []


def test_a_club_of_forty():
    rng = random.Random(40)
    club = [f"P{i:02}" for i in range(40)]
    sessions = []
    for i in range(20):
        players = rng.sample(club, 4)
        session = core.new_session("french", players, date=f"2026-03-{i + 1:02}")
        for n in range(6):
            session = core.add_deal(session, garde(players[n % 4], rng.randint(30, 60)))
        sessions.append(session)
    found = rating.rate(sessions)
    assert len(found.players) == len({p for s in sessions for p in s.players})
    assert all(p.deals and p.deals % 6 == 0 for p in found.players)
    ratings = [p.rating for p in found.players]
    assert ratings == sorted(ratings, reverse=True)


# -- the command -------------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: p.name)
def test_rating_runs_on_every_example(cli, example):
    out = cli("rating", example).stdout
    assert "ratings:" in out
    obj = cli.json("rating", example, "--min-deals", "0")
    assert set(obj) == {"variant", "deals", "players"}
    assert obj["variant"] == storage.load(example).variant
    for p in obj["players"]:
        assert set(p) == {"name", "rating", "uncertainty", "deals", "change"}
        assert all(isinstance(p[k], int) for k in ("rating", "uncertainty", "deals", "change"))
    assert [p["rating"] for p in obj["players"]] == sorted(
        (p["rating"] for p in obj["players"]), reverse=True)
    name = obj["players"][0]["name"]
    explained = cli("rating", example, "--player", name[:3]).stdout
    assert explained.startswith(name)


def test_rating_json_lists_those_below_min_deals_last_with_a_null_rating(cli):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    obj = cli.json("rating", *files, "--min-deals", "21")
    assert obj["deals"] == 23
    assert all(p["rating"] is None and p["change"] is None for p in obj["players"])
    assert all(isinstance(p["uncertainty"], int) for p in obj["players"])
    out = cli("rating", *files, "--min-deals", "21").stdout
    assert "not rated yet, fewer than 21 deals: " in out
    assert MIN_DEALS == 20
    shown = cli.json("rating", *files)
    assert all(isinstance(p["rating"], int) for p in shown["players"])


def test_the_table_says_rating_and_uncertainty_as_people_read_them(cli):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    out = cli("rating", *files).stdout.splitlines()
    assert out[0] == "French Tarot ratings: 23 deals in 2 sessions"
    assert out[1].split() == ["player", "rating", "deals", "change"]
    rows = [line.split() for line in out[3:]]
    assert all(r[2] == "±" and r[1].replace(",", "").isdigit() and "," in r[1] for r in rows)


def test_the_same_files_in_any_order_give_the_same_ratings(cli, tmp_path):
    rng = random.Random(3)
    files = []
    for i in range(6):
        players = rng.sample(NAMES, 4)
        path = cli.new(f"night-{i}.toml", "french", players, "--date", f"2026-05-0{1 + i // 2}")
        for n in range(5):
            cli("deal", path, "--contract", "garde", "--taker", players[n % 4],
                "--points", rng.randint(30, 60), "--bouts", rng.randint(0, 3))
        files.append(path)
    first = cli("rating", *files, "--json").stdout
    for _ in range(3):
        rng.shuffle(files)
        assert cli("rating", *files, "--json").stdout == first
    assert cli("rating", tmp_path, "--json").stdout == first  # the folder: the same files
    explained = cli("rating", *files, "--player", "anna").stdout
    rng.shuffle(files)
    assert cli("rating", *files, "--player", "anna").stdout == explained


def test_player_explains_the_last_deals(cli):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    out = cli("rating", *files, "--player", "bru").stdout.splitlines()
    assert out[0].startswith("Bruno — French Tarot: 1,") and "over 20 deals (change: " in out[0]
    lines = out[2:]
    assert len(lines) == 10
    assert "2026-12-03, deal 5: garde-sans taken against Anna, Chloé, Daisuke (avg 1," in out[6]
    assert any(": defended against Anna's garde (avg 1," in line for line in lines)
    assert all(line.rsplit(": ", 1)[1][0] in "+−0" for line in lines)
    obj = cli.json("rating", *files, "--player", "bru")
    assert [p["name"] for p in obj["players"]] == ["Bruno"] and len(obj["last"]) == 10
    assert obj["last"][4]["role"] == "taker" and obj["last"][4]["contract"] == "garde-sans"
    five = cli("rating", EXAMPLES / "french-five-players.toml", "--player", "Chl",
               "--min-deals", "1").stdout
    assert "partner in " in five or "taken against" in five


def test_player_named_nobody_is_an_error(cli):
    result = cli("rating", EXAMPLES / "french-club-evening.toml", "--player", "Zed", ok=False)
    assert result.exit_code == 1
    assert result.stderr == ("error: --player: player 'Zed' is not a player (players: Anna, "
                             "Bruno, Chloé, Daisuke)\n")


def test_as_of_rates_the_season_as_it_stood(cli):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    then = cli.json("rating", *files, "--as-of", "2026-11-30", "--min-deals", "0")
    assert then == cli.json("rating", files[0], "--min-deals", "0")
    bad = cli("rating", *files, "--as-of", "2026-13-01", ok=False)
    assert bad.exit_code == 1 and "--as-of" in bad.stderr
    before = cli("rating", *files, "--as-of", "2020-01-01", ok=False)
    assert before.exit_code == 1 and before.stderr.startswith("error: ")


def test_a_tournament_s_folder_is_rated_by_its_tables(cli):
    players = [f"P{i}" for i in range(8)]
    cli("tournament", "new", "cup", "--variant", "french", "--players", ",".join(players),
        "--rounds", 2, "--deals", 4, "--date", "2026-12-05")
    cli("tournament", "draw", "cup", "--seed", "1")
    tables = sorted((cli.folder / "cup" / "round-1").glob("*.toml"))
    for table in tables:
        session = storage.load(table)
        for n in range(4):
            cli("deal", table, "--contract", "garde", "--taker",
                session.players[n % len(session.players)], "--points", 40 + n, "--bouts", 2)
    obj = cli.json("rating", cli.folder / "cup", "--min-deals", "0")
    assert obj["deals"] == 8 and {p["name"] for p in obj["players"]} == set(players)
    assert obj == cli.json("rating", *tables, "--min-deals", "0")


def test_a_club_s_rules_file_beside_its_evenings_is_left_out_of_the_folder(cli, tmp_path):
    season = tmp_path / "season"
    season.mkdir()
    for example in ("french-club-evening.toml", "french-club-evening-2.toml"):
        shutil.copy(EXAMPLES / example, season / example)
    alone = cli.json("rating", season, "--min-deals", "0")
    (season / "club.toml").write_text(
        'name = "Club du jeudi"\nvariant = "french"\n[settings]\nrounding = 5\n', "utf-8"
    )
    assert cli.json("rating", season, "--min-deals", "0") == alone
    # a file that is neither a session nor a rules file is still refused, by name
    (season / "notes.toml").write_text('title = "not ours"\n', "utf-8")
    result = cli("rating", season, ok=False)
    assert result.exit_code == 1
    assert "notes.toml: no 'scorepad = N' format key" in result.stderr


def test_hostile_seasons_get_an_answer_or_a_clean_error(cli, tmp_path):
    one = cli.new("one.toml", "french", NAMES[:4])
    cli("deal", one, "--contract", "garde", "--taker", "Anna", "--points", 41, "--bouts", 2)
    assert "Anna" in cli("rating", one, "--min-deals", "1").stdout
    empty = cli.new("empty.toml", "piedmont", NAMES[:2])
    out = cli("rating", empty).stdout
    assert "0 deals" in out and "not rated yet" in out
    mixed = cli("rating", one, empty, ok=False)
    assert mixed.exit_code == 1 and "ratings rate one game at a time" in mixed.stderr
    folder = tmp_path / "nothing"
    folder.mkdir()
    none = cli("rating", folder, ok=False)
    assert none.exit_code == 1 and "no session file (*.toml) in this folder" in none.stderr
    (folder / "rules.toml").write_text('name = "club"\nvariant = "french"\n', encoding="utf-8")
    wrong = cli("rating", folder, ok=False)
    assert wrong.exit_code == 1 and wrong.stderr.startswith("error: ")
    hand = tmp_path / "alone.toml"
    shutil.copy(one, hand)
    text = hand.read_text(encoding="utf-8")
    start = text.index("players = ")
    hand.write_text(text[:start] + 'players = ["Anna"]\n' + text[text.index("\n", start) + 1:],
                    encoding="utf-8")
    alone = cli("rating", hand, ok=False)
    assert alone.exit_code == 1 and alone.stderr.startswith("error: ") and not alone.stdout


def test_a_season_of_ties_lists_everybody_by_name(cli):
    path = cli.new("ties.toml", "piedmont", ["Zoé", "Anna"])
    for n in range(30):
        cli("deal", path, "--points", f"{'Zoé' if n % 2 else 'Anna'}=46")
    obj = cli.json("rating", path)
    assert [p["name"] for p in obj["players"]] == ["Anna", "Zoé"]
    assert obj["players"][0]["rating"] - obj["players"][1]["rating"] in (0, 1)


# -- the statistics and the sheet ----------------------------------------------------------------


def test_stats_shows_the_ratings_and_its_json_holds_none(cli):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    out = cli("stats", *files).stdout
    head = next(line for line in out.splitlines() if line.startswith("player"))
    assert head.split()[:3] == ["player", "deals", "rating"]
    ratings = {p["name"]: p["rating"] for p in cli.json("rating", *files)["players"]}
    bruno = next(line for line in out.splitlines() if line.startswith("Bruno"))
    assert f"{ratings['Bruno']:,} ± " in bruno
    assert "rating" not in cli("stats", *files, "--json").stdout
    card = cli("stats", *files, "--player", "bru").stdout
    assert "rating  " in card and f"{ratings['Bruno']:,} ± " in card
    few = cli("stats", EXAMPLES / "piedmont-match.toml").stdout
    assert "rating" not in few  # nobody has 20 deals: no column of dashes
    assert "  rating  " in cli("stats", EXAMPLES / "piedmont-match.toml", "--player", "a").stdout


def test_report_adds_the_ratings_only_when_asked(cli, tmp_path):
    files = [EXAMPLES / "french-club-evening.toml", EXAMPLES / "french-club-evening-2.toml"]
    plain = cli("report", *files).stdout
    assert 'class="ratings"' not in plain
    sheet = cli("report", *files, "--rating").stdout
    assert '<section class="ratings"><h2>Ratings</h2>' in sheet
    assert "dates (rating − 1,500)" in sheet and "<polyline" in sheet.split('class="ratings"')[1]
    import html5lib

    html5lib.HTMLParser(strict=True).parse(sheet)


def test_the_sheet_s_chart_has_room_for_every_name():
    from scorepad.rating import Rated, Ratings
    from scorepad.render.sheet import _ratings_section

    names = [f"P{i:02}" for i in range(25)]
    found = Ratings("french", 600, tuple(Rated(p, BASE + i, 100, 24, 0) for i, p in
                                          enumerate(names)),
                    (("2026-01-01", {p: BASE for p in names}),
                     ("2026-01-08", {p: BASE + i for i, p in enumerate(names)})))
    svg = _ratings_section(found)
    height = int(svg.split('viewBox="0 0 720 ')[1].split('"')[0])
    assert height >= 25 * 13 + 40  # end labels 13 px apart, and the axis
    assert all(f">{p} " in svg for p in names)


def test_a_roster_of_forty_at_one_table(cli, tmp_path):
    names = [f"P{i:02}" for i in range(40)]
    session = core.new_session("french", names, seats=5)
    for n in range(60):
        seated = session.seating_plan().next.seated
        session = core.add_deal(session, garde(seated[0], 40 + n % 10, partner=seated[1]))
    path = tmp_path / "forty.toml"
    storage.save_new(path, session)
    obj = cli.json("rating", path)
    assert len(obj["players"]) == 40 and sum(p["deals"] for p in obj["players"]) == 60 * 5
    assert all(p["rating"] is None for p in obj["players"])  # 7 or 8 deals each: too few
    assert "not rated yet, fewer than 20 deals: " in cli("rating", path).stdout
    assert len(cli.json("rating", path, "--min-deals", "5")["players"]) == 40
