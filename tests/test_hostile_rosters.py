"""Roster sessions held to the plain session's standard: any roster size up to the limit
draws and prints, a hand-edited file cannot bypass the limit, control characters never reach
an output, options are given once, and a byte-order mark is not saved."""

from __future__ import annotations

import pytest

from scorepad import storage

GARDE = ("--contract", "garde", "--points", "50", "--bouts", "2")


def _roster(cli, variant, count, seats, prefix="A"):
    names = [f"{prefix}{chr(ord('a') + i // 26)}{chr(ord('a') + i % 26)}" for i in range(count)]
    return cli.new("big.toml", variant, names, "--seats", str(seats)), names


def _one_deal(cli, path, variant):
    session = storage.load(path)
    seated = session.evening().next.seated
    if variant == "french":
        cli("deal", path, *GARDE, "--taker", seated[0])
    else:
        cli("deal", path, "--bid", "tapp", "--tappist", seated[0], "--partner", seated[1],
            "--points", "40")  # fmt: skip


@pytest.mark.parametrize(("variant", "count", "seats"),
                         [("french", 9, 4), ("troggu", 9, 8), ("french", 40, 4),
                          ("troggu", 40, 8)])  # fmt: skip
def test_any_roster_size_up_to_the_limit_draws_a_chart_and_a_narrow_history(
    cli, monkeypatch, variant, count, seats
):
    path, names = _roster(cli, variant, count, seats)  # every name begins with the same letter
    _one_deal(cli, path, variant)
    _one_deal(cli, path, variant)
    chart = cli("chart", path).stdout
    legend = " ".join(chart.splitlines()[-12:])
    markers = [legend.split(f" {n} (")[0].split()[-1] for n in names]
    assert len(set(markers)) == count and all(len(m) == 1 for m in markers)
    for columns in ("40", "80", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        history = cli("history", path).stdout
        assert "·" in history  # those who sat out are marked at every width
    monkeypatch.setenv("COLUMNS", "40")
    assert cli("history", path).exit_code == 0


def test_the_sit_out_mark_is_kept_when_history_shows_running_totals_only(cli, monkeypatch):
    names = ["Annabelle", "Bruno-Luc", "Chloé-Anne", "Daisuke", "Elsa-Marie"]
    path = cli.new("fri.toml", "french", names, "--seats", "4")
    cli("deal", path, *GARDE, "--taker", "Bruno-Luc")
    for columns in ("80", "60"):
        monkeypatch.setenv("COLUMNS", columns)
        lines = cli("history", path).stdout.splitlines()
        assert "running totals)" in lines[0], lines  # the short layout
        cells = lines[3].split()[-5:]
        assert cells == ["·0", "204", "−68", "−68", "−68"], lines  # Annabelle dealt, sat out
