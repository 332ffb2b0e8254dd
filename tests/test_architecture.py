"""Imports point one way: bot -> render -> engines, bot -> ai -> engines; rng.py holds randomness.

Inside bot, too: storage <- surface <- flow <- the client, components and commands.

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
BOT_GROUPS = ("storage", "surface", "flow")
"""bot's groups, lowest first: each imports only the groups below it and ``BOT_BASE``."""
BOT_BASE = {"bot", "bot.errors", "bot.settings", "bot.games"}
"""What every group may import: the refusals, the configuration, the games' table (its __init__)."""


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


def is_module(name: str) -> bool:
    where = ROOT.joinpath(*name.split("."))
    return where.is_dir() or where.with_suffix(".py").is_file()


def imported_bot_modules(path: Path) -> set[str]:
    """The bot modules ``path`` imports (absolute imports: the project uses no relative ones)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return {n for n in names if (n == "bot" or n.startswith("bot.")) and is_module(n)}


@pytest.mark.parametrize("group", BOT_GROUPS)
def test_bot_groups_import_only_the_groups_below(group):
    allowed = BOT_GROUPS[: BOT_GROUPS.index(group) + 1]
    files = sorted((ROOT / "bot" / group).rglob("*.py"))
    assert files
    for path in files:
        bad = {
            name
            for name in imported_bot_modules(path) - BOT_BASE
            if not any(name == f"bot.{g}" or name.startswith(f"bot.{g}.") for g in allowed)
        }
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
