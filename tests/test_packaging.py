"""The package as pip installs it: every subpackage is listed (an editable install finds an
unlisted one anyway, so only this test and a real install notice the miss)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_pyproject_lists_every_package() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "scorepad").rglob("__init__.py")}
    assert found == listed


def _version(text: str) -> str:
    """A version as pip compares it: 2.12.0 is 2.12, 8.0.0 is 8."""
    parts = text.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def _lower_bounds(requirements: list[str]) -> dict[str, str]:
    """{name: its lowest version} of requirements written `name[extra]>=X,<Y`."""
    import re

    bounds = {}
    for requirement in requirements:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[^]]*\])?\s*>=\s*([0-9.]+)\s*(?:,.*)?",
                             requirement.strip())  # fmt: skip
        assert found, f"{requirement}: a dependency has a lower bound (>=) that CI tests"
        bounds[found.group(1).lower().replace("_", "-")] = _version(found.group(2))
    return bounds


def test_ci_installs_the_lowest_version_of_every_dependency() -> None:
    """.ci/lowest.txt pins every dependency and test extra at the lower bound pyproject.toml
    allows, and .ci/run runs the tests on them, besides the newest."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = _lower_bounds([*project["dependencies"], *project["optional-dependencies"]["test"]])
    pinned = {}
    for line in (ROOT / ".ci/lowest.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pinned[name.strip().lower().replace("_", "-")] = _version(version.strip())
    assert pinned == wanted
    assert "--constraint .ci/lowest.txt" in (ROOT / ".ci/run").read_text(encoding="utf-8")
