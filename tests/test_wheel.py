"""The built wheel works on its own: installed (not editable) into a fresh venv and run from
another folder, every game starts and draws its board from the data shipped in the package."""

import os
import shutil
import site
import subprocess
import sys
import textwrap
from pathlib import Path

import engines

ROOT = Path(__file__).resolve().parent.parent
NOT_SHIPPED = shutil.ignore_patterns(
    ".git", ".venv", "var", "build", "dist", "*.egg-info", "__pycache__", "tests", "bench", "docs"
)

CHECK = textwrap.dedent(
    """
    import asyncio, sys
    from importlib.resources import files
    from pathlib import Path

    import engines, render
    from bot.storage import database
    from engines.galdors_grip.cards import CARDS
    from engines.resources import data_path

    venv = Path(sys.prefix)
    for module in (engines, render, database):
        assert venv in Path(module.__file__).parents, module.__file__
    assert venv in Path(str(data_path())).parents, "data is read from outside the wheel"
    assert CARDS, "Galdor's Grip loaded an empty catalogue"
    assert (files("render") / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
    for gid in engines.game_ids():
        cls = engines.get_game(gid)
        game = cls.new(cls.min_players, seed=7)
        png = render.render_png(gid, game.view(None))
        assert png.startswith(b"\\x89PNG"), gid
        assert data_path(gid, "how_to_play.md").read_text(encoding="utf-8").strip(), gid
    db = asyncio.run(database.connect(Path("t.sqlite3")))
    version = asyncio.run(database.migrate(db))
    asyncio.run(db.close())
    print(" ".join(engines.game_ids()), version)
    """
)


def run(*args: str | Path, cwd: Path | None = None) -> str:
    # Without PYTHONPATH: a checkout on it (with the egg-info of an editable install) would
    # make pip believe the wheel's project is installed already, and skip installing it.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=180, env=env
    )
    assert done.returncode == 0, f"{args[:3]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_installed_wheel_starts_and_draws_every_game(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SHIPPED)  # the build must not write into the checkout
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp_path / "dist", src)
    wheel = next((tmp_path / "dist").glob("tabletop_bot-*.whl"))

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel)
    # The dependencies come from this environment's site-packages, added as a plain path:
    # its .pth files (an editable install of the checkout, if any) are not processed.
    venv_site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    (Path(venv_site.strip()) / "deps.pth").write_text("\n".join(site.getsitepackages()))

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = run(python, "-I", "-c", CHECK, cwd=elsewhere).split()
    migrations = sorted(
        (ROOT / "bot" / "storage" / "migrations" / "sqlite").glob("[0-9][0-9][0-9][0-9]_*.sql")
    )
    assert out == [*engines.game_ids(), str(int(migrations[-1].name[:4]))]
