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


def test_a_newcomer_is_told_where_to_begin(playground, world):
    """Both channels' topics and the first message in #games point at /help."""
    assert {c["topic"] for c in world["channels"]} == {
        "Type /help to see the games and how to start one."
    }
    alice, games = world["who"]["alice"], world["chan"]["games"]
    first = get(f"{playground}api/feed?member={alice}&channel={games}")["messages"][0]
    assert first["author"]["name"] == "carol"
    assert "Type **/help**" in first["content"]


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


def refused(base: str, action: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict]:
    """POST as another site (or another client) would; the status and JSON error it got."""
    req = urllib.request.Request(f"{base}api/{action}", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=20) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def test_cross_site_requests_are_refused_and_change_nothing(playground, world):
    alice, chan = world["who"]["alice"], world["chan"]["games-2"]
    start = {"member": alice, "channel": chan, "command": "gondolin start", "options": {}}
    as_json = json.dumps(start).encode()
    port = playground.split(":")[2].split("/")[0]
    page = f"http://127.0.0.1:{port}"
    cases = [
        (403, {"Origin": "https://evil.example", "Content-Type": "application/json"}),
        (403, {"Origin": "null", "Content-Type": "application/json"}),
        (403, {"Referer": "https://evil.example/x", "Content-Type": "application/json"}),
        (400, {"Host": f"evil.example:{port}", "Content-Type": "application/json"}),
        (400, {"Host": "127.0.0.1:1", "Origin": page, "Content-Type": "application/json"}),
        (415, {"Origin": page, "Content-Type": "application/x-www-form-urlencoded"}),
        (415, {"Origin": page, "Content-Type": "text/plain"}),
    ]
    for status, headers in cases:
        code, answer = refused(playground, "command", as_json, headers)
        assert (code, answer["ok"]) == (status, False), (headers, code, answer)
        assert answer["error"], headers
    rebound = urllib.request.Request(
        f"{playground}api/feed?member={alice}", headers={"Host": f"evil.example:{port}"}
    )
    with pytest.raises(urllib.error.HTTPError) as read:  # a DNS-rebinding page reads nothing
        urllib.request.urlopen(rebound, timeout=20)
    assert read.value.code == 400
    # The page's own request goes through; none of the refused ones reached the bot.
    own = {"Origin": page, "Referer": f"{page}/play/", "Content-Type": "application/json"}
    cards = {**start, "command": "gondolin cards"}
    code, answer = refused(playground, "command", json.dumps(cards).encode(), own)
    assert (code, answer["ok"]) == (200, True), answer
    messages = get(f"{playground}api/feed?member={alice}&channel={chan}")["messages"]
    assert not [m for m in messages if not m["ephemeral"]], "a refused /gondolin start ran"


def test_ids_that_are_not_numbers_are_a_clear_400(playground, world):
    assert status_of(f"{playground}api/feed?member=abc") == 400
    assert status_of(f"{playground}api/feed?member=1e3") == 400
    alice = world["who"]["alice"]
    assert status_of(f"{playground}api/feed?member={alice}&channel=abc") == 400
    assert status_of(f"{playground}api/attachment/1/2?member=abc") == 400
    headers = {"Content-Type": "application/json"}
    for body in ({"member": "abc"}, {"member": alice, "message": "abc"}, [1], "x"):
        code, answer = refused(playground, "click", json.dumps(body).encode(), headers)
        assert (code, answer["ok"]) == (400, False), (body, answer)
    code, answer = refused(playground, "click", b"{not json", headers)
    assert (code, answer["ok"]) == (400, False)
