import warnings

import torch
from torch.autograd import Variable

VOLATILE_ARG = "volatile was removed and now has no effect. Use `with torch.no_grad():` instead."
VOLATILE_ATTR = "volatile was removed (Variable.volatile is always False)"


def test_variable_returns_a_plain_tensor_sharing_memory(run_snippet):
    s = run_snippet("autograd/variable_volatile")
    assert type(s.v) is torch.Tensor and not s.v.requires_grad
    assert "type(Variable(t)): Tensor | same object as t: False" in s.stdout
    assert "shares t's memory: True | requires_grad: False" in s.stdout
    assert "isinstance(t, Variable): True" in s.stdout


def test_wrapping_a_tracked_tensor_detaches_it(run_snippet):
    s = run_snippet("autograd/variable_volatile")
    assert "Variable(w) with w tracked: requires_grad = False | is_leaf = True" in s.stdout
    assert s.legacy.requires_grad and s.modern.requires_grad
    w = torch.ones(2, requires_grad=True)
    assert Variable(w).grad_fn is None and not Variable(w).requires_grad


def test_volatile_only_warns(run_snippet):
    s = run_snippet("autograd/variable_volatile")
    assert s.messages == [f"UserWarning: {VOLATILE_ARG}", f"UserWarning: {VOLATILE_ATTR}"]
    assert s.volatile_flag is False
    assert "x.volatile: False | out.requires_grad: True" in s.stdout  # still recorded
    assert "under torch.no_grad(): out.requires_grad = False" in s.stdout
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x = Variable(torch.ones(1), volatile=True)
    assert [str(w.message) for w in caught] == [VOLATILE_ARG]
    assert not x.requires_grad


def test_data_hides_in_place_changes_from_autograd(run_snippet):
    s = run_snippet("autograd/variable_volatile")
    assert s.data_grad == [0.0, 0.0]
    line = "after y.data.zero_(): w.grad = [0.0, 0.0] with no error; the true gradient is not zero"
    assert line in s.stdout
