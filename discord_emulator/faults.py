"""Injected trouble: the next matching request fails with a Discord error, or answers late."""

from __future__ import annotations

from dataclasses import dataclass

from .models import ApiError


@dataclass
class Fault:
    """One rule: requests with ``method`` whose path contains ``path`` (``times`` of them)."""

    method: str
    path: str
    error: ApiError | None = None  # answer with this error instead of acting
    delay_s: float = 0.0  # act at once, but answer only after this pause
    times: int = 1


class Faults:
    """The pending rules, used by the HTTP middleware (first matching rule wins)."""

    def __init__(self) -> None:
        self.rules: list[Fault] = []

    def add(self, fault: Fault) -> None:
        self.rules.append(fault)

    def take(self, method: str, path: str) -> Fault | None:
        """The first rule matching this request (used up after ``times`` matches)."""
        for fault in self.rules:
            if fault.method == method.upper() and fault.path in path:
                fault.times -= 1
                if fault.times <= 0:
                    self.rules.remove(fault)
                return fault
        return None
