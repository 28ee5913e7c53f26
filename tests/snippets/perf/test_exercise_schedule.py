"""snippets/perf/exercise_schedule.py (an exercise's solution): the schedule records exactly the steps it
says, and the handler writes one trace file."""


def test_the_schedule_records_two_steps_after_wait_and_warmup(run_snippet):
    s = run_snippet("perf/exercise_schedule")
    assert s.steps == ["ProfilerStep#2", "ProfilerStep#3"]  # step 0 skipped, step 1 warm-up
    assert "steps recorded: ['ProfilerStep#2', 'ProfilerStep#3']" in s.stdout
    assert s.convolutions == [4]  # two Conv2d layers, two recorded steps
    assert "aten::conv2d calls: 4" in s.stdout


def test_the_handler_writes_one_trace_file(run_snippet):
    s = run_snippet("perf/exercise_schedule")
    assert len(s.files) == 1 and s.files[0].name.endswith(".pt.trace.json")
    assert "trace files written: 1" in s.stdout
