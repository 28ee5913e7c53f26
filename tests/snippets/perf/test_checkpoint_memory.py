"""snippets/perf/checkpoint_memory.py: the profiler's memory columns on the CPU. What forward leaves allocated
and how often the Linear layers run follow from the shapes and the code, so they are asserted exactly."""


def test_forward_leaves_half_the_memory_and_recomputes(run_snippet):
    s = run_snippet("perf/checkpoint_memory")
    lines = [line for line in s.stdout.splitlines() if line.startswith("checkpoint=")]
    assert lines == [
        "checkpoint=False: forward leaves 4106 KiB allocated | aten::addmm runs 9 times",
        "checkpoint=True : forward leaves 2067 KiB allocated | aten::addmm runs 17 times",
    ]


def test_the_last_run_is_the_checkpointed_one(run_snippet):
    s = run_snippet("perf/checkpoint_memory")
    assert s.checkpointed is True
    assert s.rows["aten::addmm"].count == 17  # 9 in forward, 8 again as backward reruns the four blocks
    assert s.kept // 1024 == 2067
