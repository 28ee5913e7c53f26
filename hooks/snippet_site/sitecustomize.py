"""Loaded first by every fresh interpreter the snippet runner starts (it is on their PYTHONPATH, with
hooks/): the project's warning policy and the device check, as a forked run gets them from the fork server."""

import os
import sys

if os.environ.get("DOCS_DEVICE"):
    import snippet_runner

    snippet_runner.apply_warning_filters(snippet_runner.warning_filters())
    snippet_runner.check_device(sys.argv[0] if sys.argv and sys.argv[0] else "python")
