from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
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
        "--ci",
        action="store_true",
        default=False,
        help="the CI tier (.ci/run): the tests marked ci too (the browser prints), the kill, "
        "race, fuzz and hostile runs at full size, hypothesis's ci profile",
    )
    parser.addoption(
        "--at-size",
        action="store_true",
        default=False,
        help="the at-size tier, by hand before a release: the CI tier with the hostile and "
        "fuzz runs at thousands of runs (tests marked at_size), hypothesis's at-size profile",
    )


#: the tier of this run, from the options: default, ci or at-size
tier = "default"

# deals played from shuffled decks draw much randomness: an example may overrun hypothesis's
# buffer, which older versions (6.46, the lowest allowed) fail as a health check now and then
_QUIET = [HealthCheck.data_too_large]
settings.register_profile("default", max_examples=20, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=_QUIET)
settings.register_profile(
    "at-size", max_examples=2000, deadline=None, suppress_health_check=_QUIET
)


def pytest_configure(config: pytest.Config) -> None:
    global tier
    tier = "at-size" if config.getoption("--at-size") else "ci" if config.getoption("--ci") \
        else "default"  # fmt: skip
    if config.getoption("hypothesis_profile", None) is None:  # else as asked
        settings.load_profile(tier)


def sized(default: int, ci: int, at_size: int, env: str | None = None) -> int:
    """How many times a test repeats what it checks (kills, races, fuzzed cases) in this
    tier; the environment variable `env`, when set, says instead."""
    if env and env in os.environ:
        return int(os.environ[env])
    return {"default": default, "ci": ci, "at-size": at_size}[tier]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ci runs in the CI and at-size tiers, one marked at_size in that tier
    only: deselected in the others."""
    later = {"default": {"ci", "at_size"}, "ci": {"at_size"}, "at-size": set()}[tier]
    left = [item for item in items if later & {mark.name for mark in item.iter_markers()}]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if item not in left]


def pytest_report_header(config: pytest.Config) -> str:
    more = {"default": "; pytest --ci adds the CI tier, pytest --at-size the at-size one",
            "ci": "; pytest --at-size adds the at-size tier", "at-size": ""}[tier]  # fmt: skip
    return f"scorepad tests: the {tier} tier{more} (CONTRIBUTING.md)"
