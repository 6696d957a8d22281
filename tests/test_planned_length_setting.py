"""A table's planned length: `new --deals N`, the rules' `deals` in every game
(format 5), a deal past it refused without --continue and marked `continued = true` with it,
`check`, `tournament check` and `tournament standings` naming unmarked ones; and the wording of a
failed announced slam and the league's columns."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

from conftest import EXAMPLES
from scorepad import FORMAT_VERSION, storage

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]
GARDE = ["--contract", "garde", "--taker", "Bruno", "--points", "47", "--bouts", "2"]
REFUSED = "the table plays 4 deals and has them; add --continue to record a 5th"


def _four(cli, name="t.toml", *extra):
    path = cli.new(name, "french", PLAYERS, "--deals", "4", *extra)
    for points in (40, 45, 50, 55):
        cli("deal", path, *GARDE[:-3], str(points), "--bouts", "2")
    return path


def _marks(path):
    return [d.get("continued") for d in tomllib.loads(path.read_text("utf-8"))["deals"]]


def _unsigned(path):
    return path.read_text("utf-8").split("\n# checked by scorepad")[0] + "\n"


def test_new_deals_keeps_the_length_in_the_rules_in_the_new_format(cli):
    path = cli.new("t.toml", "french", PLAYERS, "--deals", "4")
    doc = tomllib.loads(path.read_text("utf-8"))
    assert doc["scorepad"] == FORMAT_VERSION == 6 and doc["rules"]["deals"] == 4
    plain = tomllib.loads(cli.new("p.toml", "french", PLAYERS).read_text("utf-8"))
    assert plain["rules"]["deals"] == 0  # every game keeps one now; 0: none
    troggu = cli.new("tr.toml", "troggu", PLAYERS, "--deals", "3")
    assert tomllib.loads(troggu.read_text("utf-8"))["rules"]["deals"] == 3
    out = cli("new", cli.folder / "n.toml", "-v", "french", "-p", "A,B,C", "--deals", "6").stdout
    assert "the table plays 6 deals; deal --continue records one past them" in out


def test_new_deals_refuses_a_bad_count_and_a_second_setting(cli):
    both = cli("new", cli.folder / "b.toml", "-v", "french", "-p", "A,B,C", "--deals", "4",
               "--set", "deals=5", ok=False)  # fmt: skip
    assert both.exit_code == 1
    assert both.stderr.strip() == (f"error: {cli.folder / 'b.toml'}: --deals: give --deals or "
                                   "--set deals=N, not both")  # fmt: skip
    big = cli("new", cli.folder / "b.toml", "-v", "french", "-p", "A,B,C", "--deals", "9999999",
              ok=False)  # fmt: skip
    assert big.exit_code == 1 and "--deals: should be 0 to 1000000, not 9999999" in big.stderr
    word = cli("new", cli.folder / "b.toml", "-v", "french", "-p", "A,B,C", "--deals", "four",
               ok=False)  # fmt: skip
    assert word.exit_code == 2 and "--deals" in word.stderr  # the parser's own
    assert not (cli.folder / "b.toml").exists()


def test_a_deal_past_the_length_is_refused_with_the_fix_and_the_file_kept(cli):
    path = _four(cli)
    before = path.read_bytes()
    refused = cli("deal", path, *GARDE, ok=False)
    assert refused.exit_code == 1
    assert refused.stderr.strip() == f"error: {path}: {REFUSED}"
    assert path.read_bytes() == before
    # the last deal said so when it was saved
    again = cli.new("u.toml", "french", PLAYERS, "--deals", "1")
    assert "the table has played its 1 deal" in cli("deal", again, *GARDE).stdout
    one = cli("deal", again, *GARDE, ok=False).stderr
    assert "the table plays 1 deal and has it; add --continue to record a 2nd" in one


def test_continue_records_past_the_length_marked_and_check_accepts_it(cli):
    path = _four(cli)
    cli("deal", path, *GARDE, "--continue")
    cli("deal", path, *GARDE, "--continue")
    assert _marks(path) == [None, None, None, None, True, True]
    assert "continued = true" in path.read_text("utf-8")
    assert "6 deals, every deal adds up" in cli("check", path).stdout
    history = cli.json("history", path)
    assert len(history) == 6 and history[5]["scores"]["Bruno"] == 186


def test_a_hand_edited_file_with_extra_unmarked_deals_is_named_by_check(cli):
    path = _four(cli)
    text = _unsigned(path)
    deal = text[text.rindex("[[deals]]") :]
    path.write_text(text + "\n" + deal + "\n" + deal, "utf-8")
    bad = cli("check", path, ok=False)
    assert bad.exit_code == 1
    assert bad.stderr.strip() == (
        f"error: {path}: deals 5, 6 are past the planned length of 4 deals and not marked as "
        "recorded with --continue: delete them, or add continued = true to each"
    )
    # marking them by hand, as the message says, makes the file good
    path.write_text(text + "\n" + deal + "continued = true\n", "utf-8")
    assert "5 deals" in cli("check", path).stdout
    path.write_text(text + "\n" + deal + "continued = 1\n", "utf-8")
    wrong = cli("check", path, ok=False)
    assert "deal 5: continued should be true or false" in wrong.stderr


def test_editing_and_deleting_deals_around_the_length(cli):
    path = _four(cli)
    cli("deal", path, *GARDE, "--continue")
    cli("edit", path, "5", "--points", "60")  # the marked deal keeps its mark
    cli("edit", path, "4", "--points", "61")
    assert _marks(path) == [None, None, None, None, True]
    assert [d["points"] for d in cli.json("history", path)][3:] == [61, 60]
    cli("delete", path, "2")  # four deals again: the one recorded past the length is kept
    assert _marks(path) == [None, None, None, True]
    assert "4 deals" in cli("check", path).stdout
    refused = cli("deal", path, *GARDE, ok=False)
    assert REFUSED in refused.stderr  # a fifth again asks for --continue


def test_undo_then_recording_again_asks_for_continue_again(cli):
    path = _four(cli)
    cli("deal", path, *GARDE, "--continue")
    cli("undo", path)
    assert _marks(path) == [None] * 4
    assert REFUSED in cli("deal", path, *GARDE, ok=False).stderr
    cli("deal", path, *GARDE, "--continue")
    assert _marks(path) == [None, None, None, None, True]
    cli("undo", path)
    cli("undo", path)  # below the length: a deal needs no --continue
    cli("deal", path, *GARDE)
    assert _marks(path) == [None] * 4


def test_an_older_file_reads_as_before_and_gains_the_rule_on_its_next_save(cli, tmp_path):
    path = tmp_path / "old.toml"
    path.write_bytes((EXAMPLES / "french-five-at-four.toml").read_bytes())
    assert path.read_text("utf-8").startswith("scorepad = 4\n")
    before = storage.load(path)
    assert before.rules["deals"] == 0 and not any(d.continued for d in before.deals)
    result = cli("deal", path, "--contract", "pass")
    assert f"is now in file format {FORMAT_VERSION} (it was 4)" in result.stderr
    after = storage.load(path)
    assert after.deals[:-1] == before.deals[:]
    assert tomllib.loads(path.read_text("utf-8"))["rules"]["deals"] == 0


def test_piedmont_deals_past_the_match_on_a_tie_stay_as_they_are(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"], "--deals", "2")
    cli("deal", path, "--points", "Anna=46")
    cli("deal", path, "--points", "Anna=45")  # level after 2: the match goes on
    cli("deal", path, "--points", "Anna=50")  # no --continue needed, and no mark
    assert _marks(path) == [None, None, None]
    assert "3 deals" in cli("check", path).stdout
    over = cli("deal", path, "--points", "Anna=50", ok=False)
    assert "wins the match; add --continue to play on" in over.stderr


def test_play_ends_at_the_length_says_so_and_shows_the_standings(cli):
    path = cli.new("t.toml", "french", PLAYERS, "--deals", "2")
    deal = ["", "g", "b", "47", "2", "", ""]
    out = cli("play", path, "-i", input="\n".join([*deal, *deal, "", "", "q"]) + "\n").stdout
    assert out.count("the table has played its 2 deals") == 1
    after = out[out.index("the table has played its 2 deals") :]
    assert "rank" in after.split("\n", 2)[1] and "+372" in after  # the standings, at once
    assert "the match is over — Enter, or u e s h c q ?" in out
    assert "Play on with deal 3? [y/N]" in out
    assert len(cli.json("history", path)) == 2  # Enter at "Play on?": no deal 3
    cli("play", path, "-i", input="\n".join(["", "y", *deal, "q"]) + "\n")
    assert _marks(path) == [None, None, True]


def test_the_draw_writes_each_tables_length_and_a_table_of_5_plays_m_5_4(cli):
    names = ",".join(f"P{i}" for i in range(1, 10))
    cli("tournament", "new", "cup", "-v", "french", "--players", names, "--rounds", "2",
        "--deals", "6", "--date", "2026-03-14")  # fmt: skip
    cli("tournament", "draw", "cup", "--seed", "1")
    tables = cli.json("tournament", "tables", "cup")["tables"]
    lengths = {len(t["players"]): t["deals"] for t in tables}
    assert lengths == {4: 6, 5: 8}  # 6 × 5/4 = 7.5, rounded up
    for t in tables:
        rules = tomllib.loads((cli.folder / "cup" / t["file"]).read_text("utf-8"))["rules"]
        assert rules["deals"] == t["deals"]


def _cup(cli):
    names = ",".join(f"P{i}" for i in range(1, 9))
    cli("tournament", "new", "cup", "-v", "french", "--players", names, "--rounds", "2",
        "--deals", "4", "--date", "2026-03-14")  # fmt: skip
    cli("tournament", "draw", "cup", "--seed", "1")
    tables = cli.json("tournament", "tables", "cup")["tables"]
    paths = [cli.folder / "cup" / t["file"] for t in tables]
    for path, t in zip(paths, tables, strict=True):
        for points in (40, 45, 50, 55):
            cli("deal", path, "--contract", "garde", "--taker", t["players"][1], "--points",
                str(points), "--bouts", "2")  # fmt: skip
    return paths, tables


def test_tournament_check_and_standings_name_unmarked_deals_past_a_tables_length(cli):
    (one, two), tables = _cup(cli)
    good = cli("tournament", "check", "cup")
    assert "2 of 2 tables as drawn and finished" in good.stdout
    taker = tables[0]["players"][2]
    refused = cli("deal", one, "--contract", "petite", "--taker", taker, "--points", "50",
                  "--bouts", "2", ok=False)  # fmt: skip
    assert REFUSED in refused.stderr
    # recorded with --continue: marked, accepted, not counted
    totals = cli.json("tournament", "standings", "cup")
    cli("deal", one, "--contract", "petite", "--taker", taker, "--points", "50", "--bouts", "2",
        "--continue")  # fmt: skip
    assert "2 of 2 tables as drawn and finished" in cli("tournament", "check", "cup").stdout
    assert cli.json("tournament", "standings", "cup") == totals
    # a deal added by hand, unmarked
    text = _unsigned(two)
    deal = text[text.rindex("[[deals]]") :]
    two.write_text(text + "\n" + deal, "utf-8")
    message = (f"error: cup/{tables[1]['file']}: deal 5 is past the planned length of 4 "
               "deals and not marked as recorded with --continue: delete it, or add continued "
               "= true to it (the tournament counts the first 4 deals)")  # fmt: skip
    bad = cli("tournament", "check", "cup", ok=False)
    assert bad.exit_code == 1 and bad.stderr.strip() == message
    standings = cli("tournament", "standings", "cup", ok=False)
    assert standings.exit_code == 1 and standings.stderr.strip() == message
    assert "P1" in standings.stdout  # the standings are still shown
    as_json = cli("tournament", "standings", "cup", "--json", ok=False)
    assert as_json.exit_code == 1 and json.loads(as_json.stdout) == totals
    assert "deal 5 is past the planned length of 4 deals" in cli("check", two, ok=False).stderr


def test_tournament_check_compares_a_tables_length_with_the_tournament_file(cli):
    (one, _two), tables = _cup(cli)
    text = _unsigned(one).replace("deals = 4\n", "deals = 6\n")
    one.write_text(text, "utf-8")
    bad = cli("tournament", "check", "cup", ok=False)
    assert bad.exit_code == 1
    assert bad.stderr.strip() == (f"error: cup/{tables[0]['file']}: the file plans 6 deals; the "
                                  "tournament's table plays 4 deals")  # fmt: skip
    # a table file drawn before planned lengths (0: none) is still the table's
    one.write_text(text.replace("deals = 6\n", "deals = 0\n"), "utf-8")
    assert "2 of 2 tables as drawn" in cli("tournament", "check", "cup").stdout


def test_a_failed_announced_slam_says_failed_in_history_show_and_sheet(cli):
    path = cli.new("s.toml", "french", PLAYERS)
    cli("deal", path, *GARDE, "--slam-announced")  # made the contract, not the slam
    cli("deal", path, "--contract", "garde", "--taker", "Anna", "--points", "8", "--bouts", "0",
        "--slam", "defence", "--slam-announced")  # fmt: skip
    cli("deal", path, "--contract", "garde", "--taker", "Anna", "--points", "91", "--bouts", "3",
        "--slam", "attack", "--slam-announced")  # fmt: skip
    history = cli("history", path).stdout
    lines = [line for line in history.splitlines() if "garde" in line]
    assert "slam announced, failed" in lines[0]
    assert "slam announced, failed" in lines[1] and "slam def" in lines[1]
    assert "slam att announced" in lines[2] and "failed" not in lines[2].split("made")[0]
    assert "announced slam failed" in cli("show", path, "1").stdout
    sheet = cli("report", path, "-o", "-").stdout
    assert "slam announced, failed" in sheet
    assert "slam: attack; slam announced<" in sheet


def test_league_columns_are_told_apart(cli):
    (one, two), _tables = _cup(cli)
    # a tournament's round is one column (issue 43); files named alike in folders of no
    # tournament are told apart by their folder
    header = cli("standings", one, two, "--league", "--min-deals", "0").stdout.splitlines()[1]
    assert header.split() == ["rank", "player", "R1", "sessions", "deals", "total", "average"]
    for n in (1, 2):
        (cli.folder / "plain" / f"round-{n}").mkdir(parents=True)
        for path in (one, two):
            (cli.folder / "plain" / f"round-{n}" / path.name).write_bytes(path.read_bytes())
    files = sorted((cli.folder / "plain").glob("round-*/*.toml"))
    header = cli("standings", *files, "--league", "--min-deals", "0").stdout.splitlines()[1]
    for label in ("round-1/table-1 2026-03-14", "round-1/table-2 2026-03-14",
                  "round-2/table-1 2026-03-14", "round-2/table-2 2026-03-14"):  # fmt: skip
        assert header.count(label) == 1, header
    evenings = [cli.new(name, "french", PLAYERS, "--title", "Club", "--date", "2026-03-14")
                for name in ("thursday.toml", "friday.toml")]  # fmt: skip
    for path in evenings:
        cli("deal", path, *GARDE)
    header = cli("standings", *evenings, "--league").stdout.splitlines()[1]
    assert "thursday 2026-03-14" in header and "friday 2026-03-14" in header
    # the same file twice is refused (it would count twice); two files whose names and
    # folders are alike are told apart by their place
    for folder in ("x/club", "y/club"):
        (cli.folder / folder).mkdir(parents=True)
        (cli.folder / folder / "thursday.toml").write_bytes(evenings[0].read_bytes())
    alike = [cli.folder / f / "thursday.toml" for f in ("x/club", "y/club")]
    twice = cli("standings", *alike, "--league").stdout.splitlines()[1]
    assert "club/thursday 2026-03-14 (1)" in twice and "club/thursday 2026-03-14 (2)" in twice


def test_on_a_terminal_play_stops_at_the_length_and_plays_on_only_when_asked(cli):
    from tests_helpers import on_a_terminal, uncoloured

    path = cli.new("t.toml", "french", PLAYERS, "--deals", "1")
    deal = [b"\r", b"g\r", b"b\r", b"47\r", b"2\r", b"\r", b"\r"]
    keys = [*deal, b"\r", b"n\r", b"\r", b"y\r", *deal[1:], b"e 2 points 50\r", b"\r", b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys)
    out = uncoloured(out)
    assert code == 0, out
    said = out.index("the table has played its 1 deal")
    assert "rank" in out[said : said + 400] and "+186" in out[said : said + 400]
    assert "the match is over — Enter, or u e s h c q ?" in out
    assert out.count("Play on with deal 2? [y/N]") == 2  # "n" first: no deal
    assert _marks(path) == [None, True]  # played on, marked; the edit kept the mark
    assert [d["points"] for d in cli.json("history", path)] == [47, 50]
    # guided `deal` on a terminal at the length: refused with the fix, nothing asked
    out, code = on_a_terminal(["deal", str(path), "-c", "garde"], [])
    assert code == 1 and "add --continue to record a 3rd" in uncoloured(out), out


def test_the_refusal_names_the_next_deal_in_good_english(cli):
    path = cli.new("p.toml", "french", PLAYERS, "--deals", "7")
    for _n in range(7):  # deals played: a pass is dealt again and counts for none (§16)
        cli("deal", path, *GARDE)
    refused = cli("deal", path, *GARDE, ok=False)
    assert "the table plays 7 deals and has them; add --continue to record an 8th" in (
        refused.stderr
    )
    for _n in range(3):
        cli("deal", path, *GARDE, "--continue")
    eleventh = cli("deal", path, *GARDE, ok=False).stderr
    assert "add --continue to record an 11th" in eleventh
    japanese = subprocess.run([sys.executable, "-m", "scorepad", "--lang", "ja", "deal", str(path),
                               *GARDE], capture_output=True, text=True)  # fmt: skip
    assert japanese.returncode == 1
    assert "11 番目のディールを記録するには --continue を付けてください" in japanese.stderr
