"""The PostgreSQL backend's translation of the shared SQL (no server needed)."""

from bot.storage.db.postgres import numbered, rowcount


def test_placeholders_are_numbered_in_order_outside_literals():
    sql = "SELECT '?', 'it''s ?' FROM t WHERE a=? AND b IN (?, ?) AND c = '$.x.' || ?"
    assert numbered(sql) == (
        "SELECT '?', 'it''s ?' FROM t WHERE a=$1 AND b IN ($2, $3) AND c = '$.x.' || $4"
    )


def test_the_rows_changed_come_from_the_command_status():
    assert rowcount("UPDATE 1") == 1
    assert rowcount("INSERT 0 3") == 3
    assert rowcount("DELETE 0") == 0
    assert rowcount("CREATE TABLE") == 0
