"""Imports point one way: bot -> render -> engines, bot -> ai -> engines; rng.py holds randomness.

The local Discord (discord_emulator) is a development tool beside the bot: only the playground
entry point (playground/) and the tests put the two together; the bot never imports either.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEV_TOOLS = {"discord_emulator", "playground", "tests"}
FORBIDDEN = {
    "engines": {"discord", "aiosqlite", "PIL", "bot", "render", "random", "time", "uuid"}
    | DEV_TOOLS,
    "render": {"discord", "aiosqlite", "bot"} | DEV_TOOLS,
    "ai": {"discord", "aiosqlite", "PIL", "bot", "render"} | DEV_TOOLS,  # over the contract only
    "bot": DEV_TOOLS,
    "discord_emulator": {"engines", "render", "playground", "tests"},
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
