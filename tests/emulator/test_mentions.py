"""The emulator decides whom a message notifies as Discord does with ``allowed_mentions``."""

import pytest

from discord_emulator.mentions import resolve, validate
from discord_emulator.models import DM, GUILD_TEXT, ApiError, Channel, Guild, Member, User

ALICE, BOB, CAROL = 10**17 + 1, 10**17 + 2, 10**17 + 3
ROLE = 10**17 + 9


def world() -> tuple[Guild, Channel]:
    guild = Guild(id=1, name="g")
    for uid, roles in ((ALICE, []), (BOB, []), (CAROL, [ROLE])):
        guild.members[uid] = Member(User(uid, str(uid)), roles, "")
    return guild, Channel(id=2, type=GUILD_TEXT, guild_id=1)


CONTENT = f"@everyone <@{ALICE}> <@!{BOB}> <@&{ROLE}>"


def test_without_allowed_mentions_every_mention_in_the_content_notifies():
    guild, chan = world()
    m = resolve(CONTENT, None, guild, chan)
    assert m.everyone and m.role_ids == {ROLE} and m.user_ids == {ALICE, BOB}
    assert m.notified == {ALICE, BOB, CAROL}


def test_allowed_mentions_limits_whom_the_content_notifies():
    guild, chan = world()
    assert resolve(CONTENT, {"parse": []}, guild, chan).notified == set()
    only_bob = resolve(CONTENT, {"parse": [], "users": [str(BOB)]}, guild, chan)
    assert only_bob.notified == {BOB} and not only_bob.everyone and not only_bob.role_ids
    users = resolve(CONTENT, {"parse": ["users"]}, guild, chan)
    assert users.notified == {ALICE, BOB}
    roles = resolve(CONTENT, {"parse": ["roles"]}, guild, chan)
    assert roles.notified == {CAROL}
    # discord.py's AllowedMentions(users=[bob]) without a client default: everyone and roles on
    leaky = resolve(CONTENT, {"parse": ["everyone", "roles"], "users": [str(BOB)]}, guild, chan)
    assert leaky.everyone and leaky.notified == {ALICE, BOB, CAROL}


def test_embeds_are_not_content_and_ephemeral_messages_reach_only_their_viewer():
    guild, chan = world()
    assert resolve("no mention here", None, guild, chan).notified == set()
    assert resolve(CONTENT, None, guild, chan, visible_to=BOB).notified == {BOB}
    dm = Channel(id=3, type=DM, recipient_id=ALICE)
    assert resolve(f"<@{ALICE}> <@{BOB}>", None, None, dm).notified == {ALICE}


@pytest.mark.parametrize(
    "spec",
    [
        {"parse": ["users"], "users": ["1"]},
        {"parse": ["roles"], "roles": ["1"]},
        {"parse": ["nobody"]},
        {"users": [str(i) for i in range(101)]},
        "everyone",
    ],
)
def test_what_discord_refuses_is_refused(spec):
    with pytest.raises(ApiError) as refused:
        validate(spec)
    assert refused.value.status == 400 and refused.value.code == 50035
