"""python -m docs_runner run FILE | shard TARGET... | record

run snippets/tensors/creation.py     one run, as the build does it; prints its output
shard snippets/amp examples          one CI shard, into the cache (SNIPPET_CACHE_DIR to choose where)
record                               on a GPU machine (make record): keep CUDA outputs in recordings/cuda/
"""

from __future__ import annotations

import sys

from docs_runner import machine, paths
from docs_runner.errors import SnippetError


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "run":
        from docs_runner.execute import run_one

        sys.stdout.write(run_one(argv[1], machine.detect_device()).output)
        return 0
    if len(argv) > 1 and argv[0] == "shard":
        from docs_runner.shard import run_shard

        ran, from_cache = run_shard(argv[1:])
        print("".join(f"ran {path}\n" for path in ran) + f"snippets: {len(ran)} ran, {from_cache} from cache")
        return 0
    if argv == ["record"]:
        from docs_runner.recordings import record_all

        for file in record_all(machine.detect_device()):
            print(file.relative_to(paths.ROOT))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except SnippetError as exc:
        sys.exit(str(exc))
