import warnings

import pytest
import torch

PROBLEM = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
    "[torch.FloatTensor [3]], which is output 0 of Sigmoid, is at version 1; expected version 0 instead."
)
HINT = (
    "enable anomaly detection to find the operation that failed to compute its gradient, "
    "with torch.autograd.set_detect_anomaly(True, check_nan=False)."
)
ANOMALY_HINT = (
    "the backtrace further above shows the operation that failed to compute its gradient. "
    "The variable in question was changed in there or anywhere later. Good luck!"
)
ENABLED = (
    "Anomaly Detection has been enabled. "
    "This mode will increase the runtime and should only be enabled for debugging."
)
DETECTED = "Error detected in SigmoidBackward0. Traceback of forward call that caused the error:"
NAN = "Function 'SqrtBackward0' returned nan values in its 0th output."


def test_in_place_change_of_a_saved_tensor_fails_at_backward(run_snippet):
    s = run_snippet("autograd/anomaly")
    assert s.message == f"{PROBLEM} Hint: {HINT}"
    assert f"RuntimeError: {PROBLEM}\nHint: {HINT}\n" in s.stdout
    assert s.x.grad is None  # both backward passes failed before reaching x


def test_anomaly_mode_warns_with_the_forward_traceback(run_snippet):
    s = run_snippet("autograd/anomaly")
    assert s.anomaly_message == f"{PROBLEM} Hint: {ANOMALY_HINT}"
    assert [w.category for w in s.caught] == [UserWarning, UserWarning]
    assert s.warned[0] == [ENABLED]
    assert s.report[0] == DETECTED
    assert s.source_lines[-1].startswith("h = x.sigmoid()")  # the op whose saved output was changed
    assert f"UserWarning: {DETECTED}\n  last forward line in that traceback: h = x.sigmoid()" in s.stdout
    assert not torch.is_anomaly_enabled()  # the context manager switched it off again


def test_anomaly_mode_stops_at_nan(run_snippet):
    s = run_snippet("autograd/anomaly")
    assert s.nan_message == NAN
    assert f"RuntimeError: {NAN}" in s.stdout


def test_set_detect_anomaly_gives_the_same_report():
    x = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with torch.autograd.set_detect_anomaly(True), pytest.raises(RuntimeError, match="Good luck!"):
            y = x.exp()  # exp saves its output
            y.add_(1)
            y.sum().backward()
    assert [str(w.message).splitlines()[0] for w in caught] == [
        "Error detected in ExpBackward0. Traceback of forward call that caused the error:"
    ]
    assert not torch.is_anomaly_enabled()
