"""The playground keeps its server between runs: same ids, same messages, and the bot resumes
the games, so a board's controls still work after a restart."""

import time

from discord_emulator.models import walk_components
from tests.playground.conftest import running_playground
from tests.playground.test_page_api import get, post


def move_control(message: dict) -> dict | None:
    """The first enabled move button or move select of a message."""
    return next(
        (
            c
            for c in walk_components(message["components"])
            if str(c.get("custom_id", "")).startswith(("g1:", "s1:")) and not c.get("disabled")
        ),
        None,
    )


SHOWN_S = 60.0
"""How long a board may take to be shown: the bot draws it in a render worker it starts then,
which takes a while on a loaded machine."""


def board(base: str, member: str, channel: str) -> dict:
    """The newest message with move controls in the channel, as ``member`` sees it (waits)."""
    deadline = time.monotonic() + SHOWN_S
    while True:
        feed = get(f"{base}api/feed?member={member}&channel={channel}")
        found = [m for m in feed["messages"] if move_control(m) and not m["loading"]]
        if found:
            return found[-1]
        assert time.monotonic() < deadline, f"no board after {SHOWN_S} s: {feed['messages']}"
        time.sleep(0.2)


def redrawn(base: str, member: str, channel: str, old: dict) -> dict:
    """The board once the bot has redrawn ``old`` after a move (waits up to ``SHOWN_S``)."""
    deadline = time.monotonic() + SHOWN_S
    while (new := board(base, member, channel)) == old:
        assert time.monotonic() < deadline, "the move changed nothing"
        time.sleep(0.2)
    return new


def play(base: str, member: str, message: dict) -> dict:
    """Use the message's first move control, as the page does."""
    control = move_control(message)
    body = {"member": member, "message": message["id"], "custom_id": control["custom_id"]}
    if control["type"] == 2:
        return post(base, "click", body)
    return post(base, "select", body | {"values": [control["options"][0]["value"]]})


def test_a_game_survives_a_playground_restart(tmp_path):
    with running_playground(tmp_path) as (base, printed):
        world = get(f"{base}api/world")
        alice = next(m["id"] for m in world["members"] if m["name"] == "alice")
        games = world["channels"][0]["id"]
        answer = post(
            base,
            "command",
            {"member": alice, "channel": games, "command": "gondolin start", "options": {}},
        )
        assert answer["ok"], answer
        first = board(base, alice, games)
        assert play(base, alice, first)["ok"]
        before = redrawn(base, alice, games, first)  # stop once the move is shown
    assert not any("Resumed" in line for line in printed)
    assert (tmp_path / "server.pickle").exists()

    with running_playground(tmp_path) as (base, printed):
        assert any("Resumed" in line for line in printed)
        assert get(f"{base}api/world") == world  # the same server, channels and members
        resumed = board(base, alice, games)
        assert resumed["id"] == before["id"] and resumed["components"] == before["components"]
        answer = play(base, alice, resumed)
        assert answer["ok"], answer
        redrawn(base, alice, games, resumed)
