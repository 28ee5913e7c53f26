"""snippets/amp/exercise_skipped_steps.py (an exercise's solution): skipped steps and the LR schedule."""


def test_stepping_the_schedule_every_iteration_runs_it_ahead(run_snippet):
    s = run_snippet("amp/exercise_skipped_steps")
    assert s.results["every iteration"] == (7, 12, 0.025)  # 12 schedule steps for 5 optimizer steps
    assert s.results["after taken steps"] == (7, 5, 0.05)  # one halving after 5 real steps
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    assert "warning: Detected call of `lr_scheduler.step()` before `optimizer.step()`." in s.stdout
    line = "schedule.step() after taken steps:  skipped 7, optimizer steps 5, schedule steps 5, lr 0.05"
    assert line in s.stdout.splitlines()
