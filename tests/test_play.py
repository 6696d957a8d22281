"""`scorepad play`: an evening in one command, on a real terminal and from a text file."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import pytest
from tests_helpers import on_a_terminal, uncoloured

from conftest import EXAMPLES
from scorepad import storage
from scorepad.storage import files
from scorepad.text import width
from scorepad.variants import get_variant

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]


def _new(path, variant="french", players=PLAYERS):
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", variant,
                    "--players", ",".join(players)], check=True, capture_output=True)


def test_a_five_deal_evening_on_a_terminal(tmp_path):
    path = tmp_path / "evening.toml"
    _new(path)
    keys = [
        # deal 1, a plain garde: Enter, contract, taker, points, bouts, nothing else, save
        b"\r", b"g\r", b"b\r", b"47\r", b"2\r", b"\r", b"\r",
        # deal 2: '<' goes back to the taker; 'n' at Save changes the points only
        b"\r", b"p\r", b"ch\r", b"<\r", b"an\r", b"30\r", b"1\r", b"\r", b"n\r",
        b"poi\r", b"60\r", b"\r",
        # deal 3 started, then Ctrl-C: that deal only is dropped
        b"\r", b"gs\r", b"d\r", b"\x03",
        # deal 3 again, saved, then undone (the undo shows the deal first)
        b"\r", b"gc\r", b"d\r", b"20\r", b"0\r", b"\r", b"\r",
        b"u\r", b"y\r",
        # deal 1 edited: every old answer offered, the points changed
        b"e 1\r", b"\r", b"\r", b"\r", b"\r", b"50\r", b"\r", b"\r", b"\r", b"\r", b"\r", b"\r",
        # deals 3 to 5; deal 5 with a handful from "Anything else?"
        b"\r", b"p\r", b"b\r", b"51\r", b"1\r", b"\r", b"\r",
        b"\r", b"g\r", b"c\r", b"35\r", b"3\r", b"\r", b"\r",
        b"\r", b"gs\r", b"an\r", b"45\r", b"2\r", b"h\r", b"Anna:10\r", b"\r", b"\r",
        b"s\r", b"q\r",
    ]
    out, code = on_a_terminal(["play", str(path)], keys)
    out = uncoloured(out)
    assert code == 0, out
    assert "Contract (p/g/gs/gc/pass/c): " in out
    assert "Anything else? (handful, petit au bout, slam, Excuse) [n]: " in out
    assert "Change which answer? (dealer, contract, taker, points, bouts; Enter: drop the deal)" \
        in out
    assert "deal dropped; nothing was saved (Ctrl-C again or q leaves)" in out
    assert "Undo deal 3? [y/N]" in out and "removed deal 3; next dealer: Chloé" in out
    assert "before: Anna −62, Bruno +186" in out and "after: Anna −68, Bruno +204" in out
    assert "saved deal 1: Anna −62, Bruno +186, Chloé −62, Daisuke −62" in out
    assert "— next dealer: Bruno" in out  # after each deal: the standings and who deals
    deals = [(d.dealer, get_variant("french").describe(d.entry))
             for d in storage.load(path).deals]
    assert deals == [("Anna", "garde Bruno"), ("Bruno", "petite Anna"), ("Chloé", "petite Bruno"),
                     ("Daisuke", "garde Chloé"), ("Anna", "garde-sans Anna")]
    session = storage.load(path)
    assert session.deals[0].entry.points == 50 and session.deals[1].entry.points == 60
    assert dict(session.deals[4].entry.handfuls) == {"Anna": 10}


def test_e_n_changes_one_answer_directly(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    script = ["", "g", "b", "47", "2", "", "",
              "e 1 points 52", "",  # at once: no question but "Save?"
              "e 1", "bo", "3", "",  # "Change which answer?"
              "e1 handful Anna:10", "", "q"]  # an answer the deal did not have
    out = cli("play", path, "-i", input="\n".join(script) + "\n").stdout
    assert "Change which answer? (dealer, contract, taker, points, bouts; Enter: every " \
        "answer): " in out
    assert out.count("Taker [Bruno]") == 0  # nothing else asked again
    [deal] = cli.json("history", path)
    assert (deal["points"], deal["bouts"], deal["handfuls"]) == (52, 3, {"Anna": 10})


def test_ctrl_c_twice_leaves_play_and_keeps_what_was_saved(tmp_path):
    path = tmp_path / "evening.toml"
    _new(path)
    out, code = on_a_terminal(["play", str(path)], [
        b"\r", b"g\r", b"b\r", b"47\r", b"2\r", b"\r", b"\r",
        b"\r", b"g\r", b"\x03", b"\x03"])  # a deal dropped, then play left
    assert code == 0, out
    assert len(storage.load(path).deals) == 1


def test_the_same_deal_twice_is_pointed_out_and_enter_still_saves_it(tmp_path):
    """Two equal gardes happen: Enter saves the second too (with a note), as everywhere."""
    path = tmp_path / "evening.toml"
    _new(path)
    plain = [b"\r", b"g\r", b"b\r", b"47\r", b"2\r", b"\r"]
    out, code = on_a_terminal(["play", str(path)], [*plain, b"\r", *plain, b"\r", b"q\r"])
    assert code == 0, out
    assert "note: the same as deal 1; Enter saves it again, n changes or drops it" in out
    assert "record it again" not in out
    assert len(storage.load(path).deals) == 2  # Enter: recorded


def test_two_passes_in_a_row_are_not_the_same_deal(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input="\npass\n\n\npass\n\nq\n").stdout
    assert "same as deal" not in out
    assert len(cli.json("history", path)) == 2


def test_a_repeated_deal_without_a_terminal_is_saved_with_a_note(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    line = "--contract garde --taker Bruno --points 47 --bouts 2"
    result = cli("play", path, input=f"{line}\n{line}\n")
    assert result.exit_code == 0 and len(cli.json("history", path)) == 2
    assert "input line 2: the same deal as deal 1, saved again (undo removes it)" in result.stderr
    again = cli("deal", path, *line.split())
    assert again.exit_code == 0 and len(cli.json("history", path)) == 3
    assert "deal 3 is the same as deal 2, saved again (undo removes it)" in again.stderr
    cli("deal", path, "--contract", "pass")
    assert "same" not in cli("deal", path, "--contract", "pass").stderr


def test_the_end_of_a_match_is_said_once_and_enter_does_not_play_on(cli, tmp_path):
    path = tmp_path / "match.toml"
    path.write_bytes((EXAMPLES / "piedmont-match.toml").read_bytes())  # over after deal 9
    out = cli("play", path, "-i", input="\n\nq\n").stdout
    assert out.count("Anna wins the match") == 1
    assert "the match is over — Enter, or u e s h c q ?" in out
    assert "Play on with deal 10? [y/N]" in out and "Enter plays on" not in out
    assert len(cli.json("history", path)) == 9  # Enter at "Play on?": no deal 10
    asked = cli("play", path, "-i", input="\ny\n50\n\n\n50\n\nq\n")
    assert len(cli.json("history", path)) == 11, asked.stdout[-1500:]  # asked once


def test_leaving_play_prints_the_evenings_standings(tmp_path):
    path = tmp_path / "evening.toml"
    _new(path)
    out, code = on_a_terminal(["play", str(path)], [
        b"\r", b"g\r", b"b\r", b"47\r", b"2\r", b"\r", b"\r", b"q\r"])
    out = uncoloured(out)
    assert code == 0, out
    after_q = out[out.rindex("q\r"):]
    assert "rank" in after_q and "Bruno" in after_q and "+186" in after_q


def test_a_plain_deal_takes_eleven_keystrokes(cli):
    """A 12-deal evening typed into play: keystrokes per deal, counted (see docs/play.md)."""
    path = cli.new("f.toml", "french", PLAYERS)
    def plain(points):  # the contract between deals, taker, points, bouts, nothing else, save
        return ["g", "b", str(points), "2", "", ""]

    def full(points):  # and a handful, the petit au bout, no slam, the Excuse as usual
        return ["gs", "an", str(points), "2", "y", "Anna:10", "a", "", "", ""]

    script = [a for i in range(6) for a in (*plain(41 + i), *full(50 + i))] + ["q"]
    result = cli("play", path, "-i", input="\n".join(script) + "\n")
    assert result.stdout.count("saved deal") == 12, result.stdout[-2000:]
    keystrokes = lambda answers: sum(len(a) + 1 for a in answers)  # noqa: E731
    assert keystrokes(plain(47)) == 11 and keystrokes(full(47)) == 26
    deals = cli.json("history", path)
    assert deals[0]["scores"]["Bruno"] == 3 * (25 + 0) * 2
    assert deals[1]["handfuls"] == {"Anna": 10} and deals[1]["petit_au_bout"] == "attack"


def test_deals_from_a_text_file(cli, tmp_path):
    path = cli.new("f.toml", "french", PLAYERS)
    lines = "\n".join([
        "# Thursday",
        "--contract garde --taker Bruno --points 47 --bouts 2",
        "",
        "-c pet -t ch -p 60 -b 1 --handful Chloé:10",
        "-c gs -t Anna --cards '21 1 EX KH QH' --pile 22",
    ]) + "\n"
    out = cli("play", path, input=lines).stdout
    assert "deal 1 (Anna): garde Bruno, made; Anna −62" in out
    assert "recorded 3 deals;" in out and "next dealer: Daisuke" in out
    assert len(cli.json("history", path)) == 3


def test_a_wrong_line_records_nothing(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    before = path.read_bytes()
    result = cli("play", path, ok=False, input="-c g -t b -p 47 -b 2\n-c gar -t b\n--bogus 1\n")
    assert result.exit_code == 1
    assert f"error: {path}: input line 2: deal 2: contract 'gar' could be garde or " \
        "garde-sans or garde-contre: type more letters" in result.stderr
    assert f"error: {path}: input line 3: no such option: --bogus" in result.stderr
    assert path.read_bytes() == before


def test_short_options_and_the_session_in_the_environment(cli, monkeypatch):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dora"])
    out = cli("deal", path, "-c", "t", "-t", "an", "-p", "60").stdout  # bid and Tappist
    assert "Anna +3, Bruno −1" in out
    monkeypatch.setenv("SCOREPAD_FILE", str(path))
    assert "Troggu" in cli("standings").stdout
    assert "saved as deal 2" in cli("deal", "-c", "solo", "-t", "Bruno", "-p", "70").stdout
    assert cli("history").stdout.rstrip().endswith("next dealer: Chloé")
    assert cli("standings").stdout.rstrip().endswith("next dealer: Chloé")
    created = cli("new", path.parent / "u.toml", "--variant", "french", "--players", "A,B,C")
    assert f"export SCOREPAD_FILE={path.parent / 'u.toml'}" in created.stdout


def test_narrow_terminal_output_fits_40_columns(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    for example in sorted(EXAMPLES.glob("*.toml")):
        for command in (["standings"], ["history"], ["chart"]):
            result = cli(*command, example, ok=False)
            if result.exit_code:
                continue  # a chart of no deals
            wide = [line for line in result.stdout.splitlines() if width(line) > 40]
            assert not wide, (example.name, command, wide)
    out = cli("history", EXAMPLES / "troggu-seven-players.toml").stdout
    assert "A Anna  B Bruno" in out  # the players' letters explained


def test_shell_completion_knows_commands_options_players_and_contracts(tmp_path):
    """Completion is built only when a shell asks (it would cost every start-up)."""
    path = tmp_path / "club.toml"
    _new(path)

    def complete(*words):
        env = {**os.environ, "_SCOREPAD_COMPLETE": "complete_bash",
               "COMP_WORDS": " ".join(["scorepad", *words]), "COMP_CWORD": str(len(words))}
        return subprocess.run([sys.executable, "-m", "scorepad"], env=env, capture_output=True,
                              text=True, check=True).stdout.split()

    assert complete("st") == ["standings", "stats"] and complete("stan") == ["standings"]
    assert complete("stats", str(path), "--player", "") == PLAYERS  # the first file's players
    assert complete("deal", str(path), "--taker", "") == PLAYERS
    assert complete("deal", str(path), "-t", "B") == ["Bruno"]  # shells match case
    assert complete("deal", str(path), "--contract", "garde-") == ["garde-sans", "garde-contre"]
    script = subprocess.run([sys.executable, "-m", "scorepad", "--show-completion", "bash"],
                            capture_output=True, text=True, env={**os.environ, "SHELL": "bash"})
    assert "_scorepad_completion" in script.stdout


def test_a_text_of_wrong_lines_stops_at_twenty_problems(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    before = path.read_bytes()
    result = cli("play", path, ok=False, input="-c zz\n" * 100_000)
    errors = result.stderr.splitlines()
    assert len(errors) == 20
    assert errors[-1] == f"error: {path}: input line 20: reading stopped here"
    assert path.read_bytes() == before


def test_a_save_never_grows_a_file_past_what_scorepad_reads(cli, monkeypatch):
    path = cli.new("f.toml", "french", PLAYERS)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(path.read_bytes()) + 300)
    cli("deal", path, "-c", "g", "-t", "b", "-p", "47", "-b", "2")  # within the limit
    before = path.read_bytes()
    result = cli("play", path, ok=False, input="-c g -t b -p 48 -b 2\n" * 5)
    assert "would grow past" in result.stderr and "nothing was saved" in result.stderr
    assert path.read_bytes() == before


def test_deal_help_lists_the_options_per_game(cli):
    out = cli("deal", "--help").stdout
    sections = ["Options:", "Deal options: Any game:", "Deal options: French Tarot:",
                "Deal options: Troggu:", "Deal options: Piedmontese tarot:"]
    at = [out.index(s) for s in sections]
    assert at == sorted(at)
    french, troggu, piedmont = (out[at[i]:at[i + 1] if i + 1 < len(at) else None]
                                for i in (2, 3, 4))
    assert "-b, --bouts" in french and "--bid" not in french and "[french]" not in out
    assert "--bid" in troggu and "-c BID" in troggu and "--partner" in troggu
    assert "--player" in piedmont and "--contract" not in piedmont
    assert "-c, --contract" in cli("edit", "--help").stdout


def test_colour_on_a_terminal_only_and_never_with_no_color(tmp_path):
    path = tmp_path / "club.toml"
    _new(path)
    subprocess.run([sys.executable, "-m", "scorepad", "deal", str(path), "-c", "g", "-t", "b",
                    "-p", "47", "-b", "2"], check=True, capture_output=True)
    out, code = on_a_terminal(["show", str(path)], [])
    assert code == 0
    assert "\x1b[32m+186\x1b[0m" in out and "\x1b[31m−62\x1b[0m" in out
    plain, _ = on_a_terminal(["show", str(path)], [], env={"NO_COLOR": "1"})
    assert "\x1b[" not in plain and "Bruno +186" in plain
    error, code = on_a_terminal(["show", str(path), "9"], [])
    assert code == 1 and "\x1b[1;31merror:\x1b[0m" in error
    piped = subprocess.run([sys.executable, "-m", "scorepad", "show", str(path)],
                           capture_output=True, text=True).stdout
    assert "\x1b[" not in piped and "Bruno +186" in piped
    # the colour takes no columns: a coloured table lines up as the plain one
    table, _ = on_a_terminal(["history", str(path)], [])
    plain_table, _ = on_a_terminal(["history", str(path)], [], env={"NO_COLOR": "1"})
    assert uncoloured(table) == plain_table


def _wrapped_lines(out: str) -> list[str]:
    return [line for line in uncoloured(out).replace("\r", "").split("\n")]


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_prompts_explanations_and_errors_wrap_at_word_boundaries(tmp_path, columns, lang):
    from scorepad.text import width

    path = tmp_path / "t.toml"
    _new(path, "troggu", ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fabio", "Greta"])
    keys = [b"\r", b"solo\r", b"el\r", b"gr\r", b"200\r", b"40\r", b"\r", b"\r", b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"SCOREPAD_LANG": lang},
                              columns=columns)  # fmt: skip
    assert code == 0, out
    # what was typed is echoed after the prompt's last line: not part of the wrapping
    lines = [re.sub(r": (solo|el|gr|200|40|q)$", ":", line) for line in _wrapped_lines(out)]
    tables = [line for line in lines if "  " in line.strip() or "---" in line]
    long = [line for line in lines if width(line) > columns and line not in tables
            and not line.rstrip().endswith(("、", "。", ",", "）"))]  # fmt: skip
    assert not long, long
    words = {"opponents", "Tappist", "Tappist's", "points", "discard", "partner", "chips",
             "タッピスト", "ディスカード", "パートナー"}  # fmt: skip
    for a, b in itertools.pairwise(lines):  # no word broken over two lines
        if a.split() and b.split():
            joined = (a.split()[-1] + b.split()[0]).strip("(),.;:'")
            assert joined not in words, (a, b)
    assert "opponents" in " ".join(lines) or lang == "ja"
    assert len(storage.load(path).deals) == 1


# --- between deals: command letters win, anything else starts a deal ----------------------


def lines(*typed: str) -> str:
    return "\n".join(typed) + "\n"


def test_a_contract_typed_between_deals_starts_the_deal_with_it(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input=lines("g", "b", "47", "2", "", "", "gs", "c", "50",
                                              "2", "", "", "q")).stdout
    assert "is not a command" not in out
    assert "Contract (p/g/gs/gc/pass/c): g\n" in out  # the answer typed between deals, shown
    assert [d["contract"] for d in cli.json("history", path)] == ["garde", "garde-sans"]


def test_command_letters_win_between_deals(cli):
    """`c` is the chart, not cancelled; `s`, `h`, `u` their commands; Troggu's `s` too."""
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    out = cli("play", path, "-i", input=lines("c", "s", "h", "u", "q")).stdout
    assert "no deals yet: nothing to draw" in out and "no deals to undo" in out
    assert "Bid" not in out and cli.json("history", path) == []


def test_a_word_that_is_no_answer_starts_a_deal_and_is_refused_there(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input=lines("xyz", "pass", "", "q")).stdout
    assert "✗ contract 'xyz' is not one of" in out
    assert [d["contract"] for d in cli.json("history", path)] == ["pass"]


# --- Ctrl-D inside a deal ------------------------------------------------------------------


def test_ctrl_d_in_a_deal_drops_it_and_a_second_leaves_with_the_standings(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input=lines("g", "b", "47", "2", "", "", "p", "c")).stdout
    assert "deal dropped; nothing was saved (Ctrl-D again or q leaves)" in out
    assert "best deal" in out.split("Ctrl-D again")[1]  # the standings, on leaving
    assert len(cli.json("history", path)) == 1


def test_ctrl_d_in_a_deal_on_a_terminal_returns_to_the_prompt(tmp_path):
    path = tmp_path / "evening.toml"
    _new(path)
    out, code = on_a_terminal(["play", str(path)], [
        b"g\r", b"b\r", b"47\r", b"2\r", b"\r", b"\r",
        b"g\r", b"\x04", b"s\r", b"\x04"])  # a deal dropped, the standings, then play left
    out = uncoloured(out)
    assert code == 0, out
    assert "deal dropped; nothing was saved (Ctrl-D again or q leaves)" in out
    assert out.count("best deal") == 2  # `s`, then the standings on leaving
    assert len(storage.load(path).deals) == 1


# --- an edit confirmed as a new deal is -----------------------------------------------------


def test_n_at_save_the_new_deal_asks_which_answer_to_change(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input=lines(
        "g", "b", "47", "2", "", "",
        "e 1 points 52", "n", "bo", "3", "?", "", "q")).stdout
    assert "Save the new deal 1? [Y/n]: " in out and "  not saved" not in out
    assert "Change which answer? (dealer, contract, taker, points, bouts; Enter: keep the " \
        "deal as it was): " in out
    assert "answers: y (or Enter): save it; n: change one answer, or keep the deal as it " \
        "was; <: go back one answer" in out
    [deal] = cli.json("history", path)
    assert (deal["points"], deal["bouts"]) == (52, 3)


def test_enter_at_change_which_answer_keeps_the_deal_as_it_was(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    cli("deal", path, "-c", "g", "-t", "b", "-p", "47", "-b", "2")
    before = path.read_bytes()
    out = cli("play", path, "-i", input=lines("e 1 points 52", "n", "", "q")).stdout
    assert "  not saved" in out and path.read_bytes() == before


def test_guided_edit_n_at_save_asks_which_answer_to_change(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    cli("deal", path, "-c", "g", "-t", "b", "-p", "47", "-b", "2")
    out = cli("edit", path, "1", "-i", input=lines(
        "", "", "", "50", "", "", "", "", "",  # every question, old answers kept but one
        "n", "tak", "ch", "y")).stdout
    assert "Change which answer?" in out and "not saved" not in out
    [deal] = cli.json("history", path)
    assert (deal["taker"], deal["points"]) == ("Chloé", 50)


# --- undo: the last record, a roster change included ------------------------------------


def test_u_takes_back_a_mistaken_join_or_leave(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    out = cli("play", path, "-i", input=lines(
        "g", "b", "47", "2", "", "",
        "j Emil", "u", "y",
        "l Daisuke seats 3", "u", "y", "q")).stdout
    assert "Undo the roster change (Emil joins from deal 2)? [y/N]: " in out
    assert "took back the roster change: Emil joins from deal 2" in out
    assert "took back the roster change: Daisuke leaves from deal 2, the table has 3 seats" in out
    assert cli.json("history", path)[0]["contract"] == "garde"  # the deal is kept
    session = storage.load(path)
    assert session.changes == () and session.fixed


def test_undo_names_a_passed_deal_plainly(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    cli("deal", path, "-c", "pass")
    cli("deal", path, "-c", "c")
    out = cli("undo", path).stdout
    assert "removed deal 2 (dealt by Bruno): cancelled; Anna 0" in out
    assert "cancelled, cancelled" not in out
    assert "pass, passed" not in cli("undo", path).stdout
    lined = cli("play", path, input="--contract pass\n").stdout
    assert "deal 1 (Anna): pass; Anna 0" in lined


def test_the_undo_command_takes_back_a_join_before_the_last_deal(cli):
    path = cli.new("f.toml", "french", PLAYERS)
    cli("deal", path, "-c", "pass")
    cli("join", path, "Emil")
    out = cli("undo", path).stdout
    assert "took back the roster change: Emil joins from deal 2" in out
    assert len(cli.json("history", path)) == 1
    assert "removed deal 1" in cli("undo", path).stdout


# --- messages at the table ------------------------------------------------------------------


def test_a_rename_refused_in_play_names_no_option_variable(cli):
    path = cli.new("f.toml", "french", [*PLAYERS, "Gaston"])
    out = cli("play", path, "-i", input=lines("r gaston Anna", "r gastn Fritz", "q")).stdout
    assert "✗ 'Anna' is already a player" in out
    assert "NEW" not in out and "OLD" not in out, out
