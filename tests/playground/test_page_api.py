"""The page's JSON API, as the page uses it: the real command tree, real autocomplete
interactions, and answers filtered per member on the server (no browser needed)."""

import json
import time
import urllib.error
import urllib.request

import pytest


def get(url: str):
    with urllib.request.urlopen(url, timeout=20) as answer:
        return json.load(answer)


def post(base: str, action: str, body: dict):
    req = urllib.request.Request(
        f"{base}api/{action}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=20) as answer:
        return json.load(answer)


def status_of(url: str) -> int:
    try:
        urllib.request.urlopen(url, timeout=20)
    except urllib.error.HTTPError as e:
        return e.code
    return 200


@pytest.fixture(scope="module")
def world(playground):
    data = get(f"{playground}api/world")
    data["who"] = {m["name"]: m["id"] for m in data["members"]}
    data["chan"] = {c["name"]: c["id"] for c in data["channels"]}
    return data


def test_the_server_is_seeded_with_two_channels_and_four_members(world):
    assert list(world["chan"]) == ["games", "games-2"]
    assert list(world["who"]) == ["alice", "bob", "carol", "dave"]


def test_the_command_box_offers_the_bots_registered_tree(playground, world):
    url = (
        f"{playground}api/commands?member={world['who']['alice']}&channel={world['chan']['games']}"
    )
    tree = {c["name"]: c for c in get(url)}
    assert {"gondolin", "knightfall", "game", "help"} <= set(tree)
    start = next(o for o in tree["gondolin"]["options"] if o["name"] == "start")
    options = {o["name"]: o for o in start["options"]}
    assert start["description"] == "Start a Gondolin game in this channel"
    assert options["story"]["choices"] and options["deck"]["autocomplete"]


def test_autocomplete_asks_the_bot_as_the_member_types(playground, world):
    body = {
        "member": world["who"]["alice"],
        "channel": world["chan"]["games"],
        "command": "gondolin start",
        "options": {},
        "focused": "deck",
        "value": "Fen",
    }
    answer = post(playground, "autocomplete", body)
    assert answer["ok"]
    assert [c["name"] for c in answer["choices"]] == ["Ready-made: Wardens of the Fen"]


def test_an_ephemeral_answer_and_its_image_are_only_its_members(playground, world):
    alice, bob = world["who"]["alice"], world["who"]["bob"]
    chan = world["chan"]["games-2"]
    body = {"member": alice, "channel": chan, "command": "gondolin cards", "options": {}}
    assert post(playground, "command", body)["ok"]
    shown = []
    deadline = time.monotonic() + 20  # answered "thinking…" first, the image follows
    while not shown and time.monotonic() < deadline:
        mine = get(f"{playground}api/feed?member={alice}&channel={chan}")["messages"]
        shown = [m for m in mine if m["ephemeral"] and m["attachments"]]
        time.sleep(0.2)
    assert shown, mine
    image = shown[-1]["attachments"][0]["url"]
    assert status_of(f"{playground}{image.removeprefix('/play/')}") == 200
    theirs = get(f"{playground}api/feed?member={bob}&channel={chan}")["messages"]
    assert all(m["id"] != shown[-1]["id"] for m in theirs)
    as_bob = image.replace(f"member={alice}", f"member={bob}")
    assert status_of(f"{playground}{as_bob.removeprefix('/play/')}") == 404


def test_unknown_members_and_other_peoples_channels_are_refused(playground, world):
    assert status_of(f"{playground}api/feed?member=1&channel={world['chan']['games']}") == 400
    bot_id = world["bot"]["id"]
    assert status_of(f"{playground}api/feed?member={bot_id}") == 400
