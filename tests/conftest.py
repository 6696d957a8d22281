from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorepad.cli import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DATA = Path(__file__).resolve().parent / "data"


class Cli:
    """Runs scorepad commands through Typer's CliRunner in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: Any, ok: bool = True, input: str | None = None) -> Any:
        result = self.runner.invoke(app, [str(a) for a in args], input=input)
        if ok and result.exit_code != 0:
            raise AssertionError(
                f"scorepad {' '.join(map(str, args))} exited {result.exit_code}\n"
                f"stdout: {result.stdout}\nstderr: {result.stderr}\n{result.exception!r}"
            )
        return result

    def new(self, name: str, variant: str, players: list[str], *extra: str) -> Path:
        path = self.folder / name
        self("new", path, "--variant", variant, "--players", ",".join(players), *extra)
        return path

    def json(self, *args: Any) -> Any:
        return json.loads(self(*args, "--json").stdout)


ROOT = EXAMPLES.parent


@pytest.fixture(scope="session", autouse=True)
def _nothing_written_into_the_repository():
    """A test that writes a file where it runs (a fuzzed `export -o undo`) writes it in its own
    temporary folder (below), never into the checkout: checked once all tests have run."""
    before = sorted(p.name for p in ROOT.iterdir())
    yield
    after = sorted(p.name for p in ROOT.iterdir())
    new = set(after) - set(before) - {".pytest_cache", ".hypothesis", ".ruff_cache",
                                       ".mypy_cache", "build", "dist"}  # fmt: skip
    assert not new, f"tests left files in the checkout: {sorted(new)}"


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No terminal width, current session or language from the shell that runs the tests;
    each test runs in its own temporary folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COLUMNS", raising=False)
    # and from the C environment children inherit: something in the test process (not
    # scorepad) sets COLUMNS=80 there without os.environ knowing, so that a long error line
    # of a scorepad subprocess would be wrapped as on an 80-column terminal
    import os

    os.unsetenv("COLUMNS")
    monkeypatch.delenv("SCOREPAD_FILE", raising=False)
    monkeypatch.setenv("SCOREPAD_LANG", "en")  # English, whatever the machine's locale
    from scorepad import i18n

    i18n.use("en")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--hostile-full",
        action="store_true",
        default=False,
        help="run the full hostile suite on the new ground (benchmarks/hostile_new.py, "
        "5,000 invocations; SCOREPAD_HOSTILE_RUNS, _JOBS, _SEED to change it)",
    )
