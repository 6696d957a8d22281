"""What you confirm is what is saved: a deal (or an edit) shown at the table for "Save?" is
saved only if the file is still what it was read as. When another scorepad wrote meanwhile
(a deal, an edit, an undo, a join, a leave), `play` says what changed, shows the same deal at
its new number and seating and asks again, or asks again what no longer fits (never drops
what was typed). Each test types on a real pseudo-terminal and writes the file from outside
at the moment the deal waits for its "Save?"."""

from __future__ import annotations

import subprocess
import sys

import pytest
from tests_helpers import on_a_terminal, wait_until, waits_for_input

from scorepad import storage
from scorepad.variants import get_variant

FIVE = "Anna,Bruno,Chloé,Daisuke,Elsa"


def _scorepad(*args):
    result = subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def _typing(args, steps, columns=200):
    """`scorepad ARGS` on a pseudo-terminal: each bytes step typed once the program waits for
    an answer; each callable step run there (another scorepad writing the file meanwhile)."""
    text, code = on_a_terminal(args, steps, {"NO_COLOR": "1"}, columns)
    return text.replace("\r\n", "\n"), code


def _deals(path):
    variant = get_variant("french")
    return [(d.dealer, variant.describe(d.entry)) for d in storage.load(path).deals]


def _five(tmp_path, deals=0):
    path = tmp_path / "fri.toml"
    _scorepad("new", path, "--variant", "french", "--players", FIVE, "--seats", 4)
    for _i in range(deals):
        _scorepad("deal", path, "-c", "p", "-t", "Chloé", "-p", 50, "-b", 1)
    return path


GARDE_BRUNO = [b"\r", b"g\r", b"br\r", b"50\r", b"2\r", b"\r"]  # shown, waiting for "Save?"


def test_a_deal_recorded_meanwhile_the_taker_now_deals_and_is_asked_again(tmp_path):
    """The issue's case: shown as deal 1 dealt by Anna (she sits out); another shell records
    deal 1; Enter does not save a deal 2 dealt by Bruno, charging Anna: it says so, and
    Bruno, who now deals and sits out, is asked again; the rest of the deal is kept."""
    path = _five(tmp_path)
    outside = lambda: _scorepad("deal", path, "-c", "p", "-t", "Chloé", "-p", 50, "-b", 1)  # noqa: E731
    out, code = _typing(["play", path], [*GARDE_BRUNO, outside, b"\r", b"da\r", b"\r", b"q\r"])
    assert code == 0, out
    assert "Save deal 1? [Y/n]" in out
    assert "the file was changed by another scorepad meanwhile: 1 deal was recorded" in out
    assert "this deal is now deal 2:" in out
    assert "✗ taker Bruno deals and sits out this deal: 5 players at a 4-seat table" in out
    after = out[out.index("this deal is now deal 2:"):]
    assert "Contract" not in after and "Card points" not in after  # kept, not asked again
    assert "deal 2, dealt by Bruno: garde Daisuke" in after and "Save deal 2? [Y/n]" in after
    assert "saved deal 2: Anna −68, Chloé −68, Daisuke +204, Elsa −68" in out
    assert _deals(path) == [("Anna", "petite Chloé"), ("Bruno", "garde Daisuke")]


@pytest.mark.parametrize("writer", ["deal", "edit", "undo", "join", "leave"])
def test_each_outside_change_is_said_and_the_deal_shown_again_before_it_is_saved(tmp_path,
                                                                                 writer):
    path = _five(tmp_path, deals=2)  # deal 3: Chloé deals and sits out
    change = {
        "deal": ("deal", path, "-c", "g", "-t", "Anna", "-p", 60, "-b", 2),
        "edit": ("edit", path, 2, "--dealer", "Daisuke"),  # deal 3 is then dealt by Elsa
        "undo": ("undo", path),
        "join": ("join", path, "Fumiko", "--after", "Bruno"),
        "leave": ("leave", path, "Elsa"),
    }[writer]
    said = {
        "deal": "1 deal was recorded",
        "edit": "deal 2 was changed",
        "undo": "1 deal was removed",
        "join": "Fumiko joined",
        "leave": "Elsa left",
    }[writer]
    number, dealer = {"deal": (4, "Daisuke"), "edit": (3, "Elsa"), "undo": (2, "Bruno"),
                      "join": (3, "Fumiko"), "leave": (3, "Chloé")}[writer]
    keys = [b"\r", b"g\r", b"an\r", b"50\r", b"2\r", b"\r",  # garde by Anna, shown as deal 3
            lambda: _scorepad(*change), b"\r", b"\r", b"q\r"]
    out, code = _typing(["play", path], keys)
    assert code == 0, out
    assert "deal 3, dealt by Chloé: garde Anna" in out and "Save deal 3? [Y/n]" in out
    assert f"the file was changed by another scorepad meanwhile: {said}" in out
    again = out[out.index(said):]
    assert f"deal {number}, dealt by {dealer}: garde Anna" in again
    assert f"Save deal {number}? [Y/n]" in again and f"saved deal {number}:" in again
    session = storage.load(path)
    assert len(session.deals) == number
    assert _deals(path)[-1] == (dealer, "garde Anna")
    seating = session.seating(number)
    shown_line = next(line for line in again.splitlines() if line.startswith("  Anna +204"))
    charged = {part.split()[0] for part in shown_line.strip().split(", ")}
    assert charged == set(seating.seated)  # the scores shown are those of the seating saved


def test_the_taker_left_meanwhile_is_asked_again(tmp_path):
    path = _five(tmp_path, deals=2)
    keys = [b"\r", b"g\r", b"an\r", b"50\r", b"2\r", b"\r",
            lambda: _scorepad("leave", path, "Anna"), b"\r", b"?\r", b"bru\r", b"\r", b"q\r"]
    out, code = _typing(["play", path], keys)
    assert code == 0, out
    assert "Anna left" in out and "✗ taker 'an' is not a player" in out  # as typed
    assert "players: 1 Bruno, 2 Chloé, 3 Daisuke, 4 Elsa" in out  # four left: all play
    assert _deals(path)[-1] == ("Chloé", "garde Bruno")


def test_an_edit_in_play_is_shown_again_when_the_file_changed_meanwhile(tmp_path):
    path = _five(tmp_path, deals=1)
    keys = [b"e 1 points 60\r", lambda: _scorepad("join", path, "Fumiko"), b"\r", b"\r",
            b"u\r", lambda: _scorepad("deal", path, "-c", "g", "-t", "Da", "-p", 40, "-b", 2),
            b"y\r", b"s\r", b"q\r"]
    out, code = _typing(["play", path], keys)
    assert code == 0, out
    assert out.count("Save the new deal 1? [Y/n]") == 2
    assert "the file was changed by another scorepad meanwhile: Fumiko joined" in out
    assert "saved the new deal 1" in out
    # the undo was shown the last record, Fumiko's arrival, and a deal came after it
    # meanwhile: nothing undone
    assert "Undo the roster change (Fumiko joins from deal 2)? [y/N]" in out
    assert "the last record was changed by another scorepad: nothing undone" in out
    assert [d.entry.points for d in storage.load(path).deals] == [60, 40]
    # `s` reads the file as it is now: the deal recorded meanwhile is counted
    standings = out[out.rindex("rank"):]
    assert "Fumiko" in standings and "Daisuke" in standings


def test_guided_deal_on_a_terminal_checks_the_file_too(tmp_path):
    path = _five(tmp_path)
    keys = [b"\r", b"50\r", b"2\r", b"\r",  # taker Bruno given as an option: shown for deal 1
            lambda: _scorepad("deal", path, "-c", "p", "-t", "Chloé", "-p", 50, "-b", 1),
            b"\r", b"\r", b"el\r", b"\r", b"\r"]  # the dealer in turn asked again: Bruno
    out, code = _typing(["deal", path, "-c", "g", "-t", "br"], keys)
    assert code == 0, out
    assert f"{path}: the file was changed by another scorepad meanwhile: 1 deal was recorded" \
        in out
    assert "Dealer [Bruno]" in out and "✗ taker Bruno deals and sits out this deal" in out
    assert "saved as deal 2" in out
    assert _deals(path) == [("Anna", "petite Chloé"), ("Bruno", "garde Elsa")]


def test_a_line_the_file_refuses_under_the_lock_names_the_file_and_the_line(tmp_path):
    """Without a terminal the lines are read in full, then checked and saved under the lock
    against the file as it is then: a refusal there names the file and the line."""
    path = _five(tmp_path)
    play = subprocess.Popen([sys.executable, "-m", "scorepad", "play", str(path)],
                            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # it waits for its lines
    wait_until(lambda: waits_for_input(play.pid))
    _scorepad("deal", path, "-c", "p", "-t", "Chloé", "-p", 50, "-b", 1)  # Bruno deals next
    _out, err = play.communicate("# the evening\n-c g -t Bruno -p 50 -b 2\n", timeout=60)
    assert play.returncode == 1
    assert f"error: {path}: input line 2: deal 2: taker Bruno deals and sits out" in err
    assert len(storage.load(path).deals) == 1


def test_roster_words_in_play_are_split_as_a_shell_does_and_given_once(cli):
    path = cli.new("g.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    script = ["j Fumiko seats 3 seats 4", 'j "Ha ns"', "j Gino seats 9", "l Anna after Bruno",
              "l Chloé", "j Ida after", 'j "Jo', "q"]
    out = cli("play", path, "-i", input="\n".join(script) + "\n").stdout
    assert "✗ seats given twice (3, 4): give it once" in out
    assert "Ha ns joins from deal 1" in out
    assert "✗ seats: french is played by 3 to 5 players, not 9" in out
    assert "✗ after PLAYER is for j (someone arriving): l NAME [seats N]" in out
    assert "add seats 4" not in out and "--" not in out.replace("—", "")  # no option names
    assert "✗ after needs a value" in out and "✗ cannot split the line" in out
    session = storage.load(path)
    assert session.players == ("Anna", "Bruno", "Chloé", "Daisuke", "Ha ns")
    assert session.seating_plan().next.roster == ("Anna", "Bruno", "Daisuke", "Ha ns")
    assert "Fumiko" not in session.players and "Gino" not in session.players


def test_a_dealer_named_who_left_meanwhile_is_asked_again(tmp_path):
    path = _five(tmp_path)
    keys = [b"50\r", b"2\r", b"\r",  # shown as deal 1 dealt by Bruno
            lambda: _scorepad("leave", path, "Bruno"), b"\r", b"\r", b"\r", b"\r"]
    out, code = _typing(["deal", path, "--dealer", "Bruno", "-c", "g", "-t", "Chloé"], keys)
    assert code == 0, out
    assert "deal 1, dealt by Bruno: garde Chloé" in out and "Bruno left" in out
    assert "Dealer [Anna]" in out.split("Bruno left")[1]
    assert "saved as deal 1" in out
    assert _deals(path) == [("Anna", "garde Chloé")]


def _play_in_process(path, answers, at_save):
    """`play` run in-process: `answers` typed one by one; `at_save()` runs when the first
    "Save deal" question waits (another scorepad writing the file meanwhile)."""
    from scorepad.app.play_loop import PlayLoop

    said: list[str] = []
    todo = list(answers)

    def ask(prompt):
        said.append(prompt)
        if prompt.startswith("Save deal") and at_save:
            at_save.pop()()
        if not todo:
            raise EOFError
        return todo.pop(0)

    PlayLoop(path, ask, said.append, [], []).run()
    return "\n".join(said)


def test_a_rename_meanwhile_is_said_as_a_rename(tmp_path):
    path = tmp_path / "fri.toml"
    _scorepad("new", path, "--variant", "french", "--players", "Anna,Bob,Chloé,Daisuke")
    out = _play_in_process(path, ["g", "an", "50", "2", "", "", "", "q"],
                           [lambda: _scorepad("rename", path, "Bob", "Bruno")])
    assert "the file was changed by another scorepad meanwhile: Bob is now called Bruno" in out
    assert "joined" not in out and "left" not in out
    assert [d.entry.taker for d in storage.load(path).deals] == ["Anna"]


def test_a_file_replaced_by_another_games_starts_the_deal_over_with_its_questions(tmp_path):
    path = tmp_path / "fri.toml"
    _scorepad("new", path, "--variant", "french", "--players", "Anna,Bruno,Chloé,Daisuke")

    def replaced():
        other = tmp_path / "other.toml"
        _scorepad("new", other, "--variant", "troggu", "--players", "Anna,Bruno,Chloé,Daisuke")
        other.replace(path)

    out = _play_in_process(path, ["g", "an", "50", "2", "", "", "t", "an", "60", "", "", "",
                                  "q"], [replaced])
    assert "it now holds Troggu (Swiss tarot)" in out
    assert "deal 1 of Troggu (Swiss tarot), from its first question:" in out
    after = out[out.index("from its first question"):]
    assert "Bid (tapp/solo/m): " in after and "Contract" not in after
    [deal] = storage.load(path).deals
    assert deal.entry.bid == "tapp" and deal.entry.tappist == "Anna"
