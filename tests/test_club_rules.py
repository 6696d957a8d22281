"""A club's rules: French Tarot's club variants as settings (their worked examples are in
tests/data/worked_examples.toml), a rules file for `new` and `tournament new`, `scorepad
rules`, and seasons over sessions scored by different rules."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from conftest import DATA, EXAMPLES
from scorepad import i18n, scores, storage
from scorepad.render.rules import rules_page
from scorepad.text import width
from scorepad.variants import default_rules, registry
from scorepad.variants.french.entry import CLUB, rounded_margin

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]
CLUB_FILE = """\
name = "Club du jeudi"
variant = "french"
profile = "fft"

[settings]
handful_double = 40
handful_triple = 60
rounding = 10
misere = true
"""


# -- the club variants keep every file's scores ------------------------------------------------
GOLDEN = json.loads((DATA / "example_scores.json").read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_example_scores_as_before_under_its_own_settings(name):
    """The scores every example had before the club variants (tests/data/example_scores.json,
    written by the scorepad before them), re-scored under the file's own settings, which now
    hold each club variant at the value the file always played by."""
    session = storage.load(EXAMPLES / name)
    if session.variant == "french":
        assert {k: session.rules[k] for k in CLUB} == CLUB
    assert [dict(o.scores) for o in scores.iter_outcomes(session)] == GOLDEN[name]


def test_the_golden_scores_cover_every_example():
    assert sorted(GOLDEN) == sorted(p.name for p in EXAMPLES.glob("*.toml"))


def test_a_format_5_file_reads_with_the_club_variants_off(cli):
    path = cli.new("s.toml", "french", PLAYERS)
    cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "55", "-b", "2")
    text = path.read_text("utf-8").split("\n# checked")[0]
    old = "".join(line + "\n" for line in text.splitlines() if line.split(" =")[0] not in CLUB)
    path.write_text(old.replace("scorepad = 6", "scorepad = 5"), "utf-8")
    session = storage.load(path)
    assert {k: session.rules[k] for k in CLUB} == CLUB
    assert cli.json("history", path)[0]["scores"]["Anna"] == 3 * (25 + 14) * 2


@pytest.mark.parametrize(("diff", "step", "rounded"), [
    (14, 10, 10), (15, 10, 20), (0, 10, 0), (3, 10, 0), (6, 10, 10), (3, 5, 5), (2, 5, 0),
    (7, 5, 5), (8, 5, 10), (9, 1, 9)])  # fmt: skip
def test_the_margin_rounds_to_the_nearest_step_a_half_step_up(diff, step, rounded):
    assert rounded_margin(diff, step) == rounded


@pytest.mark.parametrize(("settings", "args", "anna"), [
    (["multiplier_garde_contre=8"], ["-c", "garde-contre", "-p", "51", "-b", "1"], 3 * 25 * 8),
    (["handful_double=40"], ["-c", "petite", "-p", "56", "-b", "0", "--handful", "Bruno:13"],
     3 * (25 + 40)),
    (["handful_simple_trumps_4=9"], ["-c", "petite", "-p", "56", "-b", "0", "--handful",
                                     "Bruno:9"], 3 * (25 + 20)),
    (["petit_au_bout=20", "petit_au_bout_multiplied=true"],
     ["-c", "garde", "-p", "41", "-b", "2", "--petit-au-bout", "attack"], 3 * (50 + 40)),
    (["slam=300"], ["-c", "garde", "-p", "91", "-b", "3", "--slam", "attack"], 3 * (80 * 2 + 300)),
])  # fmt: skip
def test_each_club_setting_scores_as_french_md_says(cli, settings, args, anna):
    path = cli.new("s.toml", "french", PLAYERS, *(a for s in settings for a in ("--set", s)))
    cli("deal", path, "-t", "Anna", *args)
    assert cli.json("history", path)[0]["scores"]["Anna"] == anna


def test_a_handful_below_the_clubs_threshold_is_refused(cli):
    path = cli.new("s.toml", "french", PLAYERS, "--set", "handful_simple_trumps_4=11")
    bad = cli("deal", path, "-c", "petite", "-t", "Anna", "-p", "56", "-b", "0", "--handful",
              "Bruno:10", ok=False)  # fmt: skip
    assert bad.exit_code == 1 and "outside 11–18" in bad.stderr


# -- a declared misère --------------------------------------------------------------------------
def test_a_misere_is_refused_unless_the_rules_play_it(cli):
    path = cli.new("s.toml", "french", PLAYERS)
    bad = cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2", "--misere",
              "Bruno", ok=False)  # fmt: skip
    assert bad.stderr.endswith("s.toml: deal 1: these rules play no misère (a rules file or "
                               "--set misere=true turns it on)\n")  # fmt: skip
    assert "[[deals]]" not in path.read_text("utf-8")


def test_misères_pay_each_one_their_bonus_and_rename_with_the_player(cli):
    path = cli.new("s.toml", "french", PLAYERS, "--set", "misere=true", "--set",
                   "misere_value=15")  # fmt: skip
    out = cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2", "--misere",
              "Bruno", "--misere", "Daisuke").stdout  # fmt: skip
    assert "misère Bruno: 15 from each other player" in out
    [deal] = cli.json("history", path)
    assert deal["misere"] == ["Bruno", "Daisuke"]
    assert deal["scores"] == {"Anna": 186 - 30, "Bruno": -62 + 45 - 15, "Chloé": -62 - 30,
                              "Daisuke": -62 + 45 - 15}  # fmt: skip
    cli("rename", path, "Bruno", "Bob")
    assert cli.json("history", path)[0]["misere"] == ["Bob", "Daisuke"]
    assert "misère Bob" in cli("history", path).stdout


@pytest.mark.parametrize(("args", "said"), [
    (["--misere", "Bruno", "--misere", "bruno"], "Bruno declares one misère per deal"),
    (["--misere", "Bruno", "--handful", "Bruno:10"], "Bruno showed a handful"),
    (["--misere", "Zed"], "misère player 'Zed' is not a player"),
])  # fmt: skip
def test_a_wrong_misere_is_refused(cli, args, said):
    path = cli.new("s.toml", "french", PLAYERS, "--set", "misere=true")
    before = path.read_bytes()
    bad = cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2", *args, ok=False)
    assert bad.exit_code == 1 and said in bad.stderr
    assert path.read_bytes() == before


def test_the_table_asks_for_a_misere_only_where_the_rules_play_it():
    french = registry()["french"]
    from scorepad.model import Table
    from scorepad.variants import read_entry

    for on in (False, True):
        rules = {**default_rules(french), "misere": on}
        table = Table("french", tuple(PLAYERS), rules)
        raw = {"contract": "garde", "taker": "Anna", "points": 47, "bouts": 2}
        asked = french.questions(raw, read_entry(french, raw, table), table)
        assert ("misere" in asked) is on


def test_a_guided_edit_offers_the_misères_as_they_were(cli, tmp_path):
    from tests_helpers import on_a_terminal

    path = cli.new("s.toml", "french", PLAYERS, "--set", "misere=true")
    cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2", "--misere", "Bruno",
        "--misere", "Chloé")  # fmt: skip
    before = cli.json("history", path)
    out, code = on_a_terminal(["edit", path, "1"], [b"\r"] * 11, env={"NO_COLOR": "1"})
    assert code == 0 and "Misère declared by (names, comma-separated) [Bruno, Chloé]:" in out
    assert cli.json("history", path) == before


# -- scorepad rules ----------------------------------------------------------------------------
def _changed(game: str, key: str, value):
    """A setting changed to another value the game allows, with what it needs to show."""
    if isinstance(value, bool):
        return {key: not value}
    special = {"rounding": 10, "misere_ties": "nobody-pays", "angel": 21, "target": 500,
               "deals": 12, "misere_value": 11}  # fmt: skip
    if key in special:
        return {key: special[key], **({"misere": True} if key == "misere_value" else {})}
    return {key: value - 1 if key.startswith("handful_simple_trumps") else value + 1}


SETTINGS = [(game, key) for game, v in registry().items() for key in default_rules(v)
            if key != "profile"]  # fmt: skip


@pytest.mark.parametrize(("game", "key"), SETTINGS, ids=[f"{g}-{k}" for g, k in SETTINGS])
def test_each_number_printed_comes_from_its_setting(game, key):
    variant = registry()[game]
    rules = default_rules(variant)
    change = _changed(game, key, rules[key])
    base = {**rules, **{k: v for k, v in change.items() if k != key}}
    changed = {**rules, **change}
    assert not variant.rules_problems(changed)
    before, after = (rules_page(variant, r, None, 80) for r in (base, changed))
    assert before != after
    if type(change[key]) is int:
        assert str(change[key]) in after


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("columns", [80, 40])
def test_the_rules_of_every_game_and_profile_fit(lang, columns):
    with i18n.speaking(lang):
        for variant in registry().values():
            for profile in variant.profiles:
                for players in (None, variant.min_players, variant.max_players):
                    page = rules_page(variant, default_rules(variant, profile), players, columns)
                    assert all(width(line) <= columns for line in page.splitlines()), page


def test_rules_of_a_game_and_its_json(cli):
    out = cli("rules", "french", "--profile", "fft", "--players", "5").stdout
    assert out.startswith("French Tarot, fft rules, 5 players\n")
    out = " ".join(out.split())
    assert "10 × the multiplier" in out and "5 players 8/10/13" in out
    assert "3 players" not in out and "a taker alone 4 × D" in out
    obj = cli.json("rules", "french", "--profile", "fft")
    assert obj == {"variant": "french", "profile": "fft", "name": None,
                   "settings": {k: v for k, v in default_rules(registry()["french"], "fft")
                                .items() if k != "profile"}}  # fmt: skip
    assert cli.json("rules", "troggu")["settings"]["misere_ties"] == "tied-pay-untied"
    bad = cli("rules", "french", "--players", "6", ok=False)
    assert bad.stderr == "error: --players: french is played by 3 to 5, not 6\n"
    assert cli("rules", "whist", ok=False).stderr.startswith("error: unknown variant 'whist'")


def test_rules_of_a_session_a_rules_file_and_a_tournament(cli, tmp_path):
    (tmp_path / "club.toml").write_text(CLUB_FILE, "utf-8")
    path = cli.new("s.toml", "french", PLAYERS[:3], "--rules", "club.toml")
    for where in ("club.toml", "s.toml"):
        obj = cli.json("rules", where)
        assert (obj["name"], obj["profile"], obj["settings"]["rounding"]) == (
            "Club du jeudi", "fft", 10)
    out = cli("rules", path).stdout
    assert out.startswith("French Tarot, Club du jeudi: fft rules, 3 players\n")
    out = " ".join(out.split())
    assert "double 40, triple 60" in out and "rounded to the nearest 10" in out
    cli("tournament", "new", "cup", "--variant", "french", "--players",
        ",".join(f"P{n}" for n in range(8)), "--rounds", "1", "--deals", "4", "--rules",
        "club.toml")  # fmt: skip
    assert cli.json("rules", "cup") == cli.json("rules", "cup/tournament.toml") == {
        **cli.json("rules", "club.toml")}
    bad = cli("rules", "s.toml", "--profile", "fft", ok=False)
    assert bad.stderr == "error: --profile: is for a game's rules, not a file's\n"
    # a session is told by its `scorepad = N` key wherever it is, not by its first lines
    commented = tmp_path / "commented.toml"
    commented.write_bytes(b"# a note\n" * 6000 + path.read_bytes())
    assert cli.json("rules", commented) == cli.json("rules", path)


# -- a rules file --------------------------------------------------------------------------------
def test_a_rules_file_starts_an_evening_with_set_on_top(cli, tmp_path):
    (tmp_path / "club.toml").write_text(CLUB_FILE, "utf-8")
    out = cli("new", "s.toml", "--variant", "french", "--players", ",".join(PLAYERS),
              "--rules", "club.toml", "--set", "rounding=5").stdout  # fmt: skip
    assert "French Tarot (Club du jeudi: fft rules)" in out
    rules = tomllib.loads((tmp_path / "s.toml").read_text("utf-8"))["rules"]
    assert list(rules)[:2] == ["profile", "name"] and rules["name"] == "Club du jeudi"
    assert (rules["rounding"], rules["handful_triple"], rules["petit_au_bout_multiplied"]) == (
        5, 60, True)
    cli("deal", "s.toml", "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2", "--misere", "Chloé")
    assert cli("check", "s.toml").exit_code == 0
    bad = cli("new", "t.toml", "--variant", "french", "--players", ",".join(PLAYERS), "--set",
              "name=Mine", ok=False)  # fmt: skip
    assert bad.stderr == ("error: t.toml: --set: name comes with --rules: a profile (seed, fft) "
                          "or a rules file\n")  # fmt: skip


BAD_RULES = """\
name = "Bad"
variant = "french"
colour = "red"

[settings]
rounding = 3
win_points = 58
handful_simple = -1
misere = "yes"
roundng = 5
handful_simple_trumps_4 = 14
multiplier_garde = 0
"""


def test_a_bad_rules_file_says_every_problem_and_creates_nothing(cli, tmp_path):
    (tmp_path / "bad.toml").write_text(BAD_RULES, "utf-8")
    bad = cli("new", "s.toml", "--variant", "french", "--players", ",".join(PLAYERS), "--rules",
              "bad.toml", ok=False)  # fmt: skip
    assert bad.exit_code == 1
    lines = bad.stderr.splitlines()
    assert lines[:5] == [
        "error: bad.toml: 'colour': unknown key (a rules file holds name, variant, profile, "
        "settings)",
        "error: bad.toml: settings: 'win_points' is a setting of troggu, not of french",
        "error: bad.toml: settings: handful_simple should be a whole number from 0 to 1000000, "
        "not -1",
        "error: bad.toml: settings: misere should be true or false",
        "error: bad.toml: settings: unknown setting 'roundng' for french (did you mean rounding? "
        "scorepad variants lists them all)",
    ]
    assert lines[5:] == [
        "error: bad.toml: settings: multiplier_garde should be 1 or more, not 0",
        "error: bad.toml: settings: rounding should be 1, 5 or 10, not 3",
        "error: bad.toml: settings: handful_simple_trumps_4, handful_double_trumps_4, "
        "handful_triple_trumps_4 should rise from 1 to 18 (a hand with 4 players), not 14, 13, "
        "15",
    ]
    assert os.listdir(tmp_path) == ["bad.toml"]


@pytest.mark.parametrize(("text", "said"), [
    ('variant = "french"\n[settings\n', "error: r.toml: not a TOML file: "),
    ('variant = "whist"\n', "error: r.toml: variant: unknown variant 'whist'"),
    ('name = "x"\n', "error: r.toml: variant: should be one of french, troggu, piedmont"),
    ('variant = "french"\nprofile = "house"\n', "error: r.toml: profile: unknown rule profile"),
    ('variant = "french"\nname = "a\\u001b[2Jb"\n', "error: r.toml: name: holds a control"),
    ('variant = "troggu"\n', "error: s.toml: --rules: these rules are for troggu, not french"),
    ('variant = "french"\nsettings = 3\n', "error: r.toml: settings: should be a [settings]"),
])  # fmt: skip
def test_a_rules_file_that_is_not_one_is_refused(cli, tmp_path, text, said):
    (tmp_path / "r.toml").write_text(text, "utf-8")
    bad = cli("new", "s.toml", "--variant", "french", "--players", ",".join(PLAYERS), "--rules",
              "r.toml", ok=False)  # fmt: skip
    assert bad.exit_code == 1 and bad.stderr.startswith(said), bad.stderr
    assert not (tmp_path / "s.toml").exists()


def test_a_fifo_or_a_huge_file_is_no_rules_file(cli, tmp_path):
    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "big.toml").write_text('variant = "french"\n' + "#" * (1 << 20), "utf-8")
    for name, said in (("fifo.toml", "cannot read fifo.toml: not a regular file"),
                       ("big.toml", "big.toml is larger than 1 MiB: a rules file is at most")):
        bad = cli("new", "s.toml", "--variant", "french", "--players", ",".join(PLAYERS),
                  "--rules", name, ok=False)  # fmt: skip
        assert bad.exit_code == 1 and said in bad.stderr
    assert not (tmp_path / "s.toml").exists()


def test_a_tournament_plays_its_rules_file_at_every_table(cli, tmp_path):
    (tmp_path / "club.toml").write_text(CLUB_FILE, "utf-8")
    names = ",".join(f"P{n}" for n in range(8))
    out = cli("tournament", "new", "cup", "--variant", "french", "--players", names, "--rounds",
              "2", "--deals", "4", "--rules", "club.toml").stdout  # fmt: skip
    assert "(Club du jeudi: fft rules)" in out
    doc = tomllib.loads((tmp_path / "cup" / "tournament.toml").read_text("utf-8"))
    assert (doc["tournament"], doc["rules"], doc["rules_name"]) == (3, "fft", "Club du jeudi")
    assert doc["settings"] == {"handful_double": 40, "handful_triple": 60, "rounding": 10,
                               "misere": True}  # fmt: skip
    cli("tournament", "draw", "cup")
    table = storage.load(tmp_path / "cup" / "round-1" / "table-1.toml")
    assert table.rules == {**cli.json("rules", "club.toml")["settings"], "deals": 4,
                           "profile": "fft", "name": "Club du jeudi"}  # fmt: skip
    path = tmp_path / "cup" / "round-1" / "table-1.toml"
    path.write_text(path.read_text("utf-8").replace("rounding = 10", "rounding = 5"), "utf-8")
    check = cli("tournament", "check", "cup", ok=False)
    assert "the rules are not the tournament's (Club du jeudi)" in check.stderr


# -- a season scored by different rules --------------------------------------------------------
def test_a_season_over_different_rules_says_which_files_differ_and_how(cli):
    a = cli.new("a.toml", "french", PLAYERS, "--date", "2026-01-01")
    b = cli.new("b.toml", "french", PLAYERS, "--date", "2026-01-08", "--rules", "fft")
    for path in (a, b):
        cli("deal", path, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2")
    said = ("note: these sessions are scored by different rules: b.toml has "
            "petit_au_bout_multiplied true, slam_announced_failed 200 (a.toml: false, 400)\n")
    for args in (("standings", "--league"), ("standings",), ("stats",), ("settle",),
                 ("standings", "--json")):
        assert cli(*args, "a.toml", "b.toml").stderr == said, args
    assert "different rules" in cli("report", "a.toml", "b.toml", "-o", "-").stdout
    c = cli.new("c.toml", "french", PLAYERS, "--deals", "8")  # a planned length scores alike
    cli("deal", c, "-c", "garde", "-t", "Anna", "-p", "47", "-b", "2")
    assert cli("standings", "a.toml", "c.toml").stderr == ""
