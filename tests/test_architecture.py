"""Imports point one way: bot -> render -> engines, bot -> ai -> engines; rng.py holds randomness.

Inside bot, too: storage <- surface <- flow <- the client, components and commands; storage
reaches nothing of Discord and holds no words for players (its refusals are codes).

A game is one plugin: no product file outside the game's own packages names it.

The local Discord (discord_emulator) is a development tool beside the bot: only the playground
entry point (playground/) and the tests put the two together; the bot never imports either.
"""

import ast
import builtins
import importlib
import io
import re
import tokenize
from collections.abc import Iterable
from pathlib import Path

import pytest

import engines

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
BOT_BASE = {"bot", "bot.errors", "bot.settings"}
"""What every group may import: the refusals and the configuration."""


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


# ---- a game is one plugin: no file outside a game's own packages knows it ----------------

PRODUCT = ("ai", "bot", "discord_emulator", "engines", "playground", "render")
BY_NAME = {"import_module", "find_spec", "__import__", "load_extension"}
"""Calls that import a module by its name: given a name built from parts, a by-name import."""


def _pattern(game_id: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(game_id)}(?![A-Za-z0-9])")


def _snake(name: str) -> str:
    """``KnightfallCog`` -> ``knightfall_cog``: an identifier's words, lowercase."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def identifiers(tree: ast.AST) -> list[tuple[int, str]]:
    """Every name the code uses or defines, with its line: variables, attributes, functions,
    classes, arguments, keywords and imported modules."""
    found = []
    for node in ast.walk(tree):
        names: list[str | None] = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.arg | ast.keyword):
            names = [node.arg]
        elif isinstance(node, ast.alias):
            names = [node.name, node.asname]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module]
        found += [(getattr(node, "lineno", 0), n) for n in names if n]
    return found


def game_mentions(source: str, game_ids: Iterable[str]) -> list[str]:
    """Where ``source`` names one of ``game_ids`` or imports a module by a built name.

    Code is held to the id in any case: an identifier (``GONDOR_MARGIN``, ``KnightfallCog``,
    ``engines.gondor``) or a string the code uses (``"gondor"``, ``"Gondor"``). Prose (a
    docstring, a bare string, a comment) is held only to the id as code spells it, in
    lowercase: a title ("Gondor's policy margin") is a reader's word, ``gondor`` an id.
    """
    tree = ast.parse(source)
    patterns = {g: _pattern(g) for g in game_ids}
    prose = [n.value for n in ast.walk(tree) if isinstance(n, ast.Expr)]
    prose_ids = {id(n) for n in prose}
    found = []

    def check(line: int, text: str, what: str) -> None:
        for game_id, pattern in patterns.items():
            if match := pattern.search(text):
                around = text[max(0, match.start() - 30) : match.end() + 30]
                found.append(f"{line}: {what} {game_id} ({around!r})")

    for line, name in identifiers(tree):
        check(line, _snake(name), "names")
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in prose_ids:
                check(node.lineno, node.value, "says in prose")
            else:
                check(node.lineno, _snake(node.value), "has the string")
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            built = [a for a in node.args[:1] if not isinstance(a, ast.Constant | ast.Name)]
            if called in BY_NAME and any(
                isinstance(n, ast.JoinedStr | ast.BinOp) for a in built for n in ast.walk(a)
            ):
                found.append(f"{node.lineno}: imports by a built name ({called})")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            check(token.start[0], token.string, "says in a comment")
    return found


def own_game(path: Path) -> str | None:
    """The game whose own package ``path`` is in: ``engines/<id>/``, ``render/<id>/``,
    ``bot/games/<id>.py`` or ``bot/games/<id>_*.py``, or its bench script ``bench/<id>_*.py``;
    None for a shared file."""
    parts = path.parts
    if parts[0] in ("engines", "render") and len(parts) > 2:
        return parts[1]
    if parts[0] == "bench" and len(parts) == 2:
        return next((g for g in engines.game_ids() if path.stem.startswith(f"{g}_")), None)
    if parts[:2] == ("bot", "games") and len(parts) == 3:
        return next(
            (g for g in engines.game_ids() if path.stem == g or path.stem.startswith(f"{g}_")),
            None,
        )
    return None


PRODUCT_FILES = sorted(p.relative_to(ROOT) for d in PRODUCT for p in (ROOT / d).rglob("*.py"))


@pytest.mark.parametrize("path", PRODUCT_FILES, ids=str)
def test_no_file_outside_a_game_s_packages_names_it(path):
    """A game is known only to its own packages and its plugin's entry point.

    Shared code reaches a game through the registry (``engines.plugins``); a game's package
    names no other game either. What is checked: ``game_mentions``.
    """
    others = [g for g in engines.game_ids() if g != own_game(path)]
    found = game_mentions((ROOT / path).read_text(), others)
    assert not found, f"{path} knows a game: {found}"


BENCH_FILES = sorted(p.relative_to(ROOT) for p in (ROOT / "bench").glob("*.py"))
BENCH_CONVENTION = Path("bench/games.py")
"""The one bench file that builds a module's name from a game id: it finds each game's own
bench module, ``bench/<id>_bench.py``, by that name."""


def bench_mentions(path: Path, source: str) -> list[str]:
    """Where a bench script names a game that is not its own (``game_mentions``); the
    convention's reader may import by a built name, and only it."""
    others = [g for g in engines.game_ids() if g != own_game(path)]
    found = game_mentions(source, others)
    if path == BENCH_CONVENTION:
        found = [f for f in found if "imports by a built name" not in f]
    return found


@pytest.mark.parametrize("path", BENCH_FILES, ids=str)
def test_no_shared_bench_script_names_a_game(path):
    """The benches iterate the registry; what one game needs is in its own ``bench/<id>_*.py``
    (``bench/<id>_bench.py``, found through ``bench/games.py``)."""
    found = bench_mentions(path, (ROOT / path).read_text())
    assert not found, f"{path} knows a game: {found}"


BENCH_PLANTED = {
    ("bench/render_bench.py", 'GAMES = ("knightfall", "gondor")'): "has the string",
    ("bench/rest_calls.py", "from bench.gondor_bench import Scripted"): "names",
    ("bench/load_tables.py", 'MIX = {"galdor": 0.2, "gondolin": 0.3}'): "has the string",
    ("bench/gondor_bench.py", "from tests.render.knightfall_views import make_case"): "names",
    ("bench/click_counts.py", 'importlib.import_module(f"bench.{g}_bench")'): "built name",
    ("bench/games.py", 'DEFAULT = "knightfall"'): "has the string",
}


@pytest.mark.parametrize(("where", "snippet"), sorted(BENCH_PLANTED))
def test_the_bench_scanner_finds_a_planted_mention(where, snippet):
    found = bench_mentions(Path(where), snippet)
    assert found and BENCH_PLANTED[where, snippet] in found[0], found


@pytest.mark.parametrize(
    ("where", "snippet"),
    [
        ("bench/gondor_bench.py", 'playout_views("gondor", 2, (None, 0, 1), seed=7)'),
        ("bench/galdors_grip_balance.py", "from engines.galdors_grip import GaldorsGrip"),
        ("bench/games.py", 'importlib.import_module(f"bench.{game_id}_bench")'),
    ],
)
def test_the_bench_scanner_lets_a_game_s_own_script_and_the_convention_pass(where, snippet):
    assert bench_mentions(Path(where), snippet) == []


PLANTED = {
    "import engines.gondor": "names",
    "from render import gondor": "names",
    "from engines.gondolin.decks import MAX_CARDS": "names",
    "GONDOR_MARGIN = 0.1": "names",
    "class KnightfallCog: ...": "names",
    "def f(galdors_grip): ...": "names",
    "f(guardians=1)": "names",
    'GOALS = {"gondolin": "survive"}': "has the string",
    'TITLE = "Gondolin"': "has the string",
    'MODULE = f"render.{x}" if x else "render.knightfall"': "has the string",
    '"""Says galdors_grip in a docstring."""': "says in prose",
    "x = 1  # see gondor.md": "says in a comment",
    'importlib.import_module(f"engines.{game_id}.lookup")': "imports by a built name",
    'bot.load_extension("bot.games." + gid)': "imports by a built name",
}


@pytest.mark.parametrize("snippet", sorted(PLANTED))
def test_the_scanner_finds_a_planted_mention(snippet):
    ids = ["knightfall", "galdors_grip", "gondolin", "guardians", "gondor"]
    found = game_mentions(snippet, ids)
    assert found and PLANTED[snippet] in found[0], found


@pytest.mark.parametrize(
    "snippet",
    [
        '"""Gondor\'s policy margin; Knightfall: A Kingdom\'s War."""',
        "x = 1  # a Gondor move is ~1.5 ms",
        'game_id = "guardian"',
        "gondorian = 1",
        "importlib.import_module(plugin.renderer)",
        'importlib.import_module("engines.base")',
    ],
)
def test_the_scanner_lets_titles_in_prose_and_other_words_pass(snippet):
    assert game_mentions(snippet, ["knightfall", "guardians", "gondor"]) == []


def test_the_turn_core_is_pure():
    """A click's outcome is worked out without I/O (``bot/flow/turn.py``): no coroutine, no
    Discord, no database, no clock; the caller saves and shows what it returns."""
    path = ROOT / "bot" / "flow" / "turn.py"
    tree = ast.parse(path.read_text(), str(path))
    assert not imported_roots(path) & {"asyncio", "discord", "aiosqlite", "asyncpg", "time"}
    assert "bot.storage.store" not in imported_bot_modules(path), "the store does I/O"
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef | ast.Await)]
    assert not [d for d, _ in called_names(tree) if d.endswith((".now", ".utcnow"))]
