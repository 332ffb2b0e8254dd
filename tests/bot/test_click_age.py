"""How old an interaction is, on a clock that may be skewed from Discord's (``click_age``)."""

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.surface import acknowledge, click_age
from bot.surface.click_age import BASELINE_SECONDS, ClickClock, ClickExpired

MADE = datetime(2026, 12, 7, 12, tzinfo=UTC)


class Clocks:
    """Our wall clock and monotonic clock, set by the test."""

    def __init__(self) -> None:
        self.wall = MADE.timestamp()
        self.mono = 1000.0

    def time(self) -> float:
        return self.wall

    def monotonic(self) -> float:
        return self.mono


@pytest.fixture
def clocks(monkeypatch) -> Clocks:
    fake = Clocks()
    monkeypatch.setattr(click_age, "time", fake)
    return fake


def made(seconds_after: float) -> SimpleNamespace:
    """An interaction Discord made ``seconds_after`` MADE (its snowflake's time)."""
    return SimpleNamespace(created_at=MADE + timedelta(seconds=seconds_after), extras={})


def arrive(clock: ClickClock, clocks: Clocks, ix, *, at: float, skew: float) -> float:
    """``ix`` reaches its handler at ``at`` s after MADE, our wall clock ``skew`` s ahead."""
    clocks.mono = 1000.0 + at
    clocks.wall = MADE.timestamp() + at + skew
    return clock.stamp(ix)


@pytest.mark.parametrize("skew", [-40.0, 0.0, 7.5])
def test_a_constant_skew_cancels_out_and_a_wait_shows(clocks, skew):
    clock = ClickClock()
    assert arrive(clock, clocks, made(0), at=0.01, skew=skew) == pytest.approx(0)
    assert arrive(clock, clocks, made(5), at=5.02, skew=skew) == pytest.approx(0.01)
    late = made(10)
    assert arrive(clock, clocks, late, at=12.5, skew=skew) == pytest.approx(2.49)
    clocks.mono += 0.3
    assert click_age.age(late) == pytest.approx(2.79), "it ages on after it was stamped"


def test_a_stamp_is_taken_once(clocks):
    clock = ClickClock()
    arrive(clock, clocks, made(0), at=0.0, skew=0)
    ix = made(1)
    assert arrive(clock, clocks, ix, at=1.5, skew=0) == pytest.approx(0.5)
    assert arrive(clock, clocks, ix, at=2.0, skew=0) == pytest.approx(1.0)


def test_the_baseline_follows_a_clock_set_forward_after_a_while(clocks):
    """Our clock jumps 5 s ahead: clicks read 5 s old until the old baseline is given up."""
    clock = ClickClock()
    arrive(clock, clocks, made(0), at=0.0, skew=0)
    assert arrive(clock, clocks, made(1), at=1.0, skew=5) == pytest.approx(5)
    later = BASELINE_SECONDS + 1
    assert arrive(clock, clocks, made(later), at=later, skew=5) == pytest.approx(0)
    assert arrive(clock, clocks, made(later + 1), at=later + 1, skew=5) == pytest.approx(0)


def test_an_interaction_never_stamped_ages_from_its_first_look(clocks):
    ix = made(0)
    assert click_age.age(ix) == 0
    clocks.mono += 1.25
    assert click_age.age(ix) == pytest.approx(1.25)


def test_a_backlog_as_the_window_turns_still_shows_its_wait(clocks):
    """Ordinary clicks for a whole window, then a backlog begins just as the window turns:
    the baseline is the least of the half before, not the first click of the backlog."""
    clock = ClickClock()
    arrive(clock, clocks, made(0), at=0.05, skew=3.0)  # the quickest delivery, a window ago
    for t in range(1, int(BASELINE_SECONDS)):
        arrive(clock, clocks, made(t), at=t + 0.2, skew=3.0)
    ages = [
        arrive(
            clock, clocks, made(BASELINE_SECONDS + 1 + k), at=BASELINE_SECONDS + 3.5 + k, skew=3.0
        )
        for k in range(20)
    ]
    assert min(ages) == pytest.approx(2.3)


class RefusedAsLate:
    """An interaction's response whose deferral Discord refuses: its 3 s passed (10062)."""

    def __init__(self) -> None:
        self.deferrals = 0

    def is_done(self) -> bool:
        return False

    async def defer(self, **_: object) -> None:
        self.deferrals += 1
        raise discord.NotFound(
            SimpleNamespace(status=404, reason="Not Found"),
            {"code": 10062, "message": "Unknown interaction"},
        )


async def test_a_click_whose_deferral_was_refused_as_late_saves_nothing_later(clocks):
    """A deferral (the lock held, the budget's timer) refused as too late is remembered: the
    move is not saved however young the click reads."""
    ix = SimpleNamespace(response=RefusedAsLate(), extras={}, id=1)
    await acknowledge.defer_unless_answered(ix)
    with pytest.raises(ClickExpired):
        await acknowledge.in_time(ix)
    await acknowledge.defer_unless_answered(ix)  # the handler's end: no second try
    assert ix.response.deferrals == 1


async def test_a_late_click_is_deferred_before_its_move_and_refused_if_discord_says_so(clocks):
    young, old = made(0), made(0)
    young.response, old.response = RefusedAsLate(), RefusedAsLate()
    young.id = old.id = 1
    clock = ClickClock()
    arrive(clock, clocks, young, at=0.5, skew=0)
    async with acknowledge.deadline(young):
        await acknowledge.in_time(young)  # just made: answered with its move, not deferred
        assert young.response.deferrals == 0
    assert young.response.deferrals == 1, "deferred only as its handler ended unanswered"
    arrive(clock, clocks, old, at=2.0, skew=0)  # 1.5 s older than the quickest
    async with acknowledge.deadline(old):
        with pytest.raises(ClickExpired):
            await acknowledge.in_time(old)
        assert old.response.deferrals == 1
    assert old.response.deferrals == 1, "not tried again as its handler ended"
