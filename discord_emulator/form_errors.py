"""Discord's 400 "Invalid Form Body" (code 50035), naming the field at fault."""

from __future__ import annotations

from .models import ApiError


def fail(where: str, why: str) -> None:
    """Raise the 400 naming ``where``."""
    raise ApiError(400, 50035, f"Invalid Form Body: {where}: {why}", {"_emulator": [where, why]})


def check_len(where: str, value: object, limit: int) -> None:
    """Refuse a text longer than ``limit``."""
    if value is not None and len(str(value)) > limit:
        fail(where, f"must be {limit} or fewer in length (got {len(str(value))})")
