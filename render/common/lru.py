"""A least-recently-used cache bounded by the bytes of what it keeps (masks, tiles)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SizedLRU(Generic[K, V]):
    """Least recently used values within a byte budget; safe to share between threads.

    ``size`` gives a value's bytes; a value larger than the whole budget is not kept.
    """

    def __init__(self, budget: int, size: Callable[[V], int]) -> None:
        self.budget = budget
        self.used = 0
        self.hits = 0
        self.misses = 0
        self._size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self.hits += 1
            self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        """Keep ``value``, dropping the least recently used ones beyond the budget."""
        size = self._size(value)
        if size > self.budget:
            return
        with self._lock:
            if key in self._items:
                return
            self._items[key] = value
            self.used += size
            while self.used > self.budget:
                _, old = self._items.popitem(last=False)
                self.used -= self._size(old)

    def clear(self) -> None:
        """Forget everything kept (tests, benchmarks of cold renders)."""
        with self._lock:
            self._items.clear()
            self.used = self.hits = self.misses = 0
