"""Names people can tell apart: where a name is made (`new`, `join`, `rename`, `tournament
new`, `tournament draw --late`) it must show a letter or digit and no invisible character,
and may not look like another (the same form once case, accents and compatibility forms are
aside, or the same skeleton of Unicode TS #39); a file that already holds such names still
reads. Real distinct names (Chloé, 大輔, Ana beside Anna, Amie beside Arnie) are kept."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from scorepad import storage, text
from scorepad.storage import tournament as files

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]
EIGHT = "Anna,Bruno,Chloé,Daisuke,Élodie,Fumiko,Gaspard,Hugo"


def _invisible(code: str) -> str:
    return f"holds an invisible character ({code}): type the name as it shows"


# each name beside "Anna", and what is said of it
TWINS = [
    ("An\u200dna", "'An\\u200dna' " + _invisible("U+200D")),  # zero-width joiner
    ("Anna\ufe0f", "'Anna\ufe0f' " + _invisible("U+FE0F")),  # variation selector
    ("Ann\u0430\u200d", "'Ann\u0430\\u200d' " + _invisible("U+200D")),  # Cyrillic а and a ZWJ
    ("\U0001d400nna", "'\U0001d400nna' (Mathematical, Latin) looks like Anna (Latin): "
                      "choose a name told apart"),  # 𝐀: mathematical bold
    ("\u1d00nna", "'\u1d00nna' looks like Anna: choose a name told apart"),  # ᴀ: small capital
    ("\u13aanna", "'\u13aanna' (Cherokee, Latin) looks like Anna (Latin): "
                  "choose a name told apart"),  # Ꭺ: Cherokee
    ("\u3164", "'\u3164' " + _invisible("U+3164")),  # ㅤ: Hangul filler, shows nothing
    ("\u2800", "'\u2800' " + _invisible("U+2800")),  # ⠀: the blank Braille cell
]  # fmt: skip
IDS = ["zwj", "vs16", "cyrillic-zwj", "math-bold", "small-capital", "cherokee", "hangul-filler",
       "braille-blank"]  # fmt: skip


def _refused(result, line):
    assert result.exit_code == 1, result.stdout + result.stderr
    assert result.stderr == f"error: {line}\n"
    assert result.stdout == ""


@pytest.mark.parametrize(("name", "said"), TWINS, ids=IDS)
def test_new_refuses_a_name_that_looks_like_anna(cli, tmp_path, name, said):
    result = cli("new", "a.toml", "--variant", "french", "--players",
                 ",".join(["Anna", name, "Bruno", "Chloé"]), ok=False)  # fmt: skip
    _refused(result, f"a.toml: --players: {said}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "said"), TWINS, ids=IDS)
def test_join_refuses_a_name_that_looks_like_anna(cli, name, said):
    path = cli.new("a.toml", "french", PLAYERS)
    before = path.read_bytes()
    _refused(cli("join", "a.toml", name, ok=False), f"a.toml: NAME: {said}")
    assert path.read_bytes() == before


@pytest.mark.parametrize(("name", "said"), TWINS, ids=IDS)
def test_rename_refuses_a_name_that_looks_like_anna(cli, name, said):
    path = cli.new("a.toml", "french", PLAYERS)
    before = path.read_bytes()
    # a name that shows itself badly is said once, before any file is read
    where = "NEW" if "invisible" in said else "a.toml: NEW"
    _refused(cli("rename", "a.toml", "Bruno", name, ok=False), f"{where}: {said}")
    assert path.read_bytes() == before


@pytest.mark.parametrize(("name", "said"), TWINS, ids=IDS)
def test_tournament_new_refuses_a_name_that_looks_like_anna(cli, tmp_path, name, said):
    result = cli("tournament", "new", "cup", "--variant", "french", "--players",
                 f"{EIGHT},{name}", "--rounds", "2", "--deals", "4", ok=False)  # fmt: skip
    _refused(result, f"cup: --players: {said}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "said"), TWINS, ids=IDS)
def test_draw_late_refuses_a_name_that_looks_like_anna(cli, tmp_path, name, said):
    cli("tournament", "new", "cup", "--variant", "french", "--players", EIGHT, "--rounds", "2",
        "--deals", "4")  # fmt: skip
    before = (tmp_path / "cup" / "tournament.toml").read_bytes()
    result = cli("tournament", "draw", "cup", "--late", name, ok=False)
    if name == "\U0001d400nna":  # typed as people type, 𝐀nna is Anna: already there
        _refused(result, "cup: --late: 'Anna' is on the roster already")
    else:
        _refused(result, f"cup: --late: {said}")
    assert sorted(p.name for p in (tmp_path / "cup").iterdir()) == ["tournament.toml"]
    assert (tmp_path / "cup" / "tournament.toml").read_bytes() == before


@pytest.mark.parametrize("name", ["-", "??", "😀", "\u0301"])
def test_a_name_shows_a_letter_or_digit(cli, tmp_path, name):
    result = cli("new", "a.toml", "--variant", "french", "--players",
                 f"Anna,{name},Bruno,Chloé", ok=False)  # fmt: skip
    _refused(result, f"a.toml: --players: {name!r} shows no letter or digit: a name needs one")
    assert not (tmp_path / "a.toml").exists()


@pytest.mark.parametrize("names", [
    ["Anna", "Ana", "Chloé", "大輔"],
    ["Anna", "\u041danna", "Αννα", "Bruno"],  # Cyrillic Нanna looks like Hanna, Greek Αννα "Avva"
    ["Amie", "Arnie", "Ian", "lan"],  # Latin letters: told apart by typing them
    ["J0hn", "John", "Zoë", "Zoltán"],
    ["大輔", "ダイスケ", "タイスケ", "花子"],  # kana keep their voiced marks
    ["Jean-Pierre", "Søren", "Łukasz", "Anna 2"],
])  # fmt: skip
def test_real_distinct_names_are_kept(cli, names):
    path = cli.new("a.toml", "french", names)
    assert storage.load(path).players == tuple(names)
    cli("join", path, "Émile")
    cli("rename", path, names[-1], "Noé")


def test_a_file_holding_look_alikes_still_reads_and_each_is_typed_exactly(cli, tmp_path):
    path = cli.new("a.toml", "french", ["Anna", "Xavier", "Bruno", "Chloé"])
    written = path.read_text(encoding="utf-8").split("# checked by")[0]
    path.write_text(written.replace('"Xavier"', '"An\u200dna"'), encoding="utf-8")  # by hand
    assert cli("check", path).exit_code == 0
    for typed in ("anna", "An\u200dna"):
        cli("deal", path, "--contract", "garde", "--taker", typed, "--points", "50",
            "--bouts", "2")  # fmt: skip
    assert [d.entry.taker for d in storage.load(path).deals] == ["Anna", "An\u200dna"]
    # and a tournament file seating them
    cli("tournament", "new", "cup", "--variant", "french", "--players", EIGHT, "--rounds", "2",
        "--deals", "4")  # fmt: skip
    tournament = tmp_path / "cup" / "tournament.toml"
    tournament.write_text(tournament.read_text(encoding="utf-8").replace(
        '"Hugo"', '"\u1d00nna"'), encoding="utf-8")  # fmt: skip
    assert "\u1d00nna" in files.load(tmp_path / "cup").players
    assert cli("tournament", "check", "cup").exit_code == 0


def test_typing_reads_mathematical_letters_as_their_letters():
    assert text.fold("\U0001d400nna") == text.fold("ＡＮＮＡ") == "anna"  # casefold after NFKD
    assert text.fold("An\u200dna") == "anna"  # what shows nothing is no part of a name
    assert text.find("\U0001d400nna", ["Anna", "Bruno"]) == ["Anna"]


def test_the_look_alike_table_is_read_only_where_a_name_is_made(cli):
    """Reading a file with names beyond ASCII never reads the table; a name checked against
    another beyond ASCII does (once)."""
    text._look_alikes.cache_clear()
    path = cli.new("a.toml", "french", ["Anna", "Bruno", "Chloé", "Élodie"])  # Latin letters
    assert text._look_alikes.cache_info().currsize == 0
    path = cli.new("b.toml", "french", ["Anna", "大輔", "Chloé", "Ὀδυσσεύς"])
    assert text._look_alikes.cache_info().currsize == 1
    cli("deal", path, "--contract", "garde", "--taker", "大", "--points", "50", "--bouts", "2")
    text._look_alikes.cache_clear()
    for command in ("standings", "history", "check", "show", "stats"):
        cli(command, path)
    cli("deal", path, "--contract", "garde", "--taker", "Ὀδυσσεύς", "--points", "50", "--bouts",
        "2")  # fmt: skip
    assert text._look_alikes.cache_info().currsize == 0


def test_the_look_alike_table_is_unicodes_prototypes_in_ascii():
    table = text._look_alikes()
    assert {ch: table[ord(ch)] for ch in "аАΑᎪ\U0001d400ᴀꭺ0Iⅱ"} == {
        "а": "a", "А": "A", "Α": "A", "Ꭺ": "A", "\U0001d400": "A", "ᴀ": "A", "ꭺ": "A",
        "0": "O", "I": "l", "ⅱ": "ii"}  # fmt: skip
    assert all(v.isascii() and v.isalnum() for v in table.values()) and len(table) > 1000
    assert "a" not in map(chr, table) and "大" not in map(chr, table)


def test_the_table_is_written_by_its_script(tmp_path):
    """tools/look_alikes.py keeps the prototypes in ASCII letters and digits, reads a small
    capital (and what confusables.txt draws like one) as its capital, and writes one line a
    prototype."""
    spec = importlib.util.spec_from_file_location("look_alikes", ROOT / "tools" / "look_alikes.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    source = tmp_path / "confusables.txt"
    source.write_text(
        "\ufeff# Version: 99.0.0\n"
        "0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\n"
        "AB7A ;\t1D00 ;\tMA\t# ( ꭺ → ᴀ ) CHEROKEE SMALL LETTER GO → SMALL CAPITAL A\n"
        "2161 ;\t006C 006C ;\tMA\t# ( Ⅱ → ll ) ROMAN NUMERAL TWO\n"
        "05AD ;\t0596 ;\tMA\t# ( ֭ → ֖ ) HEBREW ACCENT DEHI → HEBREW ACCENT TIPEHA\n",
        encoding="utf-8")  # fmt: skip
    out = tmp_path / "look_alikes.txt"
    script.main([str(source), str(out)])
    lines = [line for line in out.read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]  # fmt: skip
    assert "version 99.0.0" in out.read_text(encoding="utf-8")
    assert lines[:1] == ["A 1D00 AB7A"] and "a 0430" in lines and "ll 2161" in lines
    assert not [line for line in lines if "05AD" in line]
    # the shipped table is what the script writes (its header names the source's version)
    shipped = (ROOT / "scorepad" / "look_alikes.txt").read_text(encoding="utf-8")
    assert shipped.startswith("# Look-alike letters") and "tools/look_alikes.py" in shipped
