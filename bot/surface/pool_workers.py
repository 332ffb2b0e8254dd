"""The worker processes of the bot's pools end with the bot, however the bot ends.

A bot killed outright (SIGKILL: the out-of-memory killer, a crash) never closes its pools,
and a supervisor that restarts it would pile up orphaned workers. So each worker watches its
parent from a daemon thread and exits as soon as the parent is gone; the multiprocessing
resource tracker, which lives while any process holding its pipe lives, then ends too.

Why a watch on the parent's sentinel rather than ``PR_SET_PDEATHSIG``: the parent-death signal
is Linux-only, fires when the *thread* that started the worker ends (a pool starts workers
from whichever thread submits to it), and misses a parent that died before the worker set
it. The sentinel is a pipe whose writing end only the parent holds (``spawn`` hands it to no
other process), so it reads end-of-file exactly when the parent process is gone, whichever
thread started the worker, on any platform, and at once if the parent died before the watch
began. This module imports only the standard library, so a worker starts quickly.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.process import BaseProcess


def exit_with_parent() -> None:
    """In a new worker (a pool's initializer): exit as soon as the process that started it ends."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_when_gone, args=(parent,), name="parent-watch", daemon=True
        ).start()


def _exit_when_gone(parent: BaseProcess) -> None:
    parent.join()
    os._exit(0)
