"""The floor bench runs a plain discord.py client against the emulator and prints its cost."""

import re

from bench import floor


def test_the_floor_presses_at_its_rate_and_prints_the_cost_of_a_press(capsys):
    floor.main(["--seconds", "1.5", "--rate", "6"])
    first, second = capsys.readouterr().out.splitlines()
    presses = int(re.match(r"the floor: (\d+) presses at 6/s", first).group(1))
    assert 8 <= presses <= 10  # each answered before the next: the rate held, none failed
    client, driver = map(float, re.findall(r"(\d+\.\d+) ms", second))
    assert client > 0 and driver > 0
