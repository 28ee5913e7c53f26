"""Loaded first by every fresh interpreter the engine starts (docs_runner/startup leads their PYTHONPATH):
the project's warning policy and the device check, as a forked run gets them from the fork server.
Processes that a snippet starts with its own CUDA_VISIBLE_DEVICES (a lesson on choosing GPUs) keep the
warning policy but are not held to the build's device."""

import os
import sys

if os.environ.get("DOCS_DEVICE"):
    from docs_runner import policy

    policy.apply_warning_filters(policy.warning_filters())
    # `python -c` runs no snippet: multiprocessing's helpers (its resource tracker, spawn's children such as
    # horovodrun's per-rank middlemen) would only pay for a torch import, and could outlive their launcher.
    if policy.sees_build_devices() and sys.argv[:1] != ["-c"]:
        policy.check_device(sys.argv[0] if sys.argv and sys.argv[0] else "python")
