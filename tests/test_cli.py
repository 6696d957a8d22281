"""The command line, end to end through Typer's CliRunner."""

from __future__ import annotations

import re
import subprocess
import sys

from tests_helpers import display_width

from conftest import EXAMPLES
from scorepad import storage


def club(cli):
    return cli.new("club.toml", "french", ["Anna", "Bruno", "Chloé", "大輔"], "--title", "Club")


def test_new_deal_show_history_standings(cli):
    path = club(cli)
    out = cli("deal", path, "--contract", "garde", "--taker", "bru", "--points", "50",
              "--bouts", "2", "--handful", "Chloé:11", "--petit-au-bout", "attack").stdout
    assert "(25 + 9) × 2 = 68; simple handful (Chloé, 11) +20; petit au bout (taker's side) " \
           "+10 → each defender pays 98" in out
    assert "Bruno +294" in out
    assert "next dealer: Bruno" in out
    shown = cli.json("show", path)
    assert shown["n"] == 1 and shown["dealer"] == "Anna" and shown["result"] == "made"
    assert shown["taker"] == "Bruno" and shown["points"] == 50
    assert any("made by 9" in line for line in shown["explain"])
    standings = cli.json("standings", path)
    assert standings["variant"] == "french" and standings["deals"] == 1
    assert next(p["name"] for p in standings["players"]) == "Bruno"
    assert standings["players"][0]["total"] == 294


def test_edit_undo_delete(cli):
    path = club(cli)
    for points in (40, 50, 60):
        cli("deal", path, "--contract", "petite", "--taker", "Anna", "--points", points,
            "--bouts", "2")
    out = cli("edit", path, 2, "--taker", "Chloé").stdout
    assert "before: Anna +102, Bruno −34, Chloé −34, 大輔 −34" in out
    assert "after: Anna −34, Bruno −34, Chloé +102, 大輔 −34" in out
    out = cli("delete", path, 1).stdout
    assert "removed deal 1 (dealt by Anna): petite Anna, failed" in out
    assert "deals 2–3 are now 1–2" in out
    out = cli("undo", path).stdout
    assert "removed deal 2 (dealt by Chloé): petite Anna, made" in out
    [deal] = cli.json("history", path)
    assert deal["taker"] == "Chloé" and deal["dealer"] == "Bruno"


def test_the_removed_deals_line_is_in_the_language(cli, tmp_path):
    """undo and delete say the removed deal's result as people read it: "misère" (the file
    says misere), and in Japanese ミゼール and 勝ち, not the file's words."""
    from scorepad import i18n
    from scorepad.render.deals import result_name

    path = tmp_path / "troggu.toml"
    path.write_bytes((EXAMPLES / "troggu-four-players.toml").read_bytes())
    out = cli("delete", path, 4).stdout
    assert "removed deal 4 (dealt by Dario): misère, misère; Anna −3" in out
    i18n.use("ja")
    try:
        out = cli("delete", path, 6).stdout  # deal 7 of the example, a misère too
        assert "ディール 6（ディーラー Chloé）を削除しました: ミゼール、ミゼール。" in out, out
        out = cli("undo", path).stdout  # the example's deal 9: a Solo lost
        lost = result_name("lost")
        assert lost != "lost" and f"、{lost}。" in out and "lost" not in out, out
    finally:
        i18n.use("en")


def test_typed_dates_and_name_lists_read_the_same_in_every_command(cli, tmp_path):
    """One reading of a typed date (--date, --since, --until: one message, with an example)
    and of a typed list of names (commas of any keyboard) for new and tournament new."""
    said = "is not a date as YYYY-MM-DD (e.g. 2026-11-26)"
    names = "Anna，Bruno、Chloé, Daisuke,"
    bad = cli("new", "x.toml", "--variant", "french", "--players", names, "--date",
              "2026/12/01", ok=False)  # fmt: skip
    assert bad.stderr == f"error: x.toml: --date: '2026/12/01' {said}\n"
    bad = cli("tournament", "new", "cup", "--variant", "french", "--players", names,
              "--rounds", "1", "--deals", "4", "--date", "1.12.2026", ok=False)  # fmt: skip
    assert bad.stderr == f"error: cup: --date: '1.12.2026' {said}\n"
    path = cli.new("club.toml", "french", [names])
    for option in ("--since", "--until"):
        bad = cli("standings", path, option, "soon", ok=False)
        assert bad.exit_code == 1 and bad.stderr == f"error: {option}: 'soon' {said}\n"
    assert storage.load(path).players == ("Anna", "Bruno", "Chloé", "Daisuke")
    cli("tournament", "new", "cup", "--variant", "french", "--players", names, "--rounds", "1",
        "--deals", "4")  # fmt: skip
    ranked = cli.json("tournament", "standings", "cup")["players"]
    assert sorted(p["name"] for p in ranked) == ["Anna", "Bruno", "Chloé", "Daisuke"]
    from scorepad.text import split_names

    assert split_names(" Ha ns ,, Zoé ") == ["Ha ns", "Zoé"]  # a space is part of a name
    assert split_names("Ha ns，Zoé 大輔", spaces=True) == ["Ha", "ns", "Zoé", "大輔"]


def test_edit_deal_2_of_10_changes_the_standings(cli):
    path = club(cli)
    for i in range(10):
        cli("deal", path, "--contract", "garde", "--taker", ["Anna", "Bruno"][i % 2],
            "--points", 45, "--bouts", 2)
    before = {p["name"]: p["total"] for p in cli.json("standings", path)["players"]}
    cli("edit", path, 2, "--points", 30)  # Bruno's garde now fails by 11
    after = {p["name"]: p["total"] for p in cli.json("standings", path)["players"]}
    assert after["Bruno"] - before["Bruno"] == -3 * (29 * 2) - 3 * (36 * 2)
    assert after["Anna"] - before["Anna"] == 29 * 2 + 36 * 2
    assert sum(after.values()) == 0


def test_tables_stay_aligned_with_wide_names(cli):
    path = cli.new("w.toml", "french", ["Chloé", "大輔", "Zoë", "🦊 Fox"])
    cli("deal", path, "--contract", "garde", "--taker", "大", "--points", 50, "--bouts", 2)
    for command in ("standings", "history"):
        lines = cli(command, path).stdout.splitlines()[1:]
        widths = {display_width(line.rstrip()) for line in lines if line.strip()}
        dashes = display_width(lines[1].rstrip())
        assert max(widths) <= dashes, (command, lines)


def test_count(cli):
    out = cli.json("count", "--variant", "french", "21", "1", "EX", "K♥", "K♠", "Q♦", "C♣", "J♥",
                   "--pile", "30")
    assert out == {"points": 41, "bouts": 3, "cards": 30}
    out = cli.json("count", "--variant", "troggu", "bättler 21 1 K♥ K♠ Q♦ C♣ J♥", "--pile", "20")
    assert out == {"points": 46, "cards": 20}
    out = cli.json("count", "-v", "piedmont", "matto angel K♥ K♠ K♦ Q♥ Q♠ C♥ C♠ J♥", "--pile", 41)
    assert out == {"points": 50.5, "cards": 41, "rounded": 51, "other": 40}


def test_variants_lists_every_game_and_setting(cli):
    games = {g["name"]: g for g in cli.json("variants")}
    assert set(games) == {"french", "troggu", "piedmont"}
    assert games["french"]["profiles"]["fft"]["petit_au_bout_multiplied"] is True
    assert games["troggu"]["players"] == {"min": 3, "max": 8}
    assert games["troggu"]["profiles"]["seed"]["win_points"] == 58


def test_piedmont_match_target_stops_new_deals_unless_told(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"], "--set", "target=100")
    cli("deal", path, "--points", "Anna=60")
    out = cli("deal", path, "--points", "Anna=50").stdout
    assert "match over after deal 2 (110 ≥ target 100): Anna wins the match" in out
    refused = cli("deal", path, "--points", "Anna=50", ok=False)
    assert refused.exit_code == 1
    assert "add --continue to play on" in refused.stderr
    cli("deal", path, "--points", "Anna=50", "--continue")
    assert len(storage.load(path).deals) == 3


def test_standings_over_a_season_of_files(cli):
    a = cli.new("a.toml", "troggu", ["Anna", "Bruno", "Chloé"])
    b = cli.new("b.toml", "troggu", ["anna", "Bruno", "Dario"])
    cli("deal", a, "--bid", "tapp", "--tappist", "Anna", "--points", 70)
    cli("deal", b, "--bid", "solo", "--tappist", "Anna", "--points", 70)
    totals = {p["name"]: p["total"] for p in cli.json("standings", a, b)["players"]}
    assert totals == {"Anna": 2 + 4, "Bruno": -1 - 2, "Chloé": -1, "Dario": -2}


def test_python_dash_m_and_help_work():
    out = subprocess.run([sys.executable, "-m", "scorepad", "--help"], capture_output=True,
                         text=True, check=True).stdout
    for command in ("new", "deal", "edit", "undo", "history", "standings", "show", "count",
                    "check", "variants"):
        assert command in out


def test_piedmont_tie_at_the_target_plays_on(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"], "--set", "target=90")
    cli("deal", path, "--points", "Anna=45.5", "--points", "Bruno=44.5")  # 46 / 45
    out = cli("deal", path, "--points", "Anna=45", "--points", "Bruno=46").stdout  # 91 / 91
    assert "match over" not in out
    out = cli("deal", path, "--points", "Anna=60").stdout
    assert "match over after deal 3 (151 ≥ target 90): Anna wins the match" in out


def test_the_deal_options_are_the_games_fields():
    """deal and edit take one option per field a game declares (its option, its choices),
    and the short options say what the games declare of them (-c: Troggu's bid)."""
    from scorepad.cli.commands import load
    from scorepad.variants import registry

    for command in ("deal", "edit"):
        options = {p.name: p for p in load(command).params}
        first: dict[str, tuple[str, ...]] = {}  # a shared field's choices: the first game's
        for name, variant in registry().items():
            for f in variant.fields:
                assert f.option in options[f.key].opts, (command, name, f.key)
                first.setdefault(f.key, f.choices)
        for key, choices in first.items():
            if choices and options[key].metavar:
                assert "|".join(choices) == options[key].metavar, (command, key)
    troggu = registry()["troggu"]
    contract = {p.name: p for p in load("deal").params}["contract"]
    assert "-c" in contract.opts and troggu.synonym_help["contract"][0] in contract.help


IMPORTED = ("import sys\nfrom scorepad.cli import app\n"
            "try:\n    app(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('scorepad.variants.')"
            " or m in ('tabulate', 'wcwidth')))")  # fmt: skip


def _imported(*args):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", IMPORTED, *map(str, args)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    return out.strip().splitlines()[-1]


def test_help_and_version_import_no_game_module():
    for flag in ("--help", "--version"):
        assert _imported(flag) == "[]", flag


SHARED_GAME_CODE = ("scorepad.variants.base", "scorepad.variants.reader",
                    "scorepad.variants.figures")  # fmt: skip


def _only_the_game(printed, game):
    """The modules printed are the game's own (its module, or its package and its modules,
    and no tabulate), and no other game's module is among them."""
    import ast

    from scorepad.variants import GAMES

    # the games' shared code (scorepad.protocol and scorepad.reading before it moved): no game
    found = [m for m in ast.literal_eval(printed) if m not in SHARED_GAME_CODE]
    own = f"scorepad.variants.{game}"
    assert own in found, found
    assert all(m == own or m.startswith(own + ".") for m in found), found
    others = [f"scorepad.variants.{g}" for g in GAMES if g != game]
    assert others and not [m for m in found for o in others if m == o or m.startswith(o + ".")]
    return True


def test_commands_without_a_table_import_no_tabulate_and_one_game(cli):
    """A command imports the game of its file, and tabulate only to draw a table; deal and
    edit import every game, whose fields are their options."""
    from scorepad.variants import GAMES

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    assert _only_the_game(_imported("check", path), "french")
    assert _only_the_game(_imported("count", "--variant", "troggu", "21"), "troggu")
    dealt = _imported("deal", path, "--contract", "pass")
    assert "tabulate" not in dealt and all(f"scorepad.variants.{g}" in dealt for g in GAMES)
    assert "tabulate" not in _imported("show", path, "1")
    assert "tabulate" in _imported("standings", path)  # tables for people: tabulate's


COMMAND_MODULES = ("import sys\nfrom scorepad.cli import main\nsys.argv[0] = 'scorepad'\n"
                   "try:\n    main()\nexcept SystemExit:\n    pass\n"
                   "print(sorted(m for m in sys.modules if m.startswith('scorepad.cli.commands.')"
                   " or m.startswith('scorepad.app.')))")  # fmt: skip


def _command_modules(*args):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", COMMAND_MODULES, *map(str, args)],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL,
                         check=True).stdout  # fmt: skip
    return out.strip().splitlines()[-1]


def test_a_command_imports_only_its_own_module(cli):
    """`scorepad deal` imports the module of its family of commands and no other."""
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    assert _command_modules("deal", path, "--contract", "pass") == \
        "['scorepad.app.options', 'scorepad.app.record', 'scorepad.app.remove', " \
        "'scorepad.cli.commands.record', 'scorepad.cli.commands.summaries']"  # no guided entry
    assert _command_modules("standings", path) == \
        "['scorepad.app.season', 'scorepad.cli.commands.summaries', " \
        "'scorepad.cli.commands.views']"  # the season is loaded in app
    assert _command_modules("count", "--variant", "troggu", "21") == \
        "['scorepad.app.options', 'scorepad.cli.commands.start', 'scorepad.cli.commands.summaries']"
    assert _command_modules("nosuch") == "['scorepad.cli.commands.summaries']"
    # the help lists every command from its help as written, building no family
    assert _command_modules("--help") == "['scorepad.cli.commands.summaries']"


STARTUP = ("import atexit, gc, sys\n"
           "atexit.register(lambda: print('frozen at exit:', gc.get_freeze_count() > 0))\n"
           "from scorepad.cli import main\nfrom scorepad.cli import commands\n"
           "sys.argv[0] = 'scorepad'\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
           "print(sorted(m for m in ('hashlib', '_hashlib', 'tabulate') if m in sys.modules),"
           " sorted(commands._BUILT))")  # fmt: skip


def test_a_table_s_commands_start_with_only_what_they_need(cli):
    """Start-up: on a small file, `deal` and `show` load no OpenSSL (hashlib) and no tabulate
    (`standings` draws its table with tabulate, which loads hashlib), each builds only the
    command that runs, not its family's others; and the process's last garbage collections
    skip what it imported (frozen at exit)."""
    import subprocess
    import sys

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    cli("deal", path, "--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2")
    tabulate = "['_hashlib', 'hashlib', 'tabulate']"
    for args, built in ((["deal", path, "--contract", "pass"], "[] ['deal']"),
                        (["show", path, "1"], "[] ['show']"),
                        (["standings", path], f"{tabulate} ['standings']"),
                        (["play", path], "[] ['deal', 'play']")):  # play reads as deal  # fmt: skip
        out = subprocess.run([sys.executable, "-c", STARTUP, *map(str, args)], input="",
                             capture_output=True, text=True, check=True).stdout  # fmt: skip
        lines = out.strip().splitlines()
        assert lines[-2] == built, (args, out)
        assert lines[-1] == "frozen at exit: True", (args, out)


COLLECTOR = ("import atexit, gc, sys\n"
             "atexit.register(lambda: print('on at exit:', gc.isenabled()))\n"
             "from scorepad.cli import output\n"
             "resume = output._resume_collector\n"
             "def begun():\n"
             "    resume()\n"
             "    print('on for the command:', gc.isenabled(), gc.get_freeze_count() > 1000)\n"
             "output._resume_collector = begun\n"
             "from scorepad.__main__ import main\nsys.argv[0] = 'scorepad'\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n")  # fmt: skip


def test_the_collector_is_on_for_the_command(cli):
    """The console script's entry (`scorepad.__main__`) runs the command, `play`'s evening
    too, with the garbage collector on, the start-up's objects frozen out of its way."""
    import subprocess
    import sys
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"scorepad": "scorepad.__main__:main"}
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    for args in (["standings", path], ["play", path]):
        out = subprocess.run([sys.executable, "-c", COLLECTOR, *map(str, args)], input="",
                             capture_output=True, text=True, check=True).stdout  # fmt: skip
        lines = [line for line in out.splitlines() if line.startswith("on ")]
        assert lines == ["on for the command: True True", "on at exit: True"], (args, out)



def test_an_unknown_table_format_prints_nothing_before_its_error(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    for command in ("standings", "history"):
        result = cli(command, path, "--format", "nosuch", ok=False)
        assert result.exit_code == 2 and result.stdout == ""
        assert "unknown table format 'nosuch'" in result.stderr
    assert "| Anna" in cli("standings", path, "--format", "github").stdout


def test_players_may_be_separated_as_japanese_keyboards_type_them(cli):
    path = cli.new("jp.toml", "french", ["大輔、花子，健太"])
    assert storage.load(path).players == ("大輔", "花子", "健太")


def test_the_baettler_has_all_its_spellings(cli):
    for word in ("baettler", "baetler", "bättler", "battler"):
        assert cli.json("count", "--variant", "troggu", word)["points"] == 5


def test_help_says_how_to_get_shell_completion(cli):
    out = cli("--help").stdout
    assert "Shell completion: scorepad --install-completion (bash, zsh, fish)" in out


def test_export_excel_alone_is_a_csv_and_no_format_is_a_one_line_error(cli):
    path = EXAMPLES / "piedmont-match.toml"
    excel = cli("export", path, "--excel").stdout
    assert excel.startswith("\ufeffdeal,dealer,")
    missing = cli("export", path, ok=False)
    assert missing.exit_code == 1 and missing.stderr == (
        "error: --to: say which export: --to csv, --to json or --to markdown\n")


def test_a_usage_error_is_one_error_line_that_says_what_to_do(cli, tmp_path):
    missing = cli("show", ok=False)
    assert missing.exit_code == 2
    assert missing.stderr.strip() == ("error: missing the session file FILE: name it, or set "
                                      "SCOREPAD_FILE (see root show --help)")
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    wrong = cli("export", path, "--to", "pdf", ok=False)
    assert wrong.exit_code == 2 and wrong.stderr.startswith(
        "error: --to: 'pdf' is not one of csv, json, markdown")
    assert "one argument too many: extra" in cli("history", path, "extra", ok=False).stderr


def test_a_number_too_large_is_said_so_not_taken_for_no_number(cli, tmp_path):
    """Ten digits are a whole number, too large for any count: said so (they were "not a
    whole number"); leading zeros are no size."""
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    big = cli("new", "g.toml", "--variant", "french", "--players", "Anna,Bruno,Chloé,Daisuke",
              "--seats", "1234567890", ok=False)  # fmt: skip
    assert big.exit_code == 2 and not (tmp_path / "g.toml").exists()
    assert big.stderr == ("error: --seats: '1234567890' is too large: at most 999999999 "
                          "(see root new --help)\n")  # fmt: skip
    huge = cli("show", path, "9" * 500, ok=False)
    assert huge.exit_code == 2 and huge.stderr.startswith("error: N: '999")
    assert huge.stderr.endswith("' is too large: at most 999999999 (see root show --help)\n")
    assert len(huge.stderr) < 200
    padded = cli("new", "g.toml", "--variant", "french", "--players", "Anna,Bruno,Chloé,Daisuke",
                 "--seats", "0000000004")  # fmt: skip
    assert "4 players" in padded.stdout
    assert "is not a whole number (digits 0–9)" in cli("show", path, "1x", ok=False).stderr


def test_new_refuses_an_empty_file_name(cli, tmp_path):
    """`new ""` is no file: refused as such (it was the current folder, ". already exists")."""
    empty = cli("new", "", "--variant", "french", "--players", "Anna,Bruno,Chloé", ok=False)
    assert empty.exit_code == 2 and list(tmp_path.iterdir()) == []
    assert empty.stderr == ("error: FILE: the name is empty: name the session file to make "
                            "(see root new --help)\n")  # fmt: skip


def test_help_lists_every_command_from_its_own_help_without_building_one():
    """`scorepad --help` lists the commands from their help as written (summaries.py), so it
    builds no family; each is the very help its command has, in every language (a command's
    help is translated when its family is imported: each language in a process of its own)."""
    check = ("import sys; from scorepad import i18n; i18n.use(sys.argv[1])\n"
             "from scorepad.cli.commands import COMMANDS, load\n"
             "from scorepad.cli.commands.summaries import HELP\n"
             "assert list(HELP) == list(COMMANDS)\n"
             "wrong = [n for n in COMMANDS if i18n._(HELP[n]) != load(n).help]\n"
             "print(wrong)")
    for language in ("en", "ja"):
        result = subprocess.run([sys.executable, "-c", check, language], capture_output=True,
                                text=True, check=True)
        assert result.stdout.strip() == "[]", (language, result.stdout)
    code = ("import sys; from scorepad.cli import main; sys.argv = ['scorepad', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('scorepad.cli.commands.')), "
            "file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stderr.strip() == "['scorepad.cli.commands.summaries']"


def test_a_game_that_registers_is_named_in_every_help(cli, monkeypatch):
    """The help's lists of games come from the registry: a new game is its module plus its
    line in GAMES, not an edit of the command line's words."""
    import types

    from scorepad import variants
    from scorepad.variants.troggu import Troggu

    class Fourth(Troggu):
        name = "fourth"
        aliases = ()

    module = types.ModuleType("tests_fourth_game")
    module.FOURTH = Fourth()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests_fourth_game", module)
    monkeypatch.setitem(variants.GAMES, "fourth", ("tests_fourth_game", "Fourth"))
    assert "french, troggu, piedmont or fourth" in cli("new", "--help").stdout
    assert "french, troggu, piedmont or fourth" in cli("count", "--help").stdout
    assert "french, troggu or fourth" in cli("tournament", "new", "--help").stdout
    out = cli("deal", "--help").stdout
    assert "Deal options: Fourth" in out and "--tappist" in out.split("Deal options: Fourth")[1]
    monkeypatch.undo()
    assert "french, troggu or piedmont " in cli("new", "--help").stdout


def _private_of_typer_or_click(source: str) -> list[str]:
    """The imports of click, or of a private part of typer (`typer._click`, `_name`)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(a.name, "") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [(node.module or "", a.name) for a in node.names]
    return [f"{module} {name}".strip() for module, name in found
            if module.split(".")[0] == "click" or (module.split(".")[0] == "typer"
            and any(part.startswith("_") for part in [*module.split("."), name]))]  # fmt: skip


def test_click_s_private_parts_are_reached_for_in_one_module():
    """Typer's public names everywhere (typer.Context, typer.BadParameter, typer.core.…); what
    typer does not export of its own click is taken in scorepad/cli/typer_click.py alone, and
    no module imports click itself (not a dependency: typer carries its own)."""
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "scorepad"
    reaching = {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        private = _private_of_typer_or_click(source)
        if private or re.search(r"(?<!\w)_click\b", source):  # typer._click, as a string too
            reaching[str(path.relative_to(package))] = private
    assert set(reaching) == {"cli/typer_click.py"}, reaching
    assert _private_of_typer_or_click("from typer._click.core import Context")
    assert _private_of_typer_or_click("import click")
    assert not _private_of_typer_or_click("import typer.core\nfrom typer import Context")
