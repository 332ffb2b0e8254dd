"""The load test script runs end to end: a tiny load, exact accounting, nothing lost or doubled.

The figures themselves come from running the script (README, docs/design/scale.md); this only
keeps the script working: a real bot process, the emulator, double clicks refused once each.
"""

from __future__ import annotations

import re

import pytest

from bench import flood, load
from bench.load_report import tally
from bench.load_tables import KINDS, Member, Table
from discord_emulator import Channel, User
from discord_emulator.interactions import Interaction
from tests.storage.postgres_server import MISSING, bin_dir

ROW = re.compile(r"\| (\w+(?: vs \w+)?) \| (\d+) \| (\d+) \|")


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_small_load_loses_and_doubles_nothing(database, capsys):
    if database == "postgres" and bin_dir() is None:
        pytest.skip(MISSING)
    small = ["--servers", "2", "--games", "3", "--rate", "6", "--seconds", "4", "--double", "0.5"]
    load.main([*small, "--game", "gondolin", "--idle", "0", "--database", database])
    out = capsys.readouterr().out
    counts = re.search(
        r"accepted (\d+), refused (\d+) .* errors (\d+), lost (\d+), doubled (\d+)", out
    )
    assert counts, out
    accepted, refused, errors, lost, doubled = map(int, counts.groups())
    doubles = int(re.search(r"\((\d+) double clicks", out).group(1))
    assert (errors, lost, doubled) == (0, 0, 0), out
    assert doubles >= 3 and refused == doubles, "each double click is refused exactly once"
    assert accepted >= 10


def test_the_floor_is_pressed_beside_the_window_and_the_bot_given_as_a_multiple_of_it(capsys):
    one = ["--servers", "1", "--games", "2", "--rate", "4", "--seconds", "3", "--idle", "0"]
    load.main([*one, "--game", "gondolin", "--computer", "0", "--floor"])
    out = capsys.readouterr().out
    found = re.search(
        r"the floor beside the window \(bench.floor at 4/s\): (\d+\.\d+) ms a press;"
        r" the bot's processes and workers (\d+\.\d+) ms an action, (\d+\.\d+)× the floor",
        out,
    )
    assert found, out
    floor, bot, times = map(float, found.groups())
    assert floor > 0 and bot > 0 and times == pytest.approx(bot / floor, rel=0.05)


def test_the_mix_plays_every_kind_of_game_and_loses_and_doubles_nothing(capsys):
    """All five games, two members clicking from their DMs, the computer, idle games in the
    database: every member's accepted clicks are in the action log once."""
    small = ["--servers", "1", "--games", "12", "--rate", "8", "--seconds", "5"]
    load.main([*small, "--idle", "0.5", "--double", "0.2"])
    out = capsys.readouterr().out
    assert "12 games (7 played, 5 idle)" in out, out
    counts = re.search(
        r"accepted (\d+), refused (\d+) .* errors (\d+), lost (\d+), doubled (\d+)", out
    )
    assert counts, out
    accepted, _, errors, lost, doubled = map(int, counts.groups())
    assert (errors, lost, doubled) == (0, 0, 0), out
    assert accepted >= 15, out
    played = {label: int(n) for label, _, n in ROW.findall(out)}
    kinds = {"gondolin", "galdor", "knightfall vs member", "knightfall vs computer"}
    assert kinds | {"guardians vs member", "gondor vs member"} == set(played), out
    assert all(played[k] > 0 for k in kinds), out  # the long games' first moves may be slow
    assert re.search(r"REST calls per accepted click: \d+\.\d+", out), out


def test_past_setup_measures_the_game_past_its_set_up(capsys):
    """With ``--past-setup`` the members end a game's set-up before the window (Gondor's
    deployment, one click a side): every move clicked in the window is past it, and the
    set-up's moves logged before it count neither as lost nor as doubled."""
    small = ["--servers", "1", "--games", "2", "--rate", "4", "--seconds", "4", "--double", "0"]
    load.main([*small, "--game", "gondor", "--idle", "0", "--computer", "0", "--past-setup"])
    out = capsys.readouterr().out
    assert "gondor, past set-up: 2 games (2 played, 0 idle)" in out, out
    counts = re.search(r"accepted (\d+), .* errors (\d+), lost (\d+), doubled (\d+)", out)
    assert counts, out
    accepted, errors, lost, doubled = map(int, counts.groups())
    assert (errors, lost, doubled) == (0, 0, 0), out
    assert accepted >= 8, out
    kinds = re.search(r"moves clicked, by kind: (.*)", out)
    assert kinds, out
    assert not re.search(r"\b(place|standard_deploy|auto_deploy|take_back|setup_done) ", kinds[1])


def press(n: int, member: Member) -> Interaction:
    """The member's ``n``-th press (a component interaction) in their table's channel."""
    return Interaction(
        id=n,
        token=f"t{n}",
        created=0.0,
        type=3,
        user=member.user,
        channel=member.table.channel,
        data={},
    )


def test_the_tally_finds_a_lost_and_a_doubled_action():
    """An accepted click missing from the log is lost; a logged move nobody's click accepted
    is doubled."""
    table = Table(KINDS["knightfall"], Channel(10, 0, "games", guild_id=1))
    alice, bob = Member(User(1, "alice"), table), Member(User(2, "bob"), table)
    table.members = [alice, bob]
    for n, member in enumerate((alice, alice, bob)):
        member.presses.append(press(n, member))
    found = tally(table.members, {(10, 1): 2, (10, 2): 1})
    assert (found.accepted["knightfall vs member"], found.lost, found.doubled) == (3, 0, 0)
    assert tally(table.members, {(10, 1): 1, (10, 2): 1}).lost == 1
    assert tally(table.members, {(10, 1): 2, (10, 2): 2}).doubled == 1


def test_a_killed_bot_comes_back_and_loses_and_doubles_nothing(capsys):
    """``--kill-at``: the bot process is killed outright in the window and started again; the
    members go on clicking, nothing accepted is lost or doubled, every running game shows its
    current moves afterwards."""
    small = ["--servers", "1", "--games", "6", "--rate", "6", "--seconds", "7", "--kill-at", "2"]
    load.main([*small, "--idle", "0", "--computer", "0.5", "--double", "0.2"])
    out = capsys.readouterr().out
    counts = re.search(r"accepted (\d+), .* errors (\d+), lost (\d+), doubled (\d+)", out)
    assert counts, out
    accepted, errors, lost, doubled = map(int, counts.groups())
    assert (errors, lost, doubled) == (0, 0, 0), out
    away = re.search(r"killed 2 s into the window, away (\d+\.\d) s", out)
    assert away and 0 < float(away[1]) < 4, out
    assert accepted >= 15, out  # clicks before and after the kill
    assert re.search(r"after the window: [1-9]\d* running games, stale 0, stuck 0", out), out


def test_a_press_cut_off_by_a_kill_may_be_logged_once_never_twice():
    """A press whose process was killed before the member saw its answer is neither lost when
    missing from the log nor doubled when in it; a second logged move for it is doubled."""
    table = Table(KINDS["gondolin"], Channel(10, 0, "games", guild_id=1))
    alice = Member(User(1, "alice"), table)
    table.members = [alice]
    alice.presses += [press(n, alice) for n in range(2)]
    alice.cut.add(1)
    missing = tally(table.members, {(10, 1): 1})
    assert (missing.accepted["gondolin"], missing.cut, missing.lost, missing.doubled) == (
        1,
        1,
        0,
        0,
    )
    logged = tally(table.members, {(10, 1): 2})
    assert (logged.unseen, logged.lost, logged.doubled) == (1, 0, 0)
    assert tally(table.members, {(10, 1): 3}).doubled == 1


def test_the_flood_script_refuses_the_flooder_and_answers_everyone(capsys):
    """One member floods every heavy command beside a small load: every request is answered in
    time, and the flooder's are refused once his one under way and one waiting are taken (every
    30 ms: a review or hint of these games can take under 100 ms now)."""
    small = ["--tables", "2", "--rate", "2", "--seconds", "4", "--every", "0.03"]
    flood.main([*small, "--finished", "2", "--moves", "60"])
    out = capsys.readouterr().out
    assert re.search(r"others: \d+ clicks, .* refused busy 0, errors 0", out), out
    assert "refused: one under way, one waiting" in out, out
    assert "late" not in out and "no answer" not in out, out
