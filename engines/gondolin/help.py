"""Phase help texts, read once from ``data/gondolin/phase_help.toml``."""

from __future__ import annotations

import tomllib
import typing

from engines.gondolin.catalogue import DATA_DIR
from engines.gondolin.state import Phase


def _load() -> dict[str, str]:
    with (DATA_DIR / "phase_help.toml").open("rb") as fh:
        texts = {k: " ".join(v.split()) for k, v in tomllib.load(fh)["help"].items()}
    missing = set(typing.get_args(Phase)) - {"events"} - set(texts)
    if missing:
        raise ValueError(f"phase_help.toml lacks help for {sorted(missing)}")
    return texts


PHASE_HELP = _load()
