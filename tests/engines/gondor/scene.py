"""Small combat positions on an empty map, and loaded dice, for the combat and rally tests."""

from engines.gondor import rally
from engines.gondor.combat import phases as combat
from engines.gondor.game import PHASE_RULES, Gondor, _first_side

from .play import deployed


class Loaded:
    """Dice that show the given faces in order (and fail loudly when they run out)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test rolled more dice than it loaded"
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def scene(where: dict[str, str], phase: str = "sauron-combat", turn: int = 1) -> Gondor:
    """A game in ``phase`` of ``turn`` with only the counters named (id -> hex) on the map."""
    game = deployed()
    s = game.state
    for c in s.counters:
        c.hex = None
    for cid, hex_ref in where.items():
        next(c for c in s.counters if c.id == cid).hex = hex_ref
    s.turn, s.phase, s.acting = turn, phase, _first_side(phase)
    PHASE_RULES[phase].start(s)
    s.step += 1  # the legal-action cache is per step
    return game


def index(game: Gondor, cid: str) -> int:
    """The counter index of a counter id."""
    return next(i for i, c in enumerate(game.state.counters) if c.id == cid)


def counter(game: Gondor, cid: str):
    """The state's counter with this id."""
    return game.state.counters[index(game, cid)]


def load(monkeypatch, *faces: int) -> Loaded:
    """Every die rolled by combat and rally from now on shows these faces in order."""
    dice = Loaded(*faces)
    for module in (combat, rally):
        monkeypatch.setattr(module, "rng_for", lambda seed, label: dice)
    return dice


def play(game: Gondor, kind: str, **fields):
    """Apply the one legal action of this kind whose fields match; return its events."""
    seat = game.to_act()[0]
    found = [
        a
        for a in game.legal_actions(seat)
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())
    ]
    assert len(found) == 1, (kind, fields, game.legal_actions(seat))
    return game.apply(seat, found[0])


def kinds(game: Gondor) -> list[str]:
    """The kinds of the acting seat's legal actions."""
    return [a.kind for a in game.legal_actions(game.to_act()[0])]
