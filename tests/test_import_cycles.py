"""No module of the project imports anything that imports it back (type-only imports count)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engines", "render", "ai", "discord_emulator", "playground", "bench")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_from(path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names, resolving ``from .x`` against ``path``."""
    if node.level == 0:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports(path: Path, modules: set[str]) -> set[str]:
    """Project modules ``path`` imports anywhere in it (inside functions and TYPE_CHECKING too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = imported_from(path, node)
            names = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        found |= {n for n in names if n in modules}
    return found


def graph() -> dict[str, set[str]]:
    paths = [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    modules = {module_name(p) for p in paths}
    edges = {module_name(p): imports(p, modules) for p in paths}
    for name, targets in edges.items():  # a module's own packages are not a way back
        edges[name] = {t for t in targets if not name.startswith(f"{t}.") and t != name}
    return edges


def find_cycle(edges: dict[str, set[str]], starts: list[str]) -> list[str] | None:
    """A chain of imports from one of ``starts`` back to a module on it, if there is one."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node], _ = 1, stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node], _ = 2, stack.pop()
        return None

    for node in starts:
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_module_is_in_an_import_cycle():
    edges = graph()
    assert {name.split(".")[0] for name in edges} == set(PACKAGES)
    cycle = find_cycle(edges, sorted(edges))
    assert cycle is None, " -> ".join(cycle)


def test_relative_imports_are_followed():
    edges = graph()
    assert "discord_emulator.models" in edges["discord_emulator.page"]  # from .models import ...
    assert "discord_emulator.commands" in edges["discord_emulator.page"]  # from . import commands


def test_the_cycle_finder_finds_a_cycle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(edges, ["d"]) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}, ["a"]) is None
