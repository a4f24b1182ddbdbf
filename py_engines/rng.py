"""A small seeded generator whose whole state is one integer.

It gives the same numbers in CPython and in Pyodide, and its state fits in a
game record. The algorithm is SplitMix64 (Steele, Lea and Flood, 2014).

A seed is mixed before use, so neighbouring seeds draw unrelated streams (with
the bare state, seed s + 1 would be seed s moved on by one draw). A game's chance
outcomes come from :func:`chance_rng`, which depends only on the game's seed and
on how many chance outcomes came before, never on how the game was reached.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(x: int) -> int:
    """SplitMix64's output function: a bijection on 64-bit integers that scatters every bit."""
    x &= _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix64(seed)

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        """A generator that continues from a raw state (a copy of another's, or a fixed table's)."""
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def next_u64(self) -> int:
        # mix64, written out: this is the hot path of every playout.
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))


def chance_rng(seed: int, count: int) -> Rng:
    """The generator for a game's chance outcome number ``count`` (0 for the first)."""
    return Rng.from_state(mix64(mix64(seed) + count * _GOLDEN))
