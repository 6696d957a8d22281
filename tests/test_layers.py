"""The imports run one way: cli → app → storage, render → core → variants → model, cards →
errors, i18n, text; a game never imports the session. Read from the source: every import, also
inside functions and under TYPE_CHECKING, not what happens to be imported at run time."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"

#: (module or package, layer, room): a module imports lower layers, or its own room
LAYERS = [
    ("scorepad.__main__", 7, "cli"), ("scorepad.cli", 7, "cli"), ("scorepad.colour", 7, "cli"),
    ("scorepad.app", 6, "app"),
    ("scorepad.stats_text", 5, "render"),  # the old name of render.stats_text
    ("scorepad.storage", 5, "storage"), ("scorepad.render", 5, "render"),
    ("scorepad.report", 5, "render"),  # the old names of render's functions
    ("scorepad.core", 4, "core"), ("scorepad.season", 4, "core"), ("scorepad.roster", 4, "core"),
    ("scorepad.ranking", 4, "core"),
    ("scorepad.checks", 4, "core"), ("scorepad.settle", 4, "core"), ("scorepad.stats", 4, "core"),
    ("scorepad.tournament", 4, "core"),
    # the registry, the games, and their shared code (`variants.base`, `variants.reader`)
    ("scorepad.variants", 3, "variants"),
    ("scorepad.model", 2, "model"), ("scorepad.cards", 2, "cards"),
    ("scorepad.seating", 2, "model"),  # pure, below the model that derives each deal's table
    ("scorepad.errors", 1, "base"), ("scorepad.i18n", 1, "base"), ("scorepad.text", 1, "base"),
    ("scorepad.deal_options", 1, "base"),
]  # fmt: skip
#: what any module may take from the package itself
TOP_NAMES = {"__version__", "FORMAT_VERSION"}
#: a game sees a Table, never the session
NOT_FOR_GAMES = {("scorepad.model", "Session"), ("scorepad.model", "Deals")}
#: modules that stay below the rest of their layer: what they may import from scorepad
ONLY = {"scorepad.seating": {"scorepad.errors", "scorepad.i18n", "scorepad.text"}}


def layer(module: str) -> tuple[int, str]:
    found = [(len(prefix), rank, room) for prefix, rank, room in LAYERS
             if module == prefix or module.startswith(prefix + ".")]  # fmt: skip
    assert found, f"{module} is in no layer: add it to LAYERS"
    return max(found)[1:]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str, str | None]]:
    """(line, module, name) of every import of a scorepad module in the file, at any depth."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from ..core import y
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found += [(node.lineno, base, a.name) for a in node.names]
    return [(n, m, a) for n, m, a in found if m == "scorepad" or m.startswith("scorepad.")]


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if module_name(p) != "scorepad")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_one_way(path: Path) -> None:
    rank, room = layer(module_name(path))
    wrong = []
    for line, module, name in imports(path):
        if module == "scorepad" and name in TOP_NAMES:
            continue
        wanted = f"scorepad.{name}" if module == "scorepad" else module  # from scorepad import core
        their_rank, their_room = layer(wanted)
        if their_room != room and their_rank >= rank:
            wrong.append(f"{path.name}:{line} imports {wanted} (layer {their_rank} ≥ {rank})")
        allowed = ONLY.get(module_name(path))
        if allowed is not None and wanted not in allowed and (module, name) != ("scorepad", None):
            wrong.append(f"{path.name}:{line} imports {wanted} (only {sorted(allowed)})")
        if room == "variants" and (module, name) in NOT_FOR_GAMES:
            wrong.append(f"{path.name}:{line}: a game imports {module}.{name}")
    assert not wrong, "\n".join(wrong)


def test_the_public_api_is_imported_when_used() -> None:
    """scorepad/__init__.py names its API; nothing is imported before a name is used."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    free = ("__future__", "typing")  # no cost at start-up
    top = [ast.unparse(n) for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)
           and not (isinstance(n, ast.ImportFrom) and n.module in free)]  # fmt: skip
    assert not top
    import subprocess
    import sys

    imported = subprocess.run([sys.executable, "-c", "import sys, scorepad; print(sorted(m for m "
                               "in sys.modules if m.startswith('scorepad')))"],
                              capture_output=True, text=True, check=True).stdout.strip()
    assert imported == "['scorepad']"
    import scorepad

    assert set(scorepad.__all__) <= set(dir(scorepad))
    assert scorepad.ScorepadError is __import__("scorepad.errors").errors.ScorepadError


def test_the_games_import_their_shared_code_not_the_registry() -> None:
    """The registry (`scorepad/variants/__init__.py`) imports the shared game code
    (`variants.base`, `variants.reader`) and hands none of it on: a game, and the shared code
    itself, never imports the registry, so no circle runs through it."""
    wrong = []
    for path in sorted((PACKAGE / "variants").rglob("*.py")):
        if path == PACKAGE / "variants" / "__init__.py":
            continue
        for line, module, name in imports(path):
            if module == "scorepad.variants" and name not in {"french", "troggu", "piedmont"}:
                wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports scorepad.variants.{name}")
    assert not wrong, "\n".join(wrong)
    registry = ast.parse((PACKAGE / "variants" / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in registry.body if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)]
