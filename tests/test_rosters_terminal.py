"""Rosters on a real terminal: `play` and guided `deal` say who sits out, offer only the
seated players, and take arrivals and departures between deals (j NAME, l NAME)."""

from __future__ import annotations

import subprocess
import sys

from tests_helpers import on_a_terminal

from scorepad import storage


def _new(path, variant, players, seats):
    subprocess.run([sys.executable, "-m", "scorepad", "new", str(path), "--variant", variant,
                    "--players", ",".join(players), "--seats", str(seats), "--date",
                    "2026-12-04"], check=True, capture_output=True)


def test_five_at_four_in_play_with_an_arrival_and_a_departure(tmp_path):
    path = tmp_path / "fri.toml"
    _new(path, "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"], 4)
    keys = [b"\r", b"g\r", b"br\r", b"52\r", b"2\r", b"\r", b"\r",  # deal 1, Anna out
            b"\r", b"pass\r", b"\r",  # deal 2: Bruno deals, all pass
            b"j Fumiko after Chlo\r",
            b"\r", b"pet\r", b"ch\r", b"50\r", b"2\r", b"\r", b"\r",  # Bruno deals again
            b"l Anna\r", b"h\r", b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    out = out.replace("\r\n", "\n")
    assert code == 0, out
    assert "deal 1, Anna deals and sits out — Enter" in out
    assert "deal 2, Bruno deals and sits out — Enter" in out
    assert "deal 3, Bruno deals and sits out — Enter" in out  # the same dealer after a pass
    assert ("Fumiko joins from deal 3: 6 people at a 4-seat table, 2 sit out each deal; "
            "dealing order: Anna, Bruno, Chloé, Fumiko, Daisuke, Elsa") in out
    assert "deal 3, Bruno deals; sitting out: Bruno (dealer), Elsa — Enter" in out
    assert "Anna leaves from deal 4: 5 people at a 4-seat table" in out
    assert "deal 4, Chloé deals and sits out — Enter" in out
    [row] = [line for line in out.splitlines() if line.startswith("  3  ") and "(216)" in line]
    assert row.split()[-12:] == ["−34", "(−34)", "·", "(216)", "+102", "(30)", "−34", "(−106)",
                               "·", "(−72)", "−34", "(−34)"]  # Bruno and Elsa out, carried
    session = storage.load(path)
    assert [session.seating(n).out for n in (1, 2, 3)] == [("Anna",), ("Bruno",),
                                                          ("Bruno", "Elsa")]
    assert session.players == ("Anna", "Bruno", "Chloé", "Daisuke", "Elsa", "Fumiko")
    assert session.seating_plan().next.roster == ("Bruno", "Chloé", "Fumiko", "Daisuke", "Elsa")


def test_nine_at_troggu_eight_seats_offers_only_the_seated(tmp_path):
    path = tmp_path / "t9.toml"
    players = [f"P{i}" for i in range(1, 10)]
    _new(path, "troggu", players, 8)
    keys = [b"\r", b"tapp\r", b"P1\r", b"P2\r", b"?\r", b"P3\r", b"60\r", b"\r", b"\r",
            b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    out = out.replace("\r\n", "\n")
    assert "deal 1, P1 deals and sits out — Enter" in out
    assert "tappist P1 deals and sits out this deal: 9 players at a 8-seat table" in out
    assert "players: 1 P2, 2 P3, 3 P4, 4 P5, 5 P6, 6 P7, 7 P8, 8 P9" in out
    assert "P1 deals and sits out" in out and "saved deal 1" in out, out
    [deal] = storage.load(path).deals
    assert deal.dealer == "P1"
    assert code == 0


def test_guided_deal_proposes_who_else_sits_out_and_enter_accepts(tmp_path):
    path = tmp_path / "seven.toml"
    _new(path, "french", ["A", "B", "C", "D", "E", "F", "G"], 5)
    keys = [b"\r", b"\r", b"g\r", b"b\r", b"alone\r", b"50\r", b"2\r", b"\r", b"\r"]
    out, code = on_a_terminal(["deal", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    out = out.replace("\r\n", "\n")
    assert code == 0, out
    assert "Dealer [A]: " in out and "Who else sits out [G]: " in out
    assert "  sitting out: A (dealer), G" in out
    assert "saved as deal 1" in out
    session = storage.load(path)
    assert session.seating(1).out == ("A", "G") and session.deals[0].out is None
    # another answer than the proposal is kept in the file
    keys = [b"\r", b"D\r", b"g\r", b"c\r", b"alone\r", b"50\r", b"2\r", b"\r", b"\r"]
    out, code = on_a_terminal(["deal", str(path)], keys, env={"NO_COLOR": "1"}, columns=200)
    assert code == 0, out
    session = storage.load(path)
    assert session.seating(2).out == ("B", "D") and session.deals[1].out == ("B", "D")


def test_nine_players_in_play_chart_and_history_at_forty_columns(tmp_path):
    """Nine names of one initial: the chart's and the narrow history's markers do not run
    out (`c` and `h` ended the evening with StopIteration)."""
    path = tmp_path / "n9.toml"
    players = [f"A{c}" for c in "abcdefghi"]
    _new(path, "french", players, 4)
    subprocess.run([sys.executable, "-m", "scorepad", "deal", str(path), "-c", "garde", "-t",
                    "Ab", "--points", "50", "--bouts", "2"], check=True, capture_output=True)
    keys = [b"c\r", b"h\r", b"q\r"]
    out, code = on_a_terminal(["play", str(path)], keys, env={"NO_COLOR": "1"}, columns=40)
    out = out.replace("\r\n", "\n")
    assert code == 0, out
    assert "StopIteration" not in out and "Traceback" not in out
    assert "Ai (0)" in out  # the chart's legend, to the ninth
    assert "·0" in out  # the history's running totals keep who sat out
