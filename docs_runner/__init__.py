"""docs_runner: runs the site's lesson code the way its reader is told to, and remembers what it printed.

Stages, one module each (import what you need; nothing here imports mkdocs or a hook):

    spec        the header grammar a snippet declares (`# run:`, `# needs:`, `# measured:` ...)
    machine     which device and hardware this machine offers
    policy      the warning policy, the device check and the environment every run gets
    records     what one run produced (Record), and normalising measured values
    cache       content-addressed records under .cache/snippets, keyed on everything that can change them
    procs       process groups, free ports, servers started for a run
    forkserver  one preloaded process (torch imported once) that forks a child per snippet
    launchers   torchrun / horovodrun command lines, per-rank output, the exit-abort retry
    execute     running snippets and notebook cells: run_one, run_all, run_cells
    notebooks   the jupytext notebook examples under examples/: code cells, one cache payload
    recordings  GPU outputs committed under recordings/cuda/
    shard       CI's sharded runs (`python -m docs_runner shard ...`)

Command line: python -m docs_runner run FILE | shard TARGET... | record
"""

from docs_runner.errors import SnippetError

__all__ = ["SnippetError"]
