"""Rosters larger than the table: the dealer sitting out, more sitting out, arrivals and
departures, recorded with the commands, kept in the file, shown everywhere."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import EXAMPLES
from scorepad import core, ranking, scores, storage
from scorepad.errors import ScorepadError

FIVE = ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"]
GARDE = ("--contract", "garde", "--points", "50", "--bouts", "2")


def _taker(session):
    """Someone seated at the next deal (not its dealer)."""
    return session.seating_plan().next.seated[0]


def test_five_at_a_four_seat_table_the_dealer_sits_out_in_turn(cli):
    path = cli.new("fri.toml", "french", FIVE, "--seats", "4")
    for _ in range(10):
        session = storage.load(path)
        result = cli("deal", path, *GARDE, "--taker", _taker(session))
        assert "deals and sits out" in result.stdout
    session = storage.load(path)
    rows = {r.name: r for r in ranking.standings([session])}
    assert {r.out for r in rows.values()} == {2}  # each sat out twice in 10 deals
    assert {r.played for r in rows.values()} == {8}
    outcomes = scores.outcomes(session)
    for n, (deal, outcome) in enumerate(zip(session.deals, outcomes, strict=True), 1):
        assert deal.dealer not in outcome.scores  # the dealer scores nothing
        assert len(outcome.scores) == 4 and sum(outcome.scores.values()) == 0
        assert session.seating(n).out == (deal.dealer,)
    assert [d.dealer for d in session.deals] == FIVE * 2


def test_a_passed_deal_is_dealt_again_by_the_same_sitting_out_dealer(cli):
    path = cli.new("fri.toml", "french", FIVE, "--seats", "4")
    cli("deal", path, "--contract", "pass")
    out = cli("deal", path, "--contract", "pass").stdout
    assert "deal 2, dealt by Anna: pass" in out and "Anna deals and sits out" in out
    out = cli("deal", path, *GARDE, "--taker", "Bruno").stdout
    assert "dealt by Anna" in out and "next dealer: Bruno" in out
    history = cli.json("history", path)
    assert [d["out"] for d in history] == [["Anna"]] * 3
    assert all("Anna" not in d["scores"] for d in history)
    rows = {r["name"]: r for r in cli.json("standings", path)["players"]}
    assert rows["Anna"]["played"] == 0 and rows["Anna"]["out"] == 3
    assert rows["Anna"]["average"] is None
    assert rows["Bruno"]["played"] == 3 and rows["Bruno"]["out"] == 0


def test_a_sitting_out_taker_is_refused_saying_who_sits_out_and_why(cli):
    path = cli.new("fri.toml", "french", FIVE, "--seats", "4")
    before = path.read_bytes()
    result = cli("deal", path, *GARDE, "--taker", "Anna", ok=False)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"error: {path}: deal 1: taker Anna deals and sits out this deal: "
        "5 players at a 4-seat table"
    )
    assert path.read_bytes() == before


def test_seven_at_five_seats_the_proposal_and_out(cli):
    people = ["A", "B", "C", "D", "E", "F", "G"]
    path = cli.new("seven.toml", "french", people, "--seats", "5")
    # the proposal: the dealer and whoever sat out least, furthest from dealing
    out = cli("deal", path, "--contract", "pass").stdout
    assert "sitting out: A (dealer), G" in out
    # another choice of who sits out is kept in the file
    # a passed deal: A deals again; another choice of who else sits out is kept in the file
    cli("deal", path, "--contract", "garde", "--taker", "B", "--alone", "--points", "50",
        "--bouts", "2", "--out", "D")
    session = storage.load(path)
    assert session.seating(2).out == ("A", "D") and session.deals[1].dealer == "A"
    assert 'out = [\n    "A",\n    "D",\n]' in path.read_text("utf-8")
    # an impossible --out is refused with the count
    bad = cli("deal", path, "--contract", "pass", "--out", "D", "--out", "E", ok=False)
    assert "deal 3: 7 people at a 5-seat table leave 2 out, not 3 (B, D, E)" in bad.stderr
    # --out at a table where everyone plays
    fixed = cli.new("fixed.toml", "french", ["A", "B", "C", "D"])
    bad = cli("deal", fixed, "--contract", "pass", "--out", "A", ok=False)
    assert "nobody sits out: every player has a seat" in bad.stderr


def test_arrivals_and_departures_from_the_next_deal_on(cli):
    path = cli.new("eve.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, *GARDE, "--taker", "Bruno")
    out = cli("join", path, "Elsa", "--after", "Anna").stdout
    assert out.splitlines()[0] == ("Elsa joins from deal 2: 5 people at a 4-seat table, 1 sits "
                                   "out each deal; dealing order: Anna, Elsa, Bruno, Chloé, "
                                   "Daisuke")
    assert "deal 2: Elsa deals and sits out" in out  # the newcomer after the last dealer deals
    cli("deal", path, *GARDE, "--taker", "Bruno")
    out = cli("leave", path, "Daisuke").stdout  # five at four: one leaves, everyone plays
    assert "from deal 3: 4 players, everyone plays" in out
    bad = cli("leave", path, "Anna", ok=False)
    assert "leaving Anna leaves 3 people at a 4-seat table: add --seats 3" in bad.stderr
    cli("leave", path, "Anna", "--seats", "3")
    cli("deal", path, "--contract", "pass")
    history = cli.json("history", path)
    assert [sorted(d["scores"]) for d in history] == [
        ["Anna", "Bruno", "Chloé", "Daisuke"],
        ["Anna", "Bruno", "Chloé", "Daisuke"],
        ["Bruno", "Chloé", "Elsa"],
    ]
    assert [d["out"] for d in history] == [[], ["Elsa"], []]
    text = cli("history", path).stdout
    assert "· (0)" in text  # Elsa's deal 2: out, her running total carried
    # past deals never change: the file keeps the changes before the deals they apply to
    saved = path.read_text("utf-8")
    assert saved.index("join = \"Elsa\"") < saved.index("dealer = \"Elsa\"")
    assert storage.load(path) == core.check_session(storage.load(path))


def test_a_leave_that_leaves_too_few_says_the_fix(cli):
    path = cli.new("eve.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    before = path.read_bytes()
    bad = cli("leave", path, "Daisuke", ok=False)
    assert bad.exit_code == 1
    assert bad.stderr.strip() == (f"error: {path}: leaving Daisuke leaves 3 people at a "
                                  "4-seat table: add --seats 3")
    assert path.read_bytes() == before
    bad = cli("join", path, "anna", ok=False)
    assert "'anna' is already on the roster" in bad.stderr
    bad = cli("leave", path, "Zed", ok=False)
    assert bad.stderr.strip() == (f"error: {path}: NAME: 'Zed' is not on the roster (roster: "
                                  "Anna, Bruno, Chloé, Daisuke)")
    assert path.read_bytes() == before


def test_piedmont_three_people_two_seats_the_dealer_plays(cli):
    path = cli.new("pm.toml", "piedmont", ["Anna", "Bruno", "Chloé"], "--seats", "2")
    cli("deal", path, "--player", "Anna", "--points", "40")
    session = storage.load(path)
    assert session.seating(1).out == ("Chloé",)
    assert session.seating(1).seated == ("Anna", "Bruno")
    assert session.seating_plan().next.out == ("Chloé",)  # proposed as the previous deal's
    assert session.next_dealer() == "Bruno"
    cli("deal", path, "--player", "Chloé", "--points", "40", "--out", "Anna")
    session = storage.load(path)
    assert session.seating(2).out == ("Anna",) and session.deals[1].dealer == "Bruno"


def test_nine_at_troggu_eight_seats(cli):
    people = [f"P{i}" for i in range(1, 10)]
    path = cli.new("t9.toml", "troggu", people, "--seats", "8")
    cli("deal", path, "--bid", "tapp", "--tappist", "P2", "--partner", "P3", "--called", "KH",
        "--points", "60")
    [deal] = cli.json("history", path)
    assert deal["out"] == ["P1"] and len(deal["scores"]) == 8 and "P1" not in deal["scores"]


@pytest.mark.parametrize("text, error", [
    ('seats = 4\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n'
     '[[deals]]\ndealer = "A"\nout = ["Zed"]\ncontract = "pass"\n',
     "deal 1: out 'Zed' is not a player (players: A, B, C, D, E)"),
    ('seats = 4\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n'
     '[[deals]]\ndealer = "Zed"\ncontract = "pass"\n',
     "deal 1: dealer 'Zed' is not a player (players: A, B, C, D, E)"),
    ('seats = 4\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n'
     '[[deals]]\ndealer = "A"\nout = ["A", "B"]\ncontract = "pass"\n',
     "deal 1: 5 people at a 4-seat table leave 1 out, not 2 (A, B)"),
    ('seats = 9\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n',
     "seats: should be a table size of 3 to 5 seats (french), not 9"),
    ('seats = 4\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n'
     '[[roster]]\nfrom_deal = 1\nleave = "Zed"\n',
     "deal 1: Zed leaves but is not on the roster (roster: A, B, C, D, E)"),
    ('seats = 4\nplayers = ["A", "B", "C", "D", "E"]\ndealer = "A"\n'
     '[[roster]]\nfrom_deal = 1\nleave = "E"\n[[roster]]\nfrom_deal = 1\nleave = "D"\n',
     "deal 1: leaving D leaves 3 people at a 4-seat table: add seats 3"),
])
def test_a_hand_edited_impossible_seating_is_named_with_its_deal(cli, text, error):
    path = cli.folder / "bad.toml"
    head = 'scorepad = 4\nvariant = "french"\n'
    rules = '[rules]\nprofile = "seed"\n'
    good = (EXAMPLES / "french-club-evening.toml").read_text("utf-8")
    rules = good[good.index("[rules]"):good.index("[[deals]]")]
    body = text.split("[[", 1)
    path.write_text(head + body[0] + rules + ("[[" + body[1] if len(body) > 1 else ""), "utf-8")
    before = path.read_bytes()
    result = cli("history", path, ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert error in result.stderr, result.stderr
    assert path.read_bytes() == before


def test_an_older_file_reads_as_before_and_is_upgraded_on_its_next_save(cli, tmp_path):
    path = tmp_path / "old.toml"
    path.write_bytes((EXAMPLES / "french-club-evening.toml").read_bytes())
    assert path.read_text("utf-8").startswith("scorepad = 3\n")
    before = storage.load(path)
    assert before.fixed and before.players == before.roster
    result = cli("deal", path, "--contract", "pass")
    assert "is now in file format 6 (it was 3)" in result.stderr
    after = storage.load(path)
    assert after.deals[:-1] == before.deals[:]
    assert "seats" not in path.read_text("utf-8").split("[rules]")[0]


def test_standings_rank_by_average_for_one_session(cli):
    path = cli.new("fri.toml", "french", FIVE, "--seats", "4")
    cli("deal", path, *GARDE, "--taker", "Bruno")
    cli("deal", path, "--contract", "petite", "--taker", "Chloé", "--points", "20",
        "--bouts", "1")
    out = cli("standings", path, "--rank-by", "average").stdout
    assert "average" in out and "played" in out
    rows = cli.json("standings", path, "--rank-by", "average")["players"]
    averages = [r["average"] for r in rows if r["rank"] is not None]
    assert averages == sorted(averages, reverse=True)
    data = cli.json("standings", path, "--rank-by", "average", "--min-deals", "2")["players"]
    assert [r["rank"] for r in data if r["played"] < 2] == [None] * sum(
        r["played"] < 2 for r in data)


seatings = st.lists(st.tuples(st.booleans(), st.integers(0, 3)), max_size=30)


@given(deals=seatings, people=st.integers(5, 8))
def test_every_deal_seats_its_seats_and_sums_to_zero(deals, people):
    """Random passes and contracts at French tables of 4 with 5 to 8 people: every deal seats
    4, the scores add up over the seated, those out score nothing; a save and load gives the
    very same session."""
    names = [f"P{i}" for i in range(people)]
    session = core.new_session("french", names, seats=4)
    for passed, taker in deals:
        raw = {"contract": "pass"} if passed else {
            "contract": "garde", "taker": session.seating_plan().next.seated[taker],
            "points": "50", "bouts": "2"}
        session = core.add_deal(session, raw)
    for n, outcome in enumerate(scores.outcomes(session), 1):
        seating = session.seating(n)
        assert len(seating.seated) == 4 and len(seating.out) == people - 4
        assert set(outcome.scores) == set(seating.seated)
        assert sum(outcome.scores.values()) == 0
    import tomllib

    from scorepad.storage.document import dumps, session_from_document

    again = session_from_document(tomllib.loads(dumps(session)))
    assert again == session
    assert [again.seating(n) for n in range(1, len(deals) + 1)] == [
        session.seating(n) for n in range(1, len(deals) + 1)]


def test_the_library_reads_a_roster_file(cli):
    path = cli.new("fri.toml", "french", FIVE, "--seats", "4")
    with pytest.raises(ScorepadError):
        core.add_deal(storage.load(path), {"contract": "garde", "taker": "Anna",
                                           "points": "50", "bouts": "2"})
    data = json.loads(cli("standings", path, "--json").stdout)
    assert [p["played"] for p in data["players"]] == [0] * 5


@pytest.mark.parametrize(("game", "people", "seats", "out"), [
    ("french", 7, 5, "2 sit out"), ("troggu", 9, 8, "1 sits out"), ("piedmont", 3, 2, "1 sits out"),
])
def test_more_players_than_the_game_seats_names_the_seats_option(cli, game, people, seats, out):
    names = ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fabio", "Greta", "Hugo", "Ines"]
    result = cli("new", "x.toml", "--variant", game, "--players", ",".join(names[:people]),
                 ok=False)
    assert result.exit_code == 1
    assert f"give --seats {seats} ({out} each deal)" in result.stderr, result.stderr
    cli("new", "x.toml", "--variant", game, "--players", ",".join(names[:people]),
        "--seats", seats)  # as it says
