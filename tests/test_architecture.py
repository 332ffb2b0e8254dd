"""Imports point one way: bot -> render -> engines; engines draw randomness from rng.py."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "engines": {"discord", "aiosqlite", "PIL", "bot", "render", "random", "time", "uuid"},
    "render": {"discord", "aiosqlite", "bot"},
}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layer_imports_point_one_way(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    for path in files:
        bad = imported_roots(path) & FORBIDDEN[package]
        if path == ROOT / "engines" / "rng.py":
            bad -= {"random"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
