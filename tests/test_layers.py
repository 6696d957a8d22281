"""The imports run one way: cli → app → storage, render → core, ranking, league → scores →
checks → variants → model, cards → errors, i18n, text; a game never imports the session. No module
imports itself round (a layer may not hide a circle), and no module takes another's `_private`
name. Read from the source: every import, also inside functions and under TYPE_CHECKING, not
what happens to be imported at run time."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"

#: (module or package, layer, room): a module imports lower layers, or its own room
LAYERS = [
    ("scorepad.__main__", 7, "cli"), ("scorepad.cli", 7, "cli"),
    ("scorepad.app", 6, "app"),
    ("scorepad.storage", 5, "storage"), ("scorepad.render", 5, "render"),
    ("scorepad.core", 4, "core"), ("scorepad.season", 4, "core"), ("scorepad.roster", 4, "core"),
    ("scorepad.ranking", 4, "core"), ("scorepad.league", 4, "core"), ("scorepad.settle", 4, "core"),
    ("scorepad.stats", 4, "core"), ("scorepad.rating", 4, "core"),
    ("scorepad.club_rules", 4, "core"), ("scorepad.tournament", 4, "core"),
    ("scorepad.scores", 3.6, "scores"),  # scoring a session: below the edits and the standings
    ("scorepad.penalties", 3.6, "penalties"),  # what a penalty moves: below the standings
    ("scorepad.checks", 3.3, "checks"),  # what a deal and a session must hold: below scores
    # the registry, the games, and their shared code (`variants.base`, `variants.reader`)
    ("scorepad.variants", 3, "variants"),
    ("scorepad.model", 2, "model"), ("scorepad.cards", 2, "cards"),
    ("scorepad.seating", 2, "model"),  # pure, below the model that derives each deal's table
    ("scorepad.seating_plan", 2, "model"),  # the pass over the deals, above seating, below model
    ("scorepad.errors", 1, "base"), ("scorepad.i18n", 1, "base"), ("scorepad.text", 1, "base"),
]  # fmt: skip
#: what any module may take from the package itself
TOP_NAMES = {"__version__", "FORMAT_VERSION"}
#: a game sees a Table, never the session
NOT_FOR_GAMES = {("scorepad.model", "Session")}
#: modules that stay below the rest of their layer: what they may import from scorepad
ONLY = {"scorepad.seating": {"scorepad.errors", "scorepad.i18n", "scorepad.text"}}
ONLY["scorepad.seating_plan"] = {*ONLY["scorepad.seating"], "scorepad.seating"}


def layer(module: str) -> tuple[float, str]:
    found = [(len(prefix), rank, room) for prefix, rank, room in LAYERS
             if module == prefix or module.startswith(prefix + ".")]  # fmt: skip
    assert found, f"{module} is in no layer: add it to LAYERS"
    return max(found)[1:]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, text: str | None = None) -> list[tuple[int, str, str | None]]:
    """(line, module, name) of every import of a scorepad module in the file, at any depth."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str, str | None]] = []
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source, str(path))):
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


#: every module of the package, by its dotted name (a package by its own: scorepad.storage)
MODULES = {module_name(p) for p in PACKAGE.rglob("*.py")}


def imported_module(module: str, name: str | None) -> str:
    """The module an import runs: `from scorepad import core` and `from scorepad.storage import
    files` import those modules, `from scorepad.core import add_deal` imports scorepad.core."""
    return f"{module}.{name}" if name and f"{module}.{name}" in MODULES else module


@functools.cache
def module_graph() -> dict[str, set[str]]:
    """Which scorepad modules each imports, read from the source (every import, at any depth,
    under TYPE_CHECKING too). The lazy public front, scorepad/__init__.py, is left out: its
    `__getattr__` imports a name's home only when a script asks for it, and the modules take
    only `__version__` and `FORMAT_VERSION` from it (no module runs it back: no cycle)."""
    graph = {}
    for path in SOURCES:
        me = module_name(path)
        graph[me] = {imported_module(m, n) for _line, m, n in imports(path)} - {me, "scorepad"}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The modules that import each other round, each group once (strongly connected parts
    of more than one module: Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(frozenset(group))
    return found


def a_circle(graph: dict[str, set[str]], group: frozenset[str]) -> list[str]:
    """One way round a group: a → b → … → a (the shortest from its first module)."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for step in sorted(graph[node] & group):
            if step == start:
                return [*paths[node], start]
            if step not in paths:
                paths[step] = [*paths[node], step]
                queue.append(step)
    raise AssertionError(group)  # pragma: no cover - a strongly connected group has one


def test_no_module_imports_itself_round():
    """No circle among modules, whatever their layer (a layer may not hide one): a module's
    imports, and theirs, never lead back to it. Only the lazy public front is left out."""
    graph = module_graph()
    found = [f"{' → '.join(a_circle(graph, group))} (the circle: {', '.join(sorted(group))})"
             for group in cycles(graph)]  # fmt: skip
    assert not found, "modules that import each other round:\n" + "\n".join(sorted(found))


def test_the_cycle_rule_sees_a_circle():
    """The rule finds a circle of two, of three, and one through a function's import."""
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": set(), "x": {"y"}, "y": {"z"}, "z": {"x"}}
    assert sorted(map(sorted, cycles(graph))) == [["a", "b"], ["x", "y", "z"]]
    assert a_circle(graph, frozenset({"x", "y", "z"})) == ["x", "y", "z", "x"]
    assert imported_module("scorepad", "core") == "scorepad.core"
    assert imported_module("scorepad.core", "add_deal") == "scorepad.core"
    assert "scorepad.scores" in module_graph()["scorepad.ranking"]
    assert "scorepad.core" not in module_graph()["scorepad.ranking"]


def private(name: str) -> bool:
    """`_name` (not `_`, gettext's own name, nor a dunder like `__version__`)."""
    return name.startswith("_") and name != "_" and not name.endswith("__")


def private_names_taken(path: Path, text: str | None = None) -> set[tuple[str, str, str]]:
    """(importer, module, name) of each `_private` name the file takes from another scorepad
    module: imported (`from scorepad.x import _y`), or read off a module it imported
    (`from scorepad import storage` … `storage._y`)."""
    me = module_name(path)
    taken = {(me, m, n) for _line, m, n in imports(path, text)
             if n and private(n) and imported_module(m, n) != me}  # fmt: skip
    bound: dict[str, str] = {}  # a name in the file → the scorepad module it is
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    source = path.read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(source, str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            bound.update((a.asname, a.name) for a in node.names if a.asname and a.name in MODULES)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and private(node.attr)
                and bound[node.value.id] != me):  # fmt: skip
            taken.add((me, bound[node.value.id], node.attr))
    return taken


def test_no_private_name_is_taken_from_another_module():
    """A name used in another module is public (no leading underscore) and documented."""
    taken = sorted(set().union(*map(private_names_taken, SOURCES)))
    assert not taken, "private names taken from another module (make them public):\n" + \
        "\n".join(f"{me} takes {module}.{name}" for me, module, name in taken)


def test_the_private_rule_sees_an_import_and_an_attribute():
    """Both ways of taking a private name are seen; gettext's `_` and dunders are not (on a
    made-up module, since the package itself no longer takes any)."""
    text = (
        "from scorepad import storage\n"
        "from scorepad.i18n import _\n"
        "from scorepad.render.grid import _wrapped, grid\n"
        "from scorepad import __version__\n"
        "def f(b):\n"
        "    return storage._session_from_bytes(b), _wrapped, grid, _('x'), __version__\n"
    )
    taken = private_names_taken(PACKAGE / "app" / "probe.py", text)
    assert taken == {
        ("scorepad.app.probe", "scorepad.storage", "_session_from_bytes"),
        ("scorepad.app.probe", "scorepad.render.grid", "_wrapped"),
    }


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


#: the games' shared code, which the statistics and their rendering may import
SHARED_GAME_CODE = {"scorepad.variants", "scorepad.variants.base", "scorepad.variants.reader",
                    "scorepad.variants.figures"}  # fmt: skip
GAME_WORDS = ("french", "troggu", "piedmont")


def game_named(path: Path, text: str | None = None) -> list[str]:
    """Where a module names a game: a string (not a docstring) holding a game's name, or an
    import of a game's own module (anything under `scorepad.variants` but the registry and
    the shared code)."""
    source = path.read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(source, str(path))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef
                                | ast.AsyncFunctionDef)
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}  # fmt: skip
    found = [f"{path.name}:{n.lineno} {n.value!r}" for n in ast.walk(tree)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and id(n) not in docstrings
             and any(word in n.value.lower() for word in GAME_WORDS)]  # fmt: skip
    for line, module, name in imports(path, source):
        wanted = imported_module(module, name)
        if wanted.startswith("scorepad.variants") and wanted not in SHARED_GAME_CODE:
            found.append(f"{path.name}:{line} imports {wanted}")
    return found


@pytest.mark.parametrize("folder", ["stats", "render"])
def test_the_statistics_and_the_render_name_no_game(folder: str) -> None:
    """A game's knowledge reaches the statistics, the sheet and the terminal through its
    protocol (`Variant.stats`): stats/ and render/ hold no game's name and import no game's
    module, so a new game is one module plus its registration (tests/test_stats_game.py)."""
    wrong = [hit for path in sorted((PACKAGE / folder).rglob("*.py")) for hit in game_named(path)]
    assert not wrong, "\n".join(wrong)


def test_a_game_named_is_seen() -> None:
    """The rule above sees a game's name in a string and an import of a game's module, and
    lets docstrings, the registry and the shared code be."""
    text = (
        '"""French Tarot, in a docstring."""\n'
        "from scorepad.variants import get_variant\n"
        "from scorepad.variants.figures import Rate\n"
        "from scorepad.variants.french.entry import CONTRACT_NAMES\n"
        "from scorepad.variants import troggu\n"
        "def f(st):\n"
        '    """Piedmont, in a docstring."""\n'
        '    return st.variant == "piedmont"\n'
    )
    found = game_named(PACKAGE / "render" / "probe.py", text)
    assert found == ["probe.py:8 'piedmont'", "probe.py:4 imports scorepad.variants.french.entry",
                     "probe.py:5 imports scorepad.variants.troggu"]
