"""The catalogue of bad input: exact message, exit 1, no traceback, files unchanged."""

from __future__ import annotations

import pytest
from tests_helpers import INVALID, INVALID_IDS, run_bad_input


def test_catalogue_is_large_enough():
    assert len(INVALID) >= 40


@pytest.mark.parametrize("case", INVALID, ids=INVALID_IDS)
def test_bad_input(cli, tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    result, unchanged = run_bad_input(cli, tmp_path, case)

    assert result.exit_code == 1, result.stdout
    assert result.stderr.strip() == case["error"]
    assert "Traceback" not in result.stderr + result.stdout
    assert unchanged  # nothing changed, nothing left behind
