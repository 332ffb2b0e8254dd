"""``GAME_SEED``: a testing aid fixing new games' seeds (off by default: fresh secret seeds)."""

import pytest
from pydantic import ValidationError

from bot.flow.lobby import fixed_games, session_seed
from bot.settings import Settings


def settings(**env: object) -> Settings:
    return Settings(_env_file=None, **env)


def test_unset_every_game_gets_a_fresh_seed():
    unset = settings()
    assert unset.game_seed == {}
    seeds = {session_seed(unset, "knightfall") for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2**63 for s in seeds)


def test_a_bare_number_seeds_every_game_and_a_named_game_its_own(monkeypatch):
    monkeypatch.setenv("GAME_SEED", " 7, gondor=12 ,knightfall=0")
    fixed = Settings(_env_file=None)
    assert fixed.game_seed == {"*": 7, "gondor": 12, "knightfall": 0}
    assert [session_seed(fixed, g) for g in ("gondor", "knightfall", "guardians")] == [12, 0, 7]
    assert fixed_games(fixed) == "all new games"
    assert "12" not in repr(fixed)  # never logged with the settings
    only = settings(game_seed="gondor=12")
    assert session_seed(only, "gondor") == 12
    assert session_seed(only, "guardians") != session_seed(only, "guardians")  # fresh
    assert fixed_games(only) == "new games of gondor"


@pytest.mark.parametrize("bad", ["x", "gondor=", "gondor=-1", "nosuchgame=3", str(2**63)])
def test_a_seed_that_is_not_one_is_refused_naming_it(bad):
    with pytest.raises(ValidationError, match="GAME_SEED"):
        settings(game_seed=bad)
