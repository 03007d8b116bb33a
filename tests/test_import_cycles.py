"""No import cycles among the project's modules, nor among its packages.

The walk reads every ``.py`` file's syntax tree, imports inside functions included (they
run too, only later), imports under ``if TYPE_CHECKING:`` excluded (they never run).
``from X import n`` is an arrow to ``X`` (its ``__init__`` runs) and, when ``n`` is a
module, to ``X.n``. Two packages are in a cycle when modules of each import modules of
the other, a package and the packages inside it aside (``pipeline`` and ``pipeline.ocr``).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".venv", "data", "artifacts", "node_modules", "__pycache__"}

# The cycles still open, each to be broken by the work on agent/figures (issue 28). This
# list only shrinks: the test fails when a cycle named here no longer exists, so strike
# it then; never add one.
KNOWN_MODULE_CYCLES: dict[frozenset[str], str] = {}
KNOWN_PACKAGE_CYCLES: dict[frozenset[str], str] = {}


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the project by dotted name: packages (folders with an __init__.py)
    at the top, and the top-level scripts."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if SKIP & set(rel.parts):
            continue
        parts = list(rel.with_suffix("").parts)
        if len(parts) > 1 and not all(
            (root.joinpath(*parts[:i]) / "__init__.py").is_file() for i in range(1, len(parts))
        ):
            continue  # a file in a folder that is no package (a fixture, a data script)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _named(module: str, is_package: bool, node: ast.AST) -> Iterable[tuple[str, list[str]]]:
    """(module named, names taken from it) for each import statement under ``node``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield from _named(module, is_package, ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(child, ast.Import):
            yield from ((alias.name, []) for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            if child.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (child.level - 1)]
                name = ".".join([*base, child.module] if child.module else base)
            else:
                name = child.module or ""
            yield name, [alias.name for alias in child.names]
        yield from _named(module, is_package, child)


def import_graph(files: Mapping[str, Path]) -> dict[str, set[str]]:
    """module -> the project's modules it imports (anywhere in it)."""
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: set[str] = set()
        for name, taken in _named(module, path.name == "__init__.py", tree):
            targets.add(name)
            targets.update(f"{name}.{t}" for t in taken if f"{name}.{t}" in files)
        graph[module] = set()
        for named in targets:
            target = named
            while target and target not in files:  # a name inside a module: the module
                target = target.rpartition(".")[0]
            if target and target != module:
                graph[module].add(target)
    return graph


def package_graph(files: Mapping[str, Path], graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    def package(module: str) -> str:
        return module if files[module].name == "__init__.py" else module.rpartition(".")[0]

    def nested(a: str, b: str) -> bool:
        return a == b or a.startswith(b + ".") or b.startswith(a + ".") or not a or not b

    out: dict[str, set[str]] = {package(m): set() for m in graph}
    for module, targets in graph.items():
        for target in targets:
            a, b = package(module), package(target)
            if not nested(a, b):
                out[a].add(b)
    return out


def cycles(graph: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
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


def loop_in(group: frozenset[str], graph: Mapping[str, set[str]]) -> str:
    """One loop through the group's first member, for the failure message."""
    first = min(group)
    came: dict[str, str] = {}
    queue = deque([first])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node] & group):
            if nxt == first:
                path = [node]
                while path[-1] != first:
                    path.append(came[path[-1]])
                return " -> ".join([*reversed(path), first])
            if nxt not in came:
                came[nxt] = node
                queue.append(nxt)
    return ", ".join(sorted(group))


def _report(kind: str, found: list[frozenset[str]], known: Mapping[frozenset[str], str],
            graph: Mapping[str, set[str]]) -> list[str]:  # fmt: skip
    new = [g for g in found if g not in known]
    gone = [why for g, why in known.items() if g not in found]
    return [f"new {kind} cycle: {loop_in(g, graph)}" for g in new] + [
        f"the known {kind} cycle '{why}' is gone or changed: strike it from the list"
        for why in gone
    ]


def test_the_project_has_no_import_cycle_but_the_known_ones() -> None:
    files = module_files(ROOT)
    graph = import_graph(files)
    packages = package_graph(files, graph)
    problems = _report("module", cycles(graph), KNOWN_MODULE_CYCLES, graph)
    problems += _report("package", cycles(packages), KNOWN_PACKAGE_CYCLES, packages)
    assert not problems, "\n".join(problems)


def test_the_walk_sees_imports_inside_functions_and_skips_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "house"
    (pkg / "rooms").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "rooms" / "__init__.py").write_text("from house.rooms import hall\n")
    (pkg / "rooms" / "hall.py").write_text(
        "def later():\n    from ..rooms import kitchen\n    return kitchen\n"
    )
    (pkg / "rooms" / "kitchen.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from house.rooms import hall\n"
    )
    (pkg / "garden.py").write_text("from house.rooms.kitchen import x\n")
    files = module_files(tmp_path)
    graph = import_graph(files)
    assert graph["house.rooms.hall"] == {"house.rooms", "house.rooms.kitchen"}
    assert graph["house.rooms.kitchen"] == set()  # only for the type checker
    assert graph["house.garden"] == {"house.rooms.kitchen"}
    assert cycles(graph) == [frozenset({"house.rooms", "house.rooms.hall"})]
    assert loop_in(cycles(graph)[0], graph) == "house.rooms -> house.rooms.hall -> house.rooms"


def test_tests_and_benches_share_helpers_only_through_testkit() -> None:
    graph = import_graph(module_files(ROOT))
    crossing = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        for a, b in (("tests", "bench"), ("bench", "tests"))
        if module.split(".")[0] == a and target.split(".")[0] == b
    )
    assert not crossing, "move what both need into testkit/: " + ", ".join(crossing)
