"""Each game's entry: validate the view dict once into its model, then draw that model.

A view crosses a process boundary as a dict. A game draws a few kinds of views (its table, a
card lookup, …), told apart by a key of the dict (``"lookup"``); the last kind, without a key,
is the game view. The dict is validated into its kind's model (pydantic's ``ValidationError``
for a missing or garbled field, before anything is drawn), and the kind's functions draw it. A
model of a kind is taken as it is; another model (the engine's view for a renderer's richer
one) is validated like its dict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image
from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class ViewKind(Generic[M]):
    """One kind of view: its model, how to draw it and describe it, and the key marking it."""

    model: type[M]
    render: Callable[[M], Image.Image]
    alt_text: Callable[[M], str]
    key: str | None = None
    indexed: Callable[[M], Image.Image] | None = None
    """Draws the view straight onto the game's fixed palette (mode "P"), where it can."""


class ViewKinds:
    """A game's kinds of views; the last one (no ``key``) is the game view."""

    def __init__(self, *kinds: ViewKind[Any]) -> None:
        *marked, default = kinds
        if default.key is not None or any(kind.key is None for kind in marked):
            raise ValueError("every kind but the last is marked by a key")
        self.kinds = kinds

    def typed(self, view: Mapping[str, Any] | BaseModel) -> Any:
        """The view as its kind's model (validated once; a model of a kind as it is)."""
        return self._typed(view)[1]

    def render(self, view: Mapping[str, Any] | BaseModel) -> Image.Image:
        """Draw the view."""
        kind, model = self._typed(view)
        return kind.render(model)

    def render_indexed(self, view: Mapping[str, Any] | BaseModel) -> Image.Image | None:
        """The view drawn onto the game's palette, or None if its kind draws only in RGB."""
        kind, model = self._typed(view)
        return None if kind.indexed is None else kind.indexed(model)

    def alt_text(self, view: Mapping[str, Any] | BaseModel) -> str:
        """The alt text of the same image."""
        kind, model = self._typed(view)
        return kind.alt_text(model)

    def _typed(self, view: Mapping[str, Any] | BaseModel) -> tuple[ViewKind[Any], BaseModel]:
        for kind in self.kinds:
            if isinstance(view, kind.model):
                return kind, view
        fields = dict(view)
        kind = next(k for k in self.kinds if k.key is None or k.key in fields)
        return kind, kind.model.model_validate(fields)
