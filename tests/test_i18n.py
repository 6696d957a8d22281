"""The Japanese interface: every message translated, chosen by the locale, scores unchanged.

The catalogue is checked against the source (every message that goes through `_` has its
Japanese, with the same named fields), the shipped .mo against the .po, and the worked
examples and the bad-input catalogue are run in Japanese: the same scores and exit codes,
`error:` and JSON in English, and no English sentence left in what a person reads.
"""

from __future__ import annotations

import io
import re
import string
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from tests_helpers import INVALID, INVALID_IDS, run_bad_input

from conftest import DATA, EXAMPLES
from scorepad import i18n

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "scorepad/locale/ja/LC_MESSAGES/scorepad.po"
MO = PO.with_suffix(".mo")
# three lowercase English words in a row: a sentence left untranslated (card notation is
# upper case, options start with --, names are capitalised)
ENGLISH = re.compile(r"(?<![-\w])[a-z]{2,}(?: [a-z]{2,}){2,}(?![-\w])")


@pytest.fixture
def japanese():
    i18n.use("ja")
    yield
    i18n.use("en")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def _source_messages() -> set[str]:
    babel = pytest.importorskip("babel.messages.extract")
    found: set[str] = set()
    for _file, _line, message, *_rest in babel.extract_from_dir(ROOT / "scorepad",
                                                                keywords=i18n.KEYWORDS,
                                                   comment_tags=()):  # fmt: skip
        found.add(message if isinstance(message, str) else message[0])
    return found


def _catalogue():
    pofile = pytest.importorskip("babel.messages.pofile")
    with PO.open("rb") as stream:
        return pofile.read_po(stream)


def test_every_message_has_its_japanese_with_the_same_fields():
    catalogue = _catalogue()
    missing, wrong = [], []
    for message in sorted(_source_messages()):
        entry = catalogue.get(message)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(message)
            continue
        translated = entry.string if isinstance(entry.string, str) else entry.string[0]
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        if not _fields(translated) <= set().union(*map(_fields, ids)):
            wrong.append(message)
    assert not missing, f"{len(missing)} messages without Japanese, e.g. {missing[:5]}"
    assert not wrong, f"translations with fields the message has not: {wrong[:5]}"


def test_the_catalogue_holds_no_message_the_source_lost():
    stale = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalogue() if m.id}
    assert stale <= _source_messages(), sorted(stale - _source_messages())[:5]


def test_the_shipped_mo_is_the_po_compiled():
    """Every message of the .mo is the .po's, read back as gettext reads it (the bytes differ
    in the header's Generated-By: from one version of Babel to the next)."""
    mofile = pytest.importorskip("babel.messages.mofile")
    compiled = io.BytesIO()
    mofile.write_mo(compiled, _catalogue())

    def messages(data):
        catalogue = mofile.read_mo(io.BytesIO(data))
        return catalogue.plural_forms, sorted((repr(m.id), repr(m.string)) for m in catalogue)

    assert messages(MO.read_bytes()) == messages(compiled.getvalue()), \
        "run: pybabel compile (see the README)"


@pytest.mark.parametrize(("env", "argv", "expected"), [
    ({"LANG": "ja_JP.UTF-8"}, [], "ja"),
    ({"LANG": "en_US.UTF-8"}, [], "en"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, [], "en"),  # LC_ALL before LANG
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_GB.UTF-8"}, [], "ja"),
    ({"LANGUAGE": "fr:ja", "LANG": "en_GB.UTF-8"}, [], "ja"),  # the first known of the list
    ({"LANGUAGE": "fr", "LANG": "ja_JP.UTF-8"}, [], "ja"),  # none known: the next variable
    ({"SCOREPAD_LANG": "en", "LANG": "ja_JP.UTF-8"}, [], "en"),
    ({"SCOREPAD_LANG": "ja"}, ["--lang", "en"], "en"),  # --lang wins
    ({}, ["standings", "--lang=ja"], "ja"),
    ({}, [], "en"),
])
def test_the_language_comes_from_the_command_line_then_the_environment(env, argv, expected):
    chosen = i18n.code_of(i18n.from_command_line(argv) or "") or i18n.from_environment(env)
    assert chosen == expected


def test_lang_is_taken_off_the_command_line_and_a_wrong_one_refused(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)],
                              capture_output=True, text=True, env={"PATH": "/usr/bin"})
    shown = run("standings", EXAMPLES / "piedmont-match.toml", "--lang", "ja")
    assert shown.returncode == 0 and "順位" in shown.stdout
    assert "順位" in run("--lang=ja", "standings", EXAMPLES / "piedmont-match.toml").stdout
    wrong = run("standings", EXAMPLES / "piedmont-match.toml", "--lang", "xx")
    assert wrong.returncode == 2 and wrong.stderr.startswith("error: --lang: 'xx'")
    help_text = run("deal", "--help", "--lang", "ja").stdout
    assert "ディールを一つ記録" in help_text and "フレンチタロット" in help_text


WORKED = tomllib.loads((DATA / "worked_examples.toml").read_text("utf-8"))["case"]


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_worked_examples_in_japanese(cli, japanese, case):
    extra = ["--rules", case["profile"]] if "profile" in case else []
    extra += [arg for setting in case.get("settings", ()) for arg in ("--set", setting)]
    path = cli.new("s.toml", case["variant"], case["players"], *extra)
    out = cli("deal", path, *case["args"]).stdout
    [deal] = cli.json("history", path)
    assert deal["scores"] == case["scores"]  # the same scores, and English JSON
    if "result" in case:
        assert deal["result"] == case["result"]
    names = {w for p in case["players"] for w in re.findall(r"[A-Za-z]+", p)}
    for text in (out, cli("show", path).stdout, cli("history", path).stdout,
                 cli("standings", path).stdout):
        assert not ENGLISH.findall(text), text
        assert not _english_words(re.sub(r"メモ: .*", "", text), names), text


@pytest.mark.parametrize("case", INVALID, ids=INVALID_IDS)
def test_bad_input_in_japanese(cli, tmp_path, monkeypatch, japanese, case):
    monkeypatch.chdir(tmp_path)
    result, unchanged = run_bad_input(cli, tmp_path, case)
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert lines and all(line.startswith("error: ") for line in lines)
    assert len(lines) == len(case["error"].splitlines())
    assert not ENGLISH.findall(result.stderr), result.stderr
    assert unchanged


def test_a_japanese_evening_on_a_terminal(tmp_path):
    """Japanese prompts; Japanese contract names, はい, and full-width digits as answers."""
    from tests_helpers import on_a_terminal, uncoloured

    path = tmp_path / "j.toml"
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "french",
                    "--players", "大輔、花子、健太、由美"], check=True, capture_output=True)
    out, code = on_a_terminal(["play", str(path)], [
        b"\r", "ガード\r".encode(), "花\r".encode(), "４７\r".encode(), "２\r".encode(),
        b"\r", "はい\r".encode(), b"q\r"], env={"LANG": "ja_JP.UTF-8", "SCOREPAD_LANG": ""})
    out = uncoloured(out)
    assert code == 0, out
    assert "コントラクト (p/g/gs/gc/pass/c)" in out and "ほかにありますか？" in out
    assert "ディール 1 を保存しました: 大輔 −62、花子 +186" in out
    assert not ENGLISH.findall(out.split("\n", 1)[1]), out
    import json

    [deal] = json.loads(subprocess.run([sys.executable, "-m", "scorepad", "history", str(path),
                                        "--json"], capture_output=True, text=True).stdout)
    assert deal["contract"] == "garde" and deal["points"] == 47 and deal["result"] == "made"


def test_the_evenings_sheet_in_japanese(cli, japanese, tmp_path):
    """The report page: lang="ja", Japanese headings and labels, the same numbers."""
    out = tmp_path / "evening.html"
    cli("report", EXAMPLES / "french-club-evening.toml", "-o", out, "--rate", "0.05",
        "--currency", "€")
    page = out.read_text("utf-8")
    assert '<html lang="ja">' in page
    for heading in ("順位", "累計", "誰が誰に払うか", "ディール"):
        assert f"<h2>{heading}</h2>" in page
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S))
    notes = {"counted her pile at the table"}  # what the players wrote stays as written
    assert set(ENGLISH.findall(text)) <= notes
    i18n.use("en")
    english = tmp_path / "en.html"
    cli("report", EXAMPLES / "french-club-evening.toml", "-o", english, "--rate", "0.05",
        "--currency", "€")
    def figures(html: str) -> list[list[str]]:  # every number of every table's body, by row
        bodies = " ".join(re.findall(r"<tbody>(.*?)</tbody>", html, flags=re.S))
        # within a cell a translation may put the numbers in its own order ("1 of 2" is
        # "2 回中 1"): each row's numbers are compared as a multiset
        return [sorted(re.findall(r"[+−]?\d+(?:\.\d+)?", re.sub(r"<[^>]+>", " ", row)))
                for row in re.findall(r"<tr[^>]*>(.*?)</tr>", bodies, flags=re.S)]

    assert figures(page) == figures(english.read_text("utf-8"))


def test_cards_named_in_japanese(cli):
    """切り札21, エクスキューズ, キングH, full-width digits: the same cards as 21 EX KH."""
    japanese = cli("count", "--variant", "french", "切り札２１", "切り札1", "エクスキューズ",
                   "キングH", "クイーン♠", "--pile", "30", "--json").stdout
    english = cli("count", "--variant", "french", "21", "1", "EX", "KH", "QS", "--pile", "30",
                  "--json").stdout
    assert japanese == english
    assert cli("count", "--variant", "piedmont", "マット", "エンジェル", "バガット",
               "--json").stdout == cli("count", "--variant", "piedmont", "matto", "angel",
                                       "bagatto", "--json").stdout  # fmt: skip
    assert cli("count", "--variant", "troggu", "ベットラー", "--json").stdout == \
        cli("count", "--variant", "troggu", "bättler", "--json").stdout


# what may stay ASCII in Japanese output: the players' names, card codes (upper case and
# digits), the file's own title, `error:`, and the words of English exports and JSON
def _english_words(text: str, allowed: set[str]) -> list[str]:
    word = r"[A-Za-z]+(?:['’][A-Za-z]+)*"
    words = re.findall(rf"(?<![\w./-]){word}(?:[ ,] ?{word})*", text)
    bad = []
    for run in words:
        for one in re.findall(word, run):
            if one in allowed or one.isupper() or one.lower() == "error":
                continue
            bad.append(run)
            break
    return bad


def _allowed_in(path: Path) -> set[str]:
    from scorepad import storage

    session = storage.load(path)
    names = {w for p in session.players for w in re.findall(r"[A-Za-z]+", p)}
    title = set(re.findall(r"[A-Za-z]+", session.title or ""))
    return names | title | {session.profile}  # the rules' profile: a name, as in the file


EVERY_COMMAND = [("history",), ("standings",), ("standings", "--by-deal"), ("settle",),
                 ("settle", "--rate", "0.05"), ("settle", "--per-game"), ("chart",),
                 ("check",), ("export", "--to", "markdown"), ("export", "--to", "csv",
                 "--excel"), ("stats",), ("rules",),
                 *[("show", str(n)) for n in range(1, 14)]]  # fmt: skip


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_command_on_every_example_speaks_japanese(cli, japanese, path):
    allowed = _allowed_in(path)
    for command, *rest in EVERY_COMMAND:
        args = [command, path, *rest]
        result = cli(*args, ok=False)
        if result.exit_code != 0 and command == "show":
            continue  # no such deal in this example
        text = result.stdout.replace(str(path), "FILE") + result.stderr.replace(str(path), "")
        text = re.sub(r"メモ: .*", "", text)  # the players' own notes
        assert not _english_words(text, allowed), (args, _english_words(text, allowed), text)


@pytest.mark.parametrize("args", [("show",), ("deal",), ("export", "{piedmont}", "--to", "xx"),
                                  ("history", "{piedmont}", "extra"), ("bogus",),
                                  ("deal", "{piedmont}", "--bogus")])  # fmt: skip
def test_usage_errors_in_japanese(cli, japanese, args):
    args = [a.format(piedmont=EXAMPLES / "piedmont-match.toml") for a in args]
    result = cli(*args, ok=False)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    text = lines[0].removeprefix("error: ").replace(str(EXAMPLES / "piedmont-match.toml"), "")
    typed = {"FILE", "SCOREPAD", "scorepad", "root", "csv", "json", "markdown", "bouts"}
    assert not _english_words(text, typed | {a.strip("-") for a in args}), text


def test_an_export_without_a_format_says_which_in_japanese(cli, japanese):
    """--to is optional (--excel alone means csv): without either, scorepad's own error."""
    path = EXAMPLES / "piedmont-match.toml"
    result = cli("export", path, ok=False)
    assert result.exit_code == 1
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: --to: "), line
    text = line.removeprefix("error: --to: ")
    assert not _english_words(text, {"to", "csv", "json", "markdown"}), text


def test_counts_are_singular_and_plural_through_ngettext(cli):
    """"1 card", "1 point", "1 chip": no count is made plural by hand in the source."""
    source = "\n".join(p.read_text("utf-8") for p in (ROOT / "scorepad").rglob("*.py"))
    assert not re.search(r"""['"]s['"] \* \(""", source)  # 's' * (n != 1)
    one = cli("count", "--variant", "french", "KS").stdout
    assert "4.5 points in 1 card\n" in one
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    cli("deal", path, "--bid", "tapp", "--tappist", "Anna", "--points", "62")
    shown = cli("show", path, "1").stdout
    assert "→ 1 chip from each of the 3 opponents" in shown
    assert "Tapp game by Anna: 62 points with the discard" in shown
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "--contract", "garde", "--taker", "Anna", "--cards",
        "21 1 EX KS QS CS JS KH QH", "--pile", "10")  # fmt: skip
    assert ": 10 cards, 9 listed (" in cli("show", path, "1").stdout
    assert ") and 1 low card → " in cli("show", path, "1").stdout
    from scorepad.render.standings import amount_of

    assert amount_of(Decimal(1), "points") == "1 point" and amount_of(Decimal(2), "chips") == \
        "2 chips" and amount_of(Decimal("0.5"), "points") == "0.5 points"
