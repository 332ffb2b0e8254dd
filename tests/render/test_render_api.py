"""The render package's surface: dispatch by game id, layering, bundled assets."""

import ast
from pathlib import Path

import pytest

import engines
import render
from render import common
from render.common import cards
from tests.render.knightfall_views import make_case

RENDER_DIR = Path(render.__file__).resolve().parent
FORBIDDEN = {"discord", "aiosqlite", "bot"}


@pytest.mark.parametrize("func", [render.render_png, render.alt_text, render.render_image])
def test_unknown_game_id_raises_key_error_naming_it(func):
    view, _ = make_case("draw", None)
    with pytest.raises(KeyError, match="no_such_game"):
        func("no_such_game", view)


def test_every_registered_renderer_exposes_render_and_alt_text():
    for game_id in engines.game_ids():
        module = render._module(game_id)
        assert callable(module.render)
        assert callable(module.alt_text)


def test_render_code_never_imports_discord_aiosqlite_or_bot():
    for path in sorted(RENDER_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        roots = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                roots.add(node.module.split(".")[0])
        assert not roots & FORBIDDEN, f"{path.name} imports {sorted(roots & FORBIDDEN)}"


def test_fonts_and_their_licence_are_bundled():
    fonts = RENDER_DIR / "assets" / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert (fonts / name).is_file()
    assert "Bitstream" in (fonts / "LICENSE-DejaVu.txt").read_text()


def test_assets_resolve_from_the_package_not_the_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    common._load.cache_clear()
    cards.card_face.cache_clear()
    view, _ = make_case("coins", 0)
    assert render.render_png("knightfall", view).startswith(b"\x89PNG")


@pytest.mark.parametrize("game_id", engines.game_ids())
def test_a_picture_validates_its_view_once_for_the_image_and_its_alt_text(game_id, monkeypatch):
    cls = engines.get_game(game_id)
    view = {**cls.new(cls.max_players, seed=3).view(None), "seat_names": ["Ann", "Bob"]}
    model = type(render._module(game_id).typed(view))
    calls = []
    real = model.model_validate.__func__

    def counted(kind, obj, *args, **kwargs):
        calls.append(kind)
        return real(kind, obj, *args, **kwargs)

    monkeypatch.setattr(model, "model_validate", classmethod(counted))
    png, alt = render.picture(game_id, view)
    assert png.startswith(b"\x89PNG") and alt
    assert len(calls) == 1
