"""The catalogue of bad input (tests/data/invalid/): exact message, exit 1, no traceback,
files unchanged."""

from __future__ import annotations

import pytest
from tests_helpers import INVALID, INVALID_DIR, INVALID_IDS, run_bad_input


def test_catalogue_is_whole():
    """Every file of the catalogue belongs to a case: an `.error` or `.toml` without its
    `.args` would be a case that never runs."""
    assert len(INVALID) >= 100
    for path in INVALID_DIR.glob("*/*"):
        assert path.suffix in {".args", ".error", ".toml"}, path
        assert path.with_suffix(".args").exists(), path
        assert path.with_suffix(".error").exists(), path


@pytest.mark.parametrize("case", INVALID, ids=INVALID_IDS)
def test_bad_input(cli, tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    result, unchanged = run_bad_input(cli, tmp_path, case)

    assert result.exit_code == 1, result.stdout
    assert result.stderr.strip() == case["error"]
    assert "Traceback" not in result.stderr + result.stdout
    assert unchanged  # nothing changed, nothing left behind
