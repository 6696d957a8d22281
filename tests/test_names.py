"""Names as people type them: a typed name finds its player whatever the case and accents
(exact, a beginning, the initials) in every command that takes one; names that differ only by
case, by accents, or that look alike in other letters are refused where they are made; across
files a player is one person; and `rename` (one file, several, a tournament, `r` in play)."""

from __future__ import annotations

import json

import pytest
from tests_helpers import on_a_terminal

from scorepad import storage

FIVE = ["Anna", "Bruno", "Chloé", "Daisuke", "Élodie"]
TYPED = ["elodie", "ELO", "Élo"]  # all three mean Élodie


def _garde(cli, path, taker, *extra, ok=True):
    return cli("deal", path, "--contract", "garde", "--taker", taker, "--points", "50",
               "--bouts", "2", *extra, ok=ok)


# --- one pure function ----------------------------------------------------------------------

def test_find_matches_as_people_type():
    from scorepad.text import find, fold

    names = ["Élodie", "Elena", "Jean-Pierre", "Anna", "大輔", "ダイスケ", "Søren", "Łukasz"]
    for typed in [*TYPED, "ｅｌｏｄｉｅ", "Elodie"]:
        assert find(typed, names) == ["Élodie"], typed
    assert find("el", names) == ["Élodie", "Elena"]  # ambiguous: both named
    assert find("jp", names) == find("J-P", names) == ["Jean-Pierre"]  # initials
    assert find("soren", names) == ["Søren"] and find("luk", names) == ["Łukasz"]
    assert find("大", names) == ["大輔"] and find("タイスケ", names) == []  # kana keep ゛
    assert fold("Straße") == "strasse" and fold("Œuvre Æsir") == "oeuvre aesir"
    # twins (a hand-written file may hold them): each typed exactly, a beginning is both
    twins = ["Elodie", "Élodie"]
    assert find("elodie", twins) == ["Elodie"] and find("ÉLODIE", twins) == ["Élodie"]
    assert find("elo", twins) == twins and find("Élo", twins) == ["Élodie"]


# --- C: every command that takes a player ---------------------------------------------------

@pytest.mark.parametrize("typed", TYPED)
def test_deal_and_edit_find_elodie(cli, typed):
    path = cli.new("a.toml", "french", FIVE, "--seats", "4")
    out = _garde(cli, path, typed).stdout
    assert "garde Élodie" in out
    cli("edit", path, "1", "--taker", "bru")
    assert storage.load(path).deals[0].entry.taker == "Bruno"
    cli("edit", path, "1", "--taker", typed)
    assert storage.load(path).deals[0].entry.taker == "Élodie"


@pytest.mark.parametrize("typed", TYPED)
def test_out_and_dealer_find_elodie(cli, typed):
    path = cli.new("a.toml", "french", [*FIVE, "Fumiko"], "--seats", "4")
    _garde(cli, path, "anna", "--dealer", typed, "--out", "fumi")
    deal = storage.load(path).deals[0]
    assert deal.dealer == "Élodie" and storage.load(path).seating(1).out == ("Élodie", "Fumiko")


@pytest.mark.parametrize("typed", TYPED)
def test_join_after_and_leave_find_elodie(cli, typed):
    path = cli.new("a.toml", "french", FIVE, "--seats", "4")
    out = cli("join", path, "Fumiko", "--after", typed).stdout
    assert "dealing order: Anna, Bruno, Chloé, Daisuke, Élodie, Fumiko" in out
    out = cli("leave", path, typed).stdout
    assert out.startswith("Élodie leaves from deal 1")  # shown as written, not as typed
    assert storage.load(path).changes[-1].name == "Élodie"


@pytest.mark.parametrize("typed", TYPED)
def test_stats_player_finds_elodie(cli, typed):
    path = cli.new("a.toml", "french", FIVE, "--seats", "4")
    _garde(cli, path, "elo")
    assert cli("stats", path, "--player", typed).stdout.startswith("Élodie — French Tarot")


@pytest.mark.parametrize("typed", TYPED)
def test_tournament_draw_withdraw_finds_elodie(cli, typed, tmp_path):
    players = "Anna,Bruno,Chloé,Daisuke,Élodie,Fumiko,Gaspard,Hugo,Inès"
    cli("tournament", "new", tmp_path / "cup", "--variant", "french", "--players", players,
        "--rounds", "2", "--deals", "4")
    cli("tournament", "draw", tmp_path / "cup", "--withdraw", typed)
    tables = cli.json("tournament", "tables", tmp_path / "cup")["tables"]
    assert "Élodie" not in [p for t in tables for p in t["players"]]


def test_an_ambiguous_name_is_refused_naming_both(cli):
    path = cli.new("a.toml", "french", ["Élodie", "Elena", "Anna", "Bruno"])
    r = _garde(cli, path, "el", ok=False)
    assert r.exit_code == 1
    assert "taker 'el' could be Élodie or Elena: type more letters" in r.stderr
    assert "could be Élodie or Elena" in cli("leave", path, "EL", ok=False).stderr


def test_a_file_holding_accent_twins_reads_and_each_is_typed_exactly(cli, tmp_path):
    path = cli.new("twins.toml", "french", ["Elodie", "Xavier", "Anna", "Bruno"])
    text = path.read_text(encoding="utf-8").split("# checked by")[0]
    path.write_text(text.replace('"Xavier"', '"Élodie"'), encoding="utf-8")  # by hand
    assert cli("check", path).exit_code == 0
    _garde(cli, path, "elodie")
    _garde(cli, path, "ÉLODIE")
    r = _garde(cli, path, "elo", ok=False)
    assert "could be Elodie or Élodie" in r.stderr
    r = _garde(cli, path, "elódie", ok=False)  # neither exactly: both named
    assert "could be Elodie or Élodie: type the name exactly, accents included" in r.stderr
    assert [d.entry.taker for d in storage.load(path).deals] == ["Elodie", "Élodie"]
    rows = {r["name"]: r["total"] for r in cli.json("standings", path)["players"]}
    assert rows == {"Elodie": 136, "Élodie": 136, "Anna": -136, "Bruno": -136}


def test_new_and_join_refuse_a_name_differing_only_by_accents(cli, tmp_path):
    r = cli("new", tmp_path / "a.toml", "--variant", "french", "--players",
            "Élodie,Elodie,Anna,Bruno", ok=False)
    assert r.exit_code == 1 and not (tmp_path / "a.toml").exists()
    assert "'Elodie' differs from Élodie only by accents" in r.stderr
    path = cli.new("b.toml", "french", FIVE, "--seats", "4")
    before = path.read_bytes()
    r = cli("join", path, "elodie", ok=False)
    assert "'elodie' differs from Élodie, on the roster, only by accents" in r.stderr
    assert path.read_bytes() == before


def test_across_files_one_person_whatever_the_case_and_accents(cli):
    first = cli.new("1.toml", "french", ["Anna", "Bruno", "Chloé", "Élodie"], "--date",
                    "2026-01-01")
    second = cli.new("2.toml", "french", ["anna", "Bruno", "Chloe", "elodie"], "--date",
                     "2026-01-08")
    third = cli.new("3.toml", "french", ["Anna", "Bruno", "Chloé", "Élodie"], "--date",
                    "2026-01-15")
    for path in (first, second, third):
        _garde(cli, path, "elo")
    league = cli.json("standings", "--league", first, second, third)["players"]
    assert [(p["name"], p["total"]) for p in league] == [
        ("Élodie", 612), ("Anna", -204), ("Bruno", -204), ("Chloé", -204)]  # most written
    plain = cli.json("standings", first, second, third)["players"]
    assert [p["name"] for p in plain] == ["Élodie", "Anna", "Bruno", "Chloé"]
    stats = cli.json("stats", first, second, third)["players"]
    assert (stats[0]["name"], stats[0]["played"]) == ("Élodie", 3) and len(stats) == 4
    assert "elodie" not in cli("standings", first, second, third, "--by-deal").stdout


def test_play_finds_elodie_at_every_prompt(tmp_path):
    path = tmp_path / "fri.toml"
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "french",
                    "--players", ",".join(FIVE), "--seats", "4"], check=True,
                   capture_output=True)
    keys = [b"\r", b"g\r", "Élo\r".encode(), b"50\r", b"2\r", b"\r", b"\r",  # deal 1
            b"\r", b"g\r", b"ELO\r", b"50\r", b"2\r", b"\r", b"\r",  # deal 2
            b"l elodie\r", b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    out = out.replace("\r\n", "\n")
    assert code == 0, out
    assert out.count("saved deal") == 2, out
    assert "Élodie leaves from deal 3" in out
    session = storage.load(path)
    assert [d.entry.taker for d in session.deals] == ["Élodie", "Élodie"]


# --- A: names unique regardless of case in the file check too -------------------------------

@pytest.mark.parametrize("joins", [["ANNA"], ["fumiko", "Fumiko"]])
def test_check_refuses_a_join_differing_only_by_case(cli, joins):
    path = cli.new("a.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    text = path.read_text(encoding="utf-8").split("# checked by")[0]
    for name in joins:
        text += f'\n[[roster]]\nfrom_deal = 1\njoin = "{name}"\n'
    path.write_text(text, encoding="utf-8")
    r = cli("check", path, ok=False)
    assert r.exit_code == 1
    first, second = ("ANNA", "Anna") if joins == ["ANNA"] else ("Fumiko", "fumiko")
    assert (f"roster: '{first}' and '{second}' differ only by case: names are unique "
            "regardless of case") in r.stderr
    assert cli("standings", path, ok=False).exit_code == 1


def test_a_tournament_roster_is_unique_regardless_of_case(cli, tmp_path):
    cup = tmp_path / "cup"
    cli("tournament", "new", cup, "--variant", "french", "--players",
        "Anna,Bruno,Chloé,Daisuke,Élodie,Fumiko,Gaspard,Hugo", "--rounds", "2", "--deals", "4")
    text = (cup / "tournament.toml").read_text(encoding="utf-8")
    (cup / "tournament.toml").write_text(text.replace('"Bruno"', '"ANNA"'), encoding="utf-8")
    r = cli("tournament", "check", cup, ok=False)
    assert r.exit_code == 1 and "'ANNA' is named twice" in r.stderr
    r = cli("tournament", "new", tmp_path / "cup2", "--variant", "french", "--players",
            "Anna,Bruno,Chloé,Daisuke,Élodie,Elodie,Gaspard,Hugo", "--rounds", "2", "--deals",
            "4", ok=False)
    assert "'Elodie' differs from Élodie only by accents" in r.stderr


# --- B: look-alikes in other letters ------------------------------------------------------

def test_look_alikes_are_refused_naming_the_scripts(cli, tmp_path):
    cyrillic = "\u0410nna"  # А (Cyrillic) + nna
    r = cli("new", tmp_path / "a.toml", "--variant", "french", "--players",
            f"Anna,{cyrillic},Bruno,Chloé", ok=False)
    assert r.exit_code == 1 and not (tmp_path / "a.toml").exists()
    assert f"'{cyrillic}' (Cyrillic, Latin) looks like Anna (Latin)" in r.stderr
    path = cli.new("b.toml", "french", ["Anna", "大輔", "Bruno", "Chloé"])  # just names
    r = cli("join", path, cyrillic, ok=False)
    assert "(Cyrillic, Latin) looks like Anna (Latin)" in r.stderr
    greek = "\u0391\u03bd\u03bd\u03b1"  # Greek Αννα: looks like nothing here (ν is no n)
    assert cli("join", path, greek).exit_code == 0
    r = cli("join", path, "Brun\u03bf", ok=False)  # Greek omicron inside
    assert "(Latin, Greek) looks like Bruno (Latin)" in r.stderr


# --- D: rename ----------------------------------------------------------------------------

def test_rename_one_file_everywhere(cli):
    path = cli.new("a.toml", "french", [*FIVE[:4], "francois"], "--seats", "4")
    _garde(cli, path, "fra")
    cli("deal", path, "--contract", "petite", "--taker", "anna", "--points", "30", "--bouts",
        "1", "--handful", "fran:10", "--fool", "franc", "--fool-winner", "chl",
        "--fool-exchange", "given")
    cli("leave", path, "francois", "--seats", "4")
    before = cli.json("standings", path)
    out = cli("rename", path, "FRANC", "François").stdout
    assert out == f"{path}: francois is now François\n"
    text = path.read_text(encoding="utf-8")
    assert "francois" not in text
    after = cli.json("standings", path)
    assert json.dumps(after, ensure_ascii=False).replace("François", "francois") == \
        json.dumps(before, ensure_ascii=False)
    assert cli("check", path).exit_code == 0
    session = storage.load(path)
    assert session.roster[-1] == "François" and session.changes[0].name == "François"
    assert session.deals[1].entry.handfuls == (("François", 10),)
    assert session.deals[1].entry.fool == "François"
    # again: already so named, nothing written
    again = path.read_bytes()
    assert "already so named" in cli("rename", path, "françois", "François").stdout
    assert path.read_bytes() == again


def test_rename_keeps_a_deal_recorded_past_the_planned_length(cli, tmp_path):
    path = tmp_path / "a.toml"
    cli("new", path, "--variant", "french", "--players", "Anna,Bruno,Chloé,Daisuke", "--deals",
        "1")  # fmt: skip
    _garde(cli, path, "Anna")
    _garde(cli, path, "Anna", "--continue")
    cli("rename", path, "Anna", "Anne")
    assert storage.load(path).deals[1].continued
    assert cli("check", path).exit_code == 0


@pytest.mark.parametrize(("new", "said"), [
    ("Bruno", "NEW: 'Bruno' is already a player"),
    ("bruno", "NEW: 'bruno' is already a player, written Bruno"),
    ("Chloe", "NEW: 'Chloe' is already a player, written Chloé"),
    ("", "NEW: a player's name is empty"),
    ("Z\x1bq", "NEW: holds a control character (\\x1b)"),
    ("\u0410nna", "looks like Anna"),
])
def test_rename_refused(cli, new, said):
    path = cli.new("a.toml", "french", FIVE)
    before = path.read_bytes()
    r = cli("rename", path, "elo", new, ok=False)
    assert r.exit_code == 1 and said in r.stderr and path.read_bytes() == before
    r = cli("rename", path, "Zed", "Zoë", ok=False)
    assert "OLD: player 'Zed' is not a player" in r.stderr


def test_rename_several_files_all_or_none(cli, tmp_path):
    paths = [cli.new(f"{i}.toml", "french", ["Anna", "Bruno", "Chloé", name])
             for i, name in enumerate(["francois", "Francois", "françois"])]
    for path in paths:
        _garde(cli, path, "fr")
    before = [p.read_bytes() for p in paths]
    paths[2].chmod(0o444)
    r = cli("rename", *paths, "francois", "François", ok=False)
    assert r.exit_code == 1 and "read-only" in r.stderr
    assert [p.read_bytes() for p in paths] == before  # none changed
    paths[2].chmod(0o644)
    r = cli("rename", paths[0], paths[0], "francois", "François", ok=False)
    assert "give each file once" in r.stderr
    out = cli("rename", *paths, "francois", "François").stdout
    assert out.count("is now François") == 3
    league = cli.json("standings", "--league", *paths)["players"]
    assert league[0]["name"] == "François"
    assert not list(tmp_path.glob(".*journal*")) and not list(tmp_path.glob(".*txn*"))
    # a beginning that means someone else in one of the files: refused, nothing changed
    cli("rename", paths[1], "Bruno", "Bernard")
    before = [p.read_bytes() for p in paths]
    r = cli("rename", *paths, "b", "Bob", ok=False)
    assert "'b' is" not in r.stderr and "type the name in full" in r.stderr
    assert [p.read_bytes() for p in paths] == before


def test_tournament_rename_all_files(cli, tmp_path):
    cup = tmp_path / "cup"
    cli("tournament", "new", cup, "--variant", "french", "--players",
        "Anna,Bruno,Chloé,Daisuke,francois,Fumiko,Gaspard,Hugo", "--rounds", "2", "--deals", "4")
    cli("tournament", "draw", cup)
    out = cli("tournament", "rename", cup, "fran", "François").stdout
    assert "francois is now François, in the roster, the draws and 1 table file" in out
    assert cli("tournament", "check", cup, ok=False).stderr.count("unfinished") == 2
    assert "francois" not in "".join(p.read_text(encoding="utf-8") for p in cup.rglob("*.toml"))
    tables = cli.json("tournament", "tables", cup)["tables"]
    assert "François" in [p for t in tables for p in t["players"]]
    r = cli("tournament", "rename", cup, "françois", "anna", ok=False)
    assert "'anna' is already a player, written Anna" in r.stderr


def test_r_in_play_renames(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "fri.toml"
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "french",
                    "--players", "Anna,Bruno,Chloé,francois"], check=True, capture_output=True)
    keys = [b"r fran\r", "r fran François\r".encode(), b"r Anna Bruno\r",
            b'r "Anna" "Anna Maria"\r', b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    out = out.replace("\r\n", "\n")
    assert code == 0, out
    assert "✗ r OLD NEW renames someone" in out
    assert "francois is now François" in out and "Anna is now Anna Maria" in out
    assert "'Bruno' is already a player" in out
    assert storage.load(path).roster == ("Anna Maria", "Bruno", "Chloé", "François")


def test_tournament_late_brings_back_elodie_as_first_written(cli, tmp_path):
    cup = tmp_path / "cup"
    cli("tournament", "new", cup, "--variant", "french", "--players",
        "Anna,Bruno,Chloé,Daisuke,Élodie,Fumiko,Gaspard,Hugo", "--rounds", "3", "--deals", "1")

    def play_round(n):
        for table in cli.json("tournament", "tables", cup)["tables"]:
            first = table["players"][1]
            _garde(cli, cup / table["file"], first)

    cli("tournament", "draw", cup)
    play_round(1)
    cli("tournament", "draw", cup, "--withdraw", "ÉLO", "--late", "Zoë")
    play_round(2)
    cli("tournament", "draw", cup, "--late", "elodie", "--withdraw", "zoe")
    tables = cli.json("tournament", "tables", cup)["tables"]
    seated = [p for t in tables for p in t["players"]]
    assert "Élodie" in seated and "elodie" not in seated and "Zoë" not in seated
    ranking = cli.json("tournament", "standings", cup)["players"]
    assert len([p for p in ranking if p["name"].casefold() in ("élodie", "elodie")]) == 1


@pytest.mark.ci
def test_rename_of_several_files_killed_at_each_step_is_all_or_none(tmp_path):
    """Killed at each of its renames: before the journal, every file as it was; after it,
    the files are refused until `scorepad recover` finishes the rename."""
    import subprocess
    import sys

    from test_storage_safety import killed_at

    def scorepad(*args):
        return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)],
                              capture_output=True, text=True, cwd=tmp_path, timeout=60)

    originals = []
    for i in range(3):
        path = tmp_path / f"{i}.toml"
        scorepad("new", path, "--variant", "french", "--players", "Anna,Bruno,Chloé,francois")
        scorepad("deal", path, "--contract", "garde", "--taker", "fra", "--points", "50",
                 "--bouts", "2")
        originals.append(path.read_bytes())
    paths = [tmp_path / f"{i}.toml" for i in range(3)]
    killed = 0
    for step in range(1, 30):
        for path, data in zip(paths, originals, strict=True):
            path.write_bytes(data)
        for left in tmp_path.glob(".*.tmp"):
            left.unlink()
        r = killed_at(step, "rename", *paths, "francois", "François", cwd=tmp_path)
        if r.returncode != -9:
            assert r.returncode == 0, r.stderr
            break
        killed += 1
        league = scorepad("standings", "--league", "--json", *paths)
        if (tmp_path / ".scorepad-files.journal").exists():
            assert league.returncode == 1 and "scorepad recover" in league.stderr
            assert scorepad("recover", tmp_path).returncode == 0
            league = scorepad("standings", "--league", "--json", *paths)
        assert league.returncode == 0, league.stderr
        names = {p["name"] for p in json.loads(league.stdout)["players"]}
        texts = [p.read_bytes() for p in paths]
        assert texts == originals or all(b"francois" not in t for t in texts), step
        assert names in ({"Anna", "Bruno", "Chloé", "francois"},
                         {"Anna", "Bruno", "Chloé", "François"})
        assert not list(tmp_path.glob(".*journal"))
    assert killed == 4  # the journal, each file's rename
    assert all(b"francois" not in p.read_bytes() for p in paths)


def test_rename_over_files_in_two_folders(cli, tmp_path):
    (tmp_path / "autumn").mkdir()
    (tmp_path / "spring").mkdir()
    paths = [cli.new(f"{season}/1.toml", "french", ["Anna", "Bruno", "Chloé", "francois"])
             for season in ("autumn", "spring")]
    out = cli("rename", *paths, "fran", "François").stdout
    assert out.count("francois is now François") == 2
    assert all(storage.load(p).roster[-1] == "François" for p in paths)
    assert not list(tmp_path.rglob(".*journal")) and not list(tmp_path.rglob(".*txn-*"))
