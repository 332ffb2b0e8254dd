"""Imports point one way: bot -> render -> engines, bot -> ai -> engines; rng.py holds randomness.

Inside bot, too: storage <- surface <- flow <- the client, components and commands; storage
reaches nothing of Discord and holds no words for players (its refusals are codes).

The local Discord (discord_emulator) is a development tool beside the bot: only the playground
entry point (playground/) and the tests put the two together; the bot never imports either.
"""

import ast
import builtins
import importlib
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


def module_file(name: str) -> Path:
    where = ROOT.joinpath(*name.split("."))
    return where / "__init__.py" if where.is_dir() else where.with_suffix(".py")


def bot_modules_reached(path: Path) -> set[Path]:
    """The bot files importing ``path`` runs: its bot imports, theirs, and their packages."""
    reached: set[Path] = set()
    todo = [path]
    while todo:
        for name in imported_bot_modules(todo.pop()):
            parts = name.split(".")
            for file in (module_file(".".join(parts[:n])) for n in range(1, len(parts) + 1)):
                if file not in reached:
                    reached.add(file)
                    todo.append(file)
    return reached


STORAGE_FILES = sorted((ROOT / "bot" / "storage").rglob("*.py"))


@pytest.mark.parametrize("path", STORAGE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_storage_imports_nothing_of_discord(path):
    """Storage is the bot's floor: neither it nor any bot module it reaches imports discord."""
    for file in {path} | bot_modules_reached(path):
        assert "discord" not in imported_roots(file), (
            f"{path.relative_to(ROOT)} reaches discord through {file.relative_to(ROOT)}"
        )


def called_names(tree: ast.AST) -> list[tuple[str, ast.Call]]:
    """Every call of a name or ``module.name`` (not ``self.x()``): the dotted name and the call."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func, dotted = node.func, []
            while isinstance(func, ast.Attribute):
                dotted.insert(0, func.attr)
                func = func.value
            if isinstance(func, ast.Name) and func.id != "self":
                found.append((".".join([func.id, *dotted]), node))
    return found


@pytest.mark.parametrize("path", STORAGE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_storage_holds_no_player_facing_wording(path):
    """Storage refuses with a code and its data; the words are the surface's.

    The rule, as checked: a storage module reaches nothing of ``bot.errors`` (refusals whose
    text is shown as it is), and every refusal it builds (a ``Refused``, answered to the player
    in the words ``bot/surface/refusals.py`` gives its code) is built from data alone: no
    string literal or f-string among its arguments. Other exceptions (RuntimeError and the
    like) reach the log, never a player, who is only apologised to; they may say what they
    like. And no string of storage but its docstrings holds Discord's Markdown (a backtick,
    ``**``, a ``•`` bullet), the mark of a text written for a message.
    """
    from bot.storage.refusals import Refused

    tree = ast.parse(path.read_text(), str(path))
    rel = path.relative_to(ROOT)
    assert ROOT / "bot" / "errors.py" not in bot_modules_reached(path), f"{rel} reaches it"
    module = importlib.import_module(".".join(rel.with_suffix("").parts).removesuffix(".__init__"))
    for dotted, call in called_names(tree):
        first, *rest = dotted.split(".")
        built = getattr(module, first, getattr(builtins, first, None))
        for part in rest:
            built = getattr(built, part, None)
        if not (isinstance(built, type) and issubclass(built, Refused)):
            continue
        words = [
            node
            for arg in [*call.args, *(k.value for k in call.keywords)]
            for node in ast.walk(arg)
            if isinstance(node, ast.JoinedStr)
            or (isinstance(node, ast.Constant) and isinstance(node.value, str))
        ]
        assert not words, f"{rel}:{call.lineno} builds {dotted} with words"
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    marked = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and any(m in node.value for m in ("`", "**", "•"))
    ]
    assert not marked, f"{rel}:{marked[0].lineno} holds Markdown {marked[0].value!r}"


def test_the_turn_core_is_pure():
    """A click's outcome is worked out without I/O (``bot/flow/turn.py``): no coroutine, no
    Discord, no database, no clock; the caller saves and shows what it returns."""
    path = ROOT / "bot" / "flow" / "turn.py"
    tree = ast.parse(path.read_text(), str(path))
    assert not imported_roots(path) & {"asyncio", "discord", "aiosqlite", "asyncpg", "time"}
    assert "bot.storage.store" not in imported_bot_modules(path), "the store does I/O"
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef | ast.Await)]
    assert not [d for d, _ in called_names(tree) if d.endswith((".now", ".utcnow"))]
