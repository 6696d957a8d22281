"""One view of a tournament: `standings --league` and `stats` over a
tournament's table files count the deals `tournament standings` counts — a deal recorded past a
table's end is left out of both and flagged the same way, while an evening's deal recorded with
--continue counts — and the terminal's league groups a round's tables as one column and never
grows wider than the terminal."""

from __future__ import annotations

import functools
import json
import random

import pytest

from scorepad import core, scores, storage
from scorepad.model import table_at
from scorepad.text import width

NAMES = ["Anna", "Bruno", "Chloé", "Daisuke", "Émile", "Fritz", "Gabi", "Hans", "Ingrid",
         "Jules", "Karin", "Léa", "Marc", "Noé"]  # fmt: skip


@pytest.fixture
def quick_draw(monkeypatch):
    """The draw's search with a small part of its work (what is looked at is the counting)."""
    from scorepad.tournament import draw

    monkeypatch.setattr(draw, "draw_round", functools.partial(draw.draw_round, work=5_000))


def _play(path, rng):
    def add(session):
        while scores.length_played(session) is None:
            seated = table_at(session, len(session.deals) + 1).players
            if rng.random() < 0.2:
                raw = {"contract": "pass"}
            else:
                raw = {"contract": rng.choice(["petite", "garde"]), "taker": rng.choice(seated),
                       "points": rng.randint(25, 65), "bouts": rng.randint(0, 3)}  # fmt: skip
            session = core.add_deal(session, raw)
        return session

    storage.update(path, add)


def _cup(cli, rounds=3, names=NAMES):
    cli("tournament", "new", "cup", "-v", "french", "--players", ",".join(names), "--rounds",
        rounds, "--deals", "4", "--date", "2026-12-05")  # fmt: skip
    rng = random.Random(5)
    for n in range(1, rounds + 1):
        cli("tournament", "draw", "cup", "--seed", n)
        for table in cli.json("tournament", "tables", "cup")["tables"]:
            _play(cli.folder / "cup" / table["file"], rng)
    return sorted((cli.folder / "cup").glob("round-*/table-*.toml"))


def _totals(obj):
    return {p["name"]: p["total"] for p in obj["players"]}


def _past_the_end(path):
    """A deal added to the file by hand after its last, not marked as recorded with
    --continue."""
    text = path.read_text("utf-8").split("\n# checked by scorepad")[0] + "\n"
    deal = text[text.rindex("[[deals]]") :]
    path.write_text(text + "\n" + deal, "utf-8")


def test_the_league_and_the_stats_count_what_the_tournament_counts(cli, quick_draw):
    files = _cup(cli)
    ranking = cli.json("tournament", "standings", "cup")
    one = files[0]
    session = storage.load(one)
    taker = table_at(session, len(session.deals) + 1).players[0]
    cli("deal", one, "--contract", "garde", "--taker", taker, "--points", "70", "--bouts", "3",
        "--continue")  # fmt: skip
    assert cli.json("tournament", "standings", "cup") == ranking  # past the end: not counted
    league = cli.json("standings", *files, "--league", "--min-deals", "0")
    assert _totals(league) == _totals(ranking)
    assert len(league["sessions"]) == len(files)  # the JSON keeps one entry per file
    assert _totals(cli.json("stats", *files)) == _totals(ranking)
    assert _totals(cli.json("standings", *files)) == _totals(ranking)
    played = {p["name"]: p["played"] for p in league["players"]}
    assert played == {p["name"]: p["played"] for p in ranking["players"]}
    rated = cli.json("rating", *files, "--min-deals", "0")  # the ratings too
    assert rated == cli.json("rating", "cup", "--min-deals", "0")
    counted = {p["name"]: p["counted"] for p in cli.json("stats", *files)["players"]}
    assert counted == {p["name"]: p["counted"] for p in ranking["players"]} == dict.fromkeys(
        NAMES, 12
    )


def test_a_deal_past_a_table_s_end_is_flagged_alike_by_every_view(cli, quick_draw):
    files = _cup(cli, rounds=1)
    ranking = cli.json("tournament", "standings", "cup")
    _past_the_end(files[0])
    tournament = cli("tournament", "standings", "cup", ok=False)
    said = tournament.stderr.strip()
    assert tournament.exit_code == 1 and said.startswith(f"error: cup/{files[0].parent.name}/")
    assert "(the tournament counts the first " in said
    for command in (["standings", *files, "--league"], ["standings", *files], ["stats", *files]):
        result = cli(*command, ok=False)
        assert result.exit_code == 1, command
        assert result.stderr.strip() == said.replace("cup/", f"{cli.folder}/cup/", 1), command
        assert result.stdout  # the view is still shown, as the tournament's
        as_json = cli(*command, "--json", ok=False)
        assert as_json.exit_code == 1 and _totals(json.loads(as_json.stdout)) == _totals(ranking)


def test_an_evening_s_deal_recorded_with_continue_still_counts(cli):
    path = cli.new("t.toml", "french", NAMES[:4], "--deals", "1", "--date", "2026-12-06")
    garde = ["--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2"]
    cli("deal", path, *garde)
    cli("deal", path, *garde, "--continue")
    other = cli.new("u.toml", "french", NAMES[:4], "--date", "2026-12-07")
    cli("deal", other, *garde)
    league = cli.json("standings", path, other, "--league", "--min-deals", "0")
    assert _totals(league)["Anna"] == 3 * 3 * 2 * (25 + 9)  # three gardes made, all counted
    assert cli.json("stats", path)["deals"] == 2


def test_a_round_s_tables_are_one_column_and_the_league_fits_the_terminal(
    cli, quick_draw, monkeypatch
):
    long = [f"{name} of the Club" for name in NAMES]  # 8 to 19 characters
    files = _cup(cli, rounds=5, names=long)
    evenings = []
    for day in range(1, 8):
        path = cli.new(f"thursday-evening-{day}.toml", "french", NAMES[:4], "--date",
                       f"2026-11-0{day}")  # fmt: skip
        cli("deal", path, "--contract", "garde", "--taker", NAMES[day % 4], "--points", "50",
            "--bouts", "2")  # fmt: skip
        evenings.append(path)
    wide = cli("standings", *files, "--league", "--min-deals", "0").stdout.splitlines()
    assert wide[1].split()[:7] == ["rank", "player", "R1", "R2", "R3", "R4", "R5"]
    assert max(map(width, wide)) > 80
    monkeypatch.setenv("COLUMNS", "80")
    for given in (files, evenings, [*evenings, *files]):
        out = cli("standings", *given, "--league", "--min-deals", "0").stdout
        lines = out.splitlines()
        assert max(width(line) for line in lines) <= 80, out
        said = " ".join(lines[lines.index(next(x for x in lines if x.startswith("left out"))):])
        assert said.startswith("left out to fit the terminal: the sessions"), out
        names = long if given is files else NAMES[:4]
        assert all(name in out for name in names)  # every player still has a row
        if given is evenings:  # the long headings numbered, and said below
            assert lines[1].split()[2:-3] == [f"#{n}" for n in range(3, 8)], out
            assert "#3 thursday-evening-3 2026-11-03  #4 thursday-evening-4" in out
    assert "the first 8 columns (their scores are in the total)" in said, out
    assert lines[1].split()[2:6] == ["R2", "R3", "R4", "R5"]  # the newest kept
    # over two tournaments, a round is its date (and its number where dates are alike)
    cli("tournament", "new", "cup2", "-v", "french", "--players", ",".join(NAMES[:4]),
        "--rounds", "1", "--deals", "4", "--date", "2026-12-12")  # fmt: skip
    cli("tournament", "draw", "cup2")
    second = cli.folder / "cup2" / "round-1" / "table-1.toml"
    _play(second, random.Random(1))
    monkeypatch.delenv("COLUMNS")
    header = cli("standings", *files, second, "--league", "--min-deals", "0").stdout
    assert header.splitlines()[1].split()[2:9] == [
        "2026-12-05", "R1", "2026-12-05", "R2", "2026-12-05", "R3", "2026-12-05"
    ]  # fmt: skip
    assert "2026-12-12" in header.splitlines()[1]
