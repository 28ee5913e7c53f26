"""snippets/amp/grad_scaler_dynamics.py: GradScaler("cpu") with fp16 backs off, skips and grows, for real."""

import base64

GROWTH_INTERVAL = 3


def test_first_steps_overflow_and_back_off(run_snippet):
    s = run_snippet("amp/grad_scaler_dynamics")
    assert s.history[:4] == [
        (262144.0, False, 131072.0),
        (131072.0, False, 65536.0),
        (65536.0, False, 32768.0),
        (32768.0, True, 32768.0),
    ]
    assert "   1      262144  1.3060    False           131072" in s.stdout


def test_every_rule_of_update(run_snippet):
    s = run_snippet("amp/grad_scaler_dynamics")
    clean_run = 0
    for used, taken, next_scale in s.history:
        if not taken:  # inf/NaN found: optimizer.step() skipped, the scale halves, the count restarts
            assert next_scale == used / 2
            clean_run = 0
        else:
            clean_run += 1
            grows = clean_run == GROWTH_INTERVAL
            assert next_scale == (used * 2 if grows else used)
            clean_run = 0 if grows else clean_run
    assert sum(not taken for _, taken, _ in s.history) == 5
    assert s.scaler.state_dict() == {
        "scale": 65536.0,
        "growth_factor": 2.0,
        "backoff_factor": 0.5,
        "growth_interval": 3,
        "_growth_tracker": 2,
    }


def test_overflow_after_growth_and_a_nan_batch_are_skipped(run_snippet):
    s = run_snippet("amp/grad_scaler_dynamics")
    assert s.history[9] == (131072.0, False, 65536.0)  # grew at step 9, overflowed at step 10
    assert s.history[15] == (131072.0, False, 65536.0)  # the NaN sample of step 16
    assert "  16      131072  nan       False            65536" in s.stdout
    # A skipped step changes nothing: the next step starts from the same loss.
    assert "  10      131072  1.0754    False            65536" in s.stdout
    assert "  11       65536  1.0754    True             65536" in s.stdout


def test_the_figure_draws_the_scales_the_scaler_produced(run_snippet, build_record):
    s = run_snippet("amp/grad_scaler_dynamics")
    assert s.scales == [used for used, _, _ in s.history]
    # Three halvings from 2**18, growth after three clean steps, a backoff at 10 and at the NaN of 16.
    assert [int(v).bit_length() - 1 for v in s.scales] == [
        18,
        17,
        16,
        15,
        15,
        15,
        16,
        16,
        16,
        17,
        16,
        16,
        16,
        17,
        17,
        17,
        16,
        16,
    ]
    assert s.skipped == [1, 2, 3, 10, 16]
    line = s.ax.lines[0]
    assert list(line.get_xdata()) == list(range(1, 19)) and list(line.get_ydata()) == s.scales
    crosses = s.ax.collections[0].get_offsets().tolist()
    assert crosses == [[1, 2.0**18], [2, 2.0**17], [3, 2.0**16], [10, 2.0**17], [16, 2.0**17]]
    png = base64.b64decode(build_record("amp/grad_scaler_dynamics").figures["grad_scale.png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
