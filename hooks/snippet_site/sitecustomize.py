"""Loaded first by every fresh interpreter the snippet runner starts (it is on their PYTHONPATH, with
hooks/): the project's warning policy and the device check, as a forked run gets them from the fork server.
Processes that a snippet starts with its own CUDA_VISIBLE_DEVICES (a lesson on choosing GPUs) keep the
warning policy but are not held to the build's device."""

import os
import sys

if os.environ.get("DOCS_DEVICE"):
    import snippet_runner

    snippet_runner.apply_warning_filters(snippet_runner.warning_filters())
    # `python -c` runs no snippet: multiprocessing's helpers (its resource tracker, spawn's children such as
    # horovodrun's per-rank middlemen) would only pay for a torch import, and could outlive their launcher.
    same_devices = os.environ.get("CUDA_VISIBLE_DEVICES", "<unset>") == os.environ.get("DOCS_VISIBLE_DEVICES")
    if same_devices and sys.argv[:1] != ["-c"]:
        snippet_runner.check_device(sys.argv[0] if sys.argv and sys.argv[0] else "python")
