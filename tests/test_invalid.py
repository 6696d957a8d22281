"""The catalogue of bad input: exact message, exit 1, no traceback, files unchanged."""

from __future__ import annotations

import tomllib

import pytest

from conftest import DATA

CASES = tomllib.loads((DATA / "invalid.toml").read_text("utf-8"))["case"]
SESSIONS = {
    "f4": ("french", "Anna,Bruno,Chloé,Daisuke"),
    "f5": ("french", "Anna,Bruno,Chloé,Daisuke,Emil"),
    "f3": ("french", "Anna,Bruno,Chloé"),
    "t4": ("troggu", "Anna,Bruno,Chloé,Daisuke"),
    "t7": ("troggu", "Anna,Bruno,Chloé,Daisuke,Emil,Fritz,Gabi"),
    "p": ("piedmont", "Anna,Bruno"),
}


def test_catalogue_is_large_enough():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c["args"])[:70] for c in CASES])
def test_bad_input(cli, tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    for name, (variant, players) in SESSIONS.items():
        cli("new", f"{name}.toml", "--variant", variant, "--players", players)
    if "file" in case:
        (tmp_path / case["args"][1]).write_text(case["file"], "utf-8")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    result = cli(*case["args"], ok=False)

    assert result.exit_code == 1, result.stdout
    assert result.stderr.strip() == case["error"]
    assert "Traceback" not in result.stderr + result.stdout
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert after == before  # nothing changed, nothing left behind
