"""The routing table has exactly one entry per step."""

from typing import get_args

from engines.guardians.routes import ROUTES, Step


def test_every_step_has_exactly_one_route():
    assert sorted(ROUTES) == sorted(get_args(Step))
