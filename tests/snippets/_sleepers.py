"""Stand-ins for the torchrun processes a driver snippet starts, for tests of its cleanup path."""

import subprocess
import sys


def sleepers_instead_of_popen(monkeypatch) -> tuple[list, list]:
    """Make subprocess.Popen start a sleeping Python whose first wait fails (as a timeout would) while it is
    alive. Returns (started, jobs): each (command, kwargs) the snippet asked for, and each process started."""
    started, jobs = [], []

    class Sleeper(subprocess.Popen):
        def __init__(self, command, **kwargs):
            started.append((command, kwargs))
            super().__init__([sys.executable, "-c", "import time; time.sleep(60)"], **kwargs)
            jobs.append(self)

        def communicate(self, input=None, timeout=None):
            raise subprocess.TimeoutExpired(self.args, timeout)

    monkeypatch.setattr(subprocess, "Popen", Sleeper)
    return started, jobs
