"""The routing table has exactly one entry per stage."""

from typing import get_args

from engines.knightfall.routes import ROUTES
from engines.knightfall.state import Stage


def test_every_stage_has_exactly_one_route():
    assert sorted(ROUTES) == sorted(get_args(Stage))
