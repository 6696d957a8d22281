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
