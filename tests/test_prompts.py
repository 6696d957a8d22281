"""The questions at the table: `<` goes back exactly one question from anywhere, a refused
answer included; another word for a choice counts whole, or as a beginning that names
nothing else (players included); `?` lists those words; play's lines wrap at words without
splitting its one-key commands."""

from __future__ import annotations

from tests_helpers import on_a_terminal

from scorepad import storage


def _play(cli, players, answers):
    path = cli.new("a.toml", "french", players)
    out = cli("play", path, "-i", input="\n".join(answers) + "\n").stdout
    return path, out


def _asked(out):
    """The questions in the order they were asked (each prompt's text up to its colon)."""
    import re

    return re.findall(r"(Contract|Taker|Card points|Bouts|Anything else|Save deal \d)", out)


def test_back_after_a_refused_answer_goes_to_the_question_before_it(cli):
    answers = ["", "g", "zz", "<",  # taker refused, then <: the contract again
               "p", "br", "95", "<",  # points refused, then <: the taker again
               "ch", "50", "2", "zz", "<",  # "Anything else?" refused, then <: the bouts
               "1", "", "", "q"]
    path, out = _play(cli, ["Anne", "Bruno", "Chloé", "Daisuke"], answers)
    assert _asked(out) == ["Contract", "Taker", "Taker", "Contract", "Taker", "Card points",
                           "Card points", "Taker", "Card points", "Bouts", "Anything else",
                           "Anything else", "Bouts", "Anything else", "Save deal 1"]
    [deal] = storage.load(path).deals
    assert (deal.entry.contract, deal.entry.taker, deal.entry.points, deal.entry.bouts) == \
        ("petite", "Chloé", 50, 1)


def test_back_from_a_question_asked_with_another_goes_one_question_back(cli):
    """The number of cards in a pile, asked right after its cards: `<` asks the cards."""
    answers = ["", "g", "br", "21 1 EX K♥", "<", "50", "2", "", "", "q"]
    path, out = _play(cli, ["Anne", "Bruno", "Chloé", "Daisuke"], answers)
    assert _asked(out)[:5] == ["Contract", "Taker", "Card points", "Card points", "Bouts"]
    assert storage.load(path).deals[0].entry.points == 50


def test_a_beginning_of_another_word_that_names_a_player_is_refused(cli):
    answers = ["", "an", "?", "annul", "", "q"]
    path, out = _play(cli, ["Anne", "Bruno", "Chloé", "Daisuke"], answers)
    assert "✗ 'an' could be cancelled or Anne: type more letters" in out
    assert "also: petite: prise small" in out and "cancelled: canceled annule annulé" in out
    assert storage.load(path).deals[0].entry.contract == "cancelled"  # annul: nobody else
    # where no player's name begins so, the beginning counts
    other = cli.folder / "b"
    other.mkdir()
    path = cli.new("b/b.toml", "french", ["Bruno", "Chloé", "Daisuke", "Elsa"])
    cli("play", path, "-i", input="\nan\n\nq\n")
    assert storage.load(path).deals[0].entry.contract == "cancelled"


def test_play_keeps_its_one_key_commands_on_one_line(tmp_path):
    path = tmp_path / "w.toml"
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "french",
                    "--players", "Anna,Bruno,Chloé,Daisuke,Elsa,Fumiko,Gino,Hanako-Marie",
                    "--seats", "5"], check=True, capture_output=True)
    for columns in (60, 80):
        out, code = on_a_terminal(["play", str(path)], [b"q\r"], env={"NO_COLOR": "1"},
                                  columns=columns)
        assert code == 0, out
        lines = out.replace("\r", "").replace("\u00a0", " ").split("\n")
        assert any("? for help," in line for line in lines), lines
        assert any("q to" in line for line in lines), lines
        assert any("u e s h c q ?:" in line for line in lines), lines
        assert not [line for line in lines if line.strip() in ("?", "?:")]
