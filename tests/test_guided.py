"""Guided entry: questions for what is missing, bad answers asked again, nothing saved on abort."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from tests_helpers import on_a_terminal

from scorepad import storage


def answers(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_french_full_deal_with_a_bad_answer_asked_again(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    result = cli("deal", path, "-i", input=answers(
        "",            # dealer: Enter takes the default, Anna
        "grade",       # not a contract: explained, asked again
        "garde",
        "bru",         # Bruno, by prefix
        "50", "2",     # points, bouts
        "y",           # anything else? yes: every rare question in turn
        "Chloé:9",     # too few trumps: asked again
        "Chloé:11",
        "attack",      # petit au bout
        "",            # no slam announced
        "",            # the Excuse was exchanged as usual
        "y",           # save
    ))
    out = result.stdout
    assert "Dealer [Anna]: " in out
    assert "Contract (p/g/gs/gc/pass/c): " in out
    assert "Anything else? (handful, petit au bout, slam, Excuse) [n]: " in out
    assert "✗ contract 'grade' is not one of petite, garde" in out
    assert "✗ handful of Chloé: 9 trumps is outside 10–18" in out
    assert "Which side took every trick" not in out  # 50 points: no slam possible
    assert "(25 + 9) × 2 = 68; simple handful (Chloé, 11) +20" in out
    assert "saved as deal 1; next dealer: Bruno" in out
    [deal] = cli.json("history", path)
    assert deal["scores"] == {"Anna": -98, "Bruno": 294, "Chloé": -98, "Daisuke": -98}
    assert deal["handfuls"] == {"Chloé": 11} and deal["petit_au_bout"] == "attack"


def test_french_asks_partner_pile_and_slam_only_when_they_can_apply(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Emil"])
    out = cli("deal", path, "--contract", "garde", "--taker", "Anna", "-i", input=answers(
        "Bruno",       # dealer
        "",            # partner: no empty answer with 5 players (it would score 'alone')
        "Chloé",       # partner
        "21 1 EX KH KS QH QS CH CS JH KD QD CD JD KC",  # the taker side's pile
        "78",          # too many cards for those listed: the pile is asked again
        "21 1 EX KH KS QH QS QD QC CH CS CD CC JH JS JD JC KD KC",
        "78",          # every card: only a slam gives that pile
        "",            # slam declined: then the pile is asked again...
        "21 1 EX KH KS QH QS QD QC CH CS CD CC JH JS JD JC KD KC", "78",
        "attack",      # ...and the slam question comes back
        "",            # attack's pile
        "",            # nothing else (handful, petit au bout, announced slam, Excuse)
        "y",
    )).stdout
    assert "Partner (holder of the called king) or 'alone': " in out
    assert "✗ an answer is needed here" in out
    assert "Cards in that pile [15]: " in out
    assert "✗ cards: the pile holds 78 cards but only 15 are listed" in out
    assert "Slam: which side took every trick (a/d) (Enter: none): " in out
    assert "✗ the taker's pile cannot hold 78 cards" in out
    [deal] = cli.json("history", path)
    assert deal["partner"] == "Chloé" and deal["slam"] == "attack" and deal["pile"] == 78
    assert deal["points"] == 91


def test_french_slam_typed_as_the_fft_prints_it_records_the_excuse_owed(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    out = cli("deal", path, "--contract", "garde", "--taker", "Anna", "-i", input=answers(
        "", "87", "2",  # dealer, points, bouts: 87 with 2 bouts needs a slam...
        "attack",      # ...so the slam is asked at once
        "",            # nothing else
        "y")).stdout
    assert "✗ points 87 are impossible with 2 bouts" in out
    assert "it can be a slam by the taker's side" in out and "--slam" not in out  # a question
    assert "86.5 + 0.5 = 87" in out
    [deal] = cli.json("history", path)
    assert deal["fool_exchange"] == "owed" and deal["points"] == 87
    assert deal["scores"]["Anna"] == 3 * ((25 + 46) * 2 + 200)


def test_answers_already_given_as_options_are_not_asked(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    out = cli("deal", path, "--contract", "petite", "--taker", "Anna", "--dealer", "Bruno",
              "-i", input=answers("45", "1", "", "n", "")).stdout
    assert "Dealer" not in out and "contract" not in out.lower().split("deal 1")[0]
    assert "not saved; the file is as it was" in out
    assert storage.load(path).deals == ()


def test_ctrl_d_saves_nothing(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    before = path.read_bytes()
    result = cli("deal", path, "-i", input=answers("", "garde"), ok=False)
    assert result.exit_code == 1
    assert "interrupted: nothing saved, the file is as it was" in result.stderr
    assert path.read_bytes() == before


def test_troggu_misere_asks_every_players_points(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    out = cli("deal", path, "-i", input=answers(
        "", "misere", "40", "30", "twenty", "20", "14", "", "y")).stdout
    assert "Card points of Anna: " in out and "Card points of Dario: " in out
    assert "✗ points of Chloé must be a number, not 'twenty'" in out
    [deal] = cli.json("history", path)
    assert deal["scores"] == {"Anna": -3, "Bruno": 1, "Chloé": 1, "Dario": 1}


def test_troggu_tapp_game_asks_tricks_only_when_the_points_leave_it_open(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fritz"])
    # 20 points: the 8-card discard alone (up to 32), or a trick of 6 cards with it (14 up)
    out = cli("deal", path, "-i", input=answers(
        "", "tapp", "Anna", "20", "maybe", "n", "", "y")).stdout
    assert "Did the Tappist's side take a trick? (y/n) [y]: " in out
    assert "✗ answer y or n" in out
    [deal] = cli.json("history", path)
    assert deal["scores"]["Anna"] == -15 and deal["tricks"] == 0
    # Enter takes the offered answer: a trick was taken, nothing recorded, 2 chips
    out = cli("deal", path, "-i", input=answers("", "tapp", "Anna", "20", "", "", "y")).stdout
    assert "Did the Tappist's side take a trick? (y/n) [y]: " in out
    assert cli.json("history", path)[1]["scores"]["Anna"] == -10
    # 9 points can only be the discard: nothing to ask, 3 chips
    out = cli("deal", path, "-i", input=answers("", "tapp", "Anna", "9", "", "y")).stdout
    assert "take a trick" not in out
    assert "9 points: the discard alone, no trick" in out
    assert cli.json("history", path)[2]["scores"]["Anna"] == -15
    out = cli("deal", path, "-i", input=answers("", "tapp", "Anna", "70", "", "y")).stdout
    assert "take a trick" not in out


def test_troggu_seven_players_needs_the_partner(cli):
    players = ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fabio", "Greta"]
    path = cli.new("t.toml", "troggu", players)
    cli("deal", path, "-i", input=answers("", "tapp", "Anna", "Anna", "Bruno", "70", "", "y"))
    [deal] = cli.json("history", path)
    assert deal["partner"] == "Bruno" and deal["scores"]["Anna"] == 3


def test_piedmont_one_players_points_or_a_pile(cli):
    path = cli.new("p.toml", "piedmont", ["Anna", "Bruno"])
    out = cli("deal", path, "-i", input=answers("", "45.5", "y")).stdout
    assert "Anna: 45.5 rounded up → 46" in out
    out = cli("deal", path, "-i", input=answers(
        "", "matto angel K♥ K♠ K♦ Q♥ Q♠ C♥ C♠ J♥", "40", "41", "y")).stdout
    assert "✗ a pile of 40 cards cannot be" in out
    assert "who played the Matto" not in out.lower()  # the listed pile says: not asked
    history = cli.json("history", path)
    assert [d["scores"] for d in history] == [{"Anna": 46, "Bruno": 45},
                                              {"Anna": 51, "Bruno": 40}]


def test_interactive_edit_keeps_old_answers_on_enter(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "--contract", "garde", "--taker", "Bruno", "--points", "50", "--bouts", "2",
        "--petit-au-bout", "attack")
    out = cli("edit", path, 1, "-i", input=answers(
        "", "", "", "38", "", "", "", "", "", "y")).stdout
    assert "Card points of the taker's side (0–91, halves), or the cards of a pile [50]: " in out
    assert "before: Anna −78, Bruno +234" in out
    assert "after: Anna +46, Bruno −138" in out  # −56 + 10: petit au bout still counts
    [deal] = cli.json("history", path)
    assert deal["points"] == 38 and deal["petit_au_bout"] == "attack"


def test_without_a_terminal_nothing_is_asked(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    result = cli("deal", path, "--contract", "garde", ok=False)
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"error: {path}: deal 1: missing: --taker NAME; "
                                     "--points X with --bouts N, or --cards and --pile")


def _pty_session(path, keys):
    """Run `scorepad deal` on a real pseudo-terminal, typing `keys` one by one."""
    return on_a_terminal(["deal", str(path)], keys)


def test_on_a_terminal_it_asks_and_ctrl_c_saves_nothing(tmp_path):
    path = tmp_path / "f.toml"
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "french",
                    "--players", "Anna,Bruno,Chloé"], check=True, capture_output=True)
    before = path.read_bytes()
    out, code = _pty_session(path, [b"\r", b"garde\r", b"\x03"])
    assert "Dealer [Anna]:" in out and "Taker:" in out
    assert "interrupted: nothing saved" in out
    assert code == 130
    assert path.read_bytes() == before
    out, code = _pty_session(path, [b"\r", b"petite\r", b"Anna\r", b"45\r", b"1\r", b"\r",
                                    b"y\r"])
    assert code == 0, out
    assert "saved as deal 1" in out
    assert len(storage.load(path).deals) == 1


def test_guided_entry_refuses_an_option_of_another_game_before_asking(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Daisuke"])
    before = path.read_bytes()
    result = cli("deal", path, "-i", "--bouts", "2", input=answers("y"), ok=False)
    assert result.exit_code == 1
    assert result.stdout == ""  # no question was asked
    assert result.stderr == (f"error: {path}: deal 1: --bouts belongs to french, "
                             "not to a troggu deal\n")
    assert path.read_bytes() == before


# --- answers as people give them (issue: at the table, nothing surprises) -------------------

def test_players_by_number_and_question_mark_lists_them(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "大輔"])
    out = cli("play", path, "-i", input="\ng\n?\n4\n47\n2\n\n\nq\n").stdout
    assert "players: 1 Anna, 2 Bruno, 3 Chloé, 4 大輔 (a number or any unique beginning)" in out
    assert cli.json("history", path)[0]["taker"] == "大輔"


def test_the_dealer_can_be_changed_under_anything_else_in_play(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    out = cli("play", path, "-i", input="\ng\nb\n47\n2\ndealer\n3\n\n\nq\n").stdout
    assert "Dealer [Anna]: " in out
    assert cli.json("history", path)[0]["dealer"] == "Chloé"


def test_short_english_answers_work_at_anything_else_in_japanese(cli):
    from scorepad import i18n

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "大輔"])
    i18n.use("ja")
    try:
        cli("play", path, "-i", input="\ng\n2\n47\n2\nh\n大輔:10\np\nd\n\n\n\nq\n")
    finally:
        i18n.use("en")
    [deal] = cli.json("history", path)
    assert deal["handfuls"] == {"大輔": 10} and deal["petit_au_bout"] == "defence"


def test_piedmont_either_players_points_a_valid_pile_size_and_no_needless_matto_question(cli):
    path = cli.new("p.toml", "piedmont", ["Marco", "Lucia"])
    cli("play", path, "-i", input="\nLucia=60\n\nq\n")
    out = cli("play", path, "-i", input="\n20 EX KS QS CS KH QH CH JH KD\n\n\nq\n").stdout
    assert "How many cards the pile holds (odd) [11]: " in out  # 10 listed: odd, so 11
    assert "Matto" not in out.split("pile counted")[0].split("cards of the pile:")[-1]
    assert "✗" not in out
    first, second = cli.json("history", path)
    assert first["points"] == {"Marco": 31, "Lucia": 60}
    assert second["pile"] == 11 and "fool" not in second


def test_troggu_seven_players_all_passing_asks_who_had_to_play(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario", "Elsa", "Fabio",
                                        "Greta"])  # fmt: skip
    out = cli("play", path, "-i", input="\npass\nan\nbru\n60\n\n\nq\n").stdout
    assert "All passed: who had to play (the Bättler's holder" in out
    [deal] = cli.json("history", path)
    assert (deal["bid"], deal["forced"], deal["tappist"]) == ("tapp", True, "Anna")
    four = cli.new("t4.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    assert "who had to play" not in cli("play", four, "-i", input="\npass\n").stdout
    misere = cli("play", path, "-i", input="\nm\n").stdout  # both cards in the Tapp: said so
    assert "who had to play" not in misere


def test_a_slam_that_alone_makes_the_points_possible_is_asked_not_the_points_again(cli):
    """86.5 with 2 bouts at 5 players: the taker's slam, the defence keeping the Excuse."""
    path = cli.new("f.toml", "french", ["A1", "B2", "C3", "D4", "E5"])
    out = cli("play", path, "-i", input="\ng\n1\nb\n86.5\n2\na\n\n\nq\n").stdout
    assert "Slam: which side took every trick (a/d)" in out
    assert out.count("cannot be without a slam") == 1
    [deal] = cli.json("history", path)
    assert deal["slam"] == "attack" and deal["scores"]["A1"] == 684


def test_a_bad_misere_total_asks_each_players_points_again_with_the_old_ones(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    out = cli("play", path, "-i", input="\npass\n10\n10\n10\n10\n30\n30\n\n17\n\n\nq\n").stdout
    assert "Points of the Tappist's side" not in out
    assert "Card points of Anna [10]: " in out and "Card points of Chloé [10]: " in out
    [deal] = cli.json("history", path)
    assert deal["points"] == {"Anna": 30, "Bruno": 30, "Chloé": 10, "Dario": 17}


def test_troggu_on_a_terminal_asks_no_trick_question_the_points_answer(tmp_path):
    """7 players, alone with 9 points: a trick adds 7 cards, so 9 points are the discard
    alone and the Tappist took no trick (3 chips); with 20 points it stays open, the
    question offers "yes" and Enter takes it."""
    path = tmp_path / "t7.toml"
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", "troggu",
                    "--players", "Anna,Bruno,Chloé,Dario,Elsa,Fabio,Greta"], check=True,
                   capture_output=True)  # fmt: skip
    out, code = on_a_terminal(["deal", str(path)], [
        b"\r", b"tapp\r", b"anna\r", b"alone\r", b"9\r", b"\r", b"\r"])
    assert code == 0, out
    assert "take a trick" not in out
    assert "9 points: the discard alone, no trick" in out
    assert "saved as deal 1" in out
    out, code = on_a_terminal(["deal", str(path)], [
        b"\r", b"tapp\r", b"anna\r", b"alone\r", b"20\r", b"\r", b"\r", b"\r"])
    assert code == 0, out
    assert "Did the Tappist's side take a trick? (y/n) [y]:" in out
    assert "answer y or n" not in out
    assert "saved as deal 2" in out
    entries = [d.entry for d in storage.load(path).deals]
    assert entries[0].tricks is None and entries[1].tricks is None
    from scorepad import scores

    first, second = scores.outcomes(storage.load(path))
    assert first.scores["Anna"] == -18 and second.scores["Anna"] == -12


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_prompt_never_names_a_command_line_option(cli, lang):
    """At the table the answer that makes a deal possible is named as a question is."""
    from scorepad import i18n

    i18n.use(lang)
    try:
        path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
        out = cli("deal", path, "--contract", "garde", "--taker", "Anna", "-i", input=answers(
            "", "91", "3", "attack", "", "y")).stdout
    finally:
        i18n.use("en")
    assert "✗" in out and "--" not in out, out


def test_a_wrong_answer_is_named_by_its_question_in_japanese(cli):
    from scorepad import i18n

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    i18n.use("ja")
    try:
        out = cli("deal", path, "--contract", "garde", "--taker", "Anna", "-i", input=answers(
            "", "95", "47", "2", "", "y")).stdout
    finally:
        i18n.use("en")
    assert "✗ 点 95 は 0〜91 の範囲外です" in out and "points" not in out


def test_the_fools_questions_name_the_card_in_the_language(cli):
    from scorepad import i18n
    from scorepad.variants import get_variant

    i18n.use("ja")
    try:
        for name, card in (("french", "エクスキューズ"), ("troggu", "ベットラー")):
            fields = {f.key: f for f in get_variant(name).fields}
            for key in ("fool", "fool_winner"):
                question = fields[key].question
                assert not re.search("[A-Za-z]", question), question
            assert card in fields["fool"].question
    finally:
        i18n.use("en")


def test_japanese_partner_question_offers_and_takes_tandoku(cli):
    """単独 is 'alone' in Japanese: the question names it and the answer is taken."""
    from scorepad import i18n

    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "大輔", "Émile"])
    i18n.use("ja")
    try:
        out = cli("deal", path, "--contract", "garde", "--taker", "Anna", "-i",
                  input=answers("", "単独", "47", "2", "", "y")).stdout
    finally:
        i18n.use("en")
    assert "または「単独」" in out and "'alone'" not in out
    [deal] = cli.json("history", path)
    assert deal["alone"] is True and "partner" not in deal


def test_guided_entrys_modules_import_one_way():
    """asking ← guided: what the questions share with the entry (`Back`, the yes/no words)
    lives below it, so it never imports the entry back."""
    import ast
    from pathlib import Path

    app = Path(storage.__file__).resolve().parent.parent / "app"
    tree = ast.parse((app / "asking.py").read_text(encoding="utf-8"))
    taken = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {"scorepad.app.guided", "scorepad.app.guided_deal"} & taken


# --- `?` at every question lists every answer it takes ------------------------------------


def test_a_question_mark_at_every_question_lists_its_answers(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Emil"])
    out = cli("deal", path, "-i", input=answers(
        "?", "",            # dealer
        "?", "g",           # contract
        "?", "b",           # taker
        "?", "c",           # partner
        "?", "47",          # points
        "?", "2",           # bouts
        "?", "note",        # anything else
        "?", "late table",  # the note
        "pab",              # anything else: petit au bout, as history writes it
        "?", "a",           # petit au bout
        "", "?", "n",       # nothing else; save: ?, then n
        "?", "",            # change which answer: ?, then Enter drops the deal
    )).stdout
    assert "players: 1 Anna, 2 Bruno, 3 Chloé, 4 Daisuke, 5 Emil" in out  # dealer, taker
    assert "answers: p = petite, g = garde" in out
    assert "or: alone (the declarer plays alone)" in out
    assert "answers: a number, or the cards of a pile (e.g. 21 1 EX KH" in out
    assert "answers: a whole number" in out
    assert "answers: n (nothing else), y (each in turn), or one of: handful, petit au bout " \
        "(pab), slam, Excuse, note (or any unique beginning)" in out
    assert "answers: any text" in out
    assert "answers: a = attack, d = defence" in out
    assert "answers: y (or Enter): save it; n: change one answer, or drop the deal; <: go " \
        "back one answer" in out
    assert "answers: dealer, contract, taker, partner, points, bouts, petit au bout, note " \
        "(or any unique beginning); Enter: drop the deal" in out
    assert out.count("Garde (×2) by Bruno") == 1  # `?` at Save: the deal is not shown again
    assert "✗" not in out, out


def test_a_question_mark_at_anything_else_in_play_lists_the_dealer_and_the_note(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    out = cli("play", path, "-i", input=answers(
        "g", "b", "47", "2", "?", "dealer", "chl", "", "", "q")).stdout
    assert "or one of: handful, petit au bout (pab), slam, Excuse, note, dealer" in out
    [deal] = cli.json("history", path)
    assert deal["dealer"] == "Chloé"


def test_pab_at_anything_else_is_petit_au_bout(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    out = cli("play", path, "-i", input=answers("g", "b", "47", "2", "pab", "d", "", "", "q")
              ).stdout
    assert "Petit au bout, won by" in out and "✗" not in out
    [deal] = cli.json("history", path)
    assert deal["petit_au_bout"] == "defence"


def test_a_question_mark_at_yes_no_and_each_players_points(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    out = cli("deal", path, "-i", input=answers("", "m", "?", "40", "30", "20", "14", "", "?", "y")
              ).stdout
    assert "answers: a number (or NAME=X: either player's points)" in out
    assert "answers: y (or Enter): save it" in out
    pm = cli.new("p.toml", "piedmont", ["Marco", "Luca"])
    out = cli("deal", pm, "-i", input=answers("", "?", "45", "y")).stdout
    assert "or the cards of the pile (e.g. 21 1 EX KH; low cards may be left out)" in out
    out = cli("play", pm, "-i", input=answers("u", "?", "n", "q")).stdout
    assert "Undo deal 1? [y/N]: " in out and "  kept" in out
    assert "answers: y (yes) or n (no); Enter takes the capital one" in out


# --- a pile's cards are checked before its size is asked; a refused answer is no default ----


@pytest.mark.parametrize("game", ["troggu", "french"])
def test_a_bad_card_is_refused_before_the_piles_size_is_asked(cli, game):
    path = cli.new("t.toml", game, ["Anna", "Bruno", "Chloé", "Dario"])
    first = "t" if game == "troggu" else "g"
    out = cli("deal", path, "-i", input=answers("", first, "an", "21 1 ZZ KH"), ok=False).stdout
    assert "✗ cards: 'ZZ' is not a card notation" in out
    assert "Cards in that pile" not in out  # never asked for the pile of a bad card


def test_a_piles_size_refused_is_not_offered_again(cli):
    path = cli.new("t.toml", "troggu", ["Anna", "Bruno", "Chloé", "Dario"])
    out = cli("deal", path, "-i", input=answers("", "t", "an", "EX", "", "14", "", "", "y")
              ).stdout
    assert "Cards in that pile [1]: " in out  # offered once: as many as listed
    assert "✗ the Tappist's pile cannot hold 1 card" in out
    assert out.count("Cards in that pile [1]") == 1, out  # refused: not offered again
    [deal] = cli.json("history", path)
    assert deal["pile"] == 14
