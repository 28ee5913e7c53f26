import copy

import torch
from torch import nn


def test_registered_parameters(run_snippet):
    s = run_snippet("nn/custom_module")
    names = [name for name, _ in s.named]
    assert names == ["scale", "hidden.weight", "hidden.bias", "out.weight", "out.bias"]
    assert "named_parameters: 5" in s.stdout
    assert "total parameters: 60" in s.stdout
    assert sum(p.numel() for _, p in s.named) == 4 * 8 + 8 + 8 * 2 + 2 + 2
    assert all(isinstance(p, nn.Parameter) and p.requires_grad for _, p in s.named)
    assert "  hidden.weight  (8, 4)   requires_grad=True" in s.stdout


def test_buffer_is_saved_but_not_trained(run_snippet):
    s = run_snippet("nn/custom_module")
    assert [name for name, _ in s.model.named_buffers()] == ["calls"]
    assert s.model.calls.item() == 2  # forward ran twice: once in training mode, once in evaluation mode
    keys = ["scale", "calls", "hidden.weight", "hidden.bias", "out.weight", "out.bias"]
    assert list(s.model.state_dict()) == [*keys, "extra.0.weight", "extra.0.bias"]  # after the ModuleList fix
    assert "buffers: ['calls']" in s.stdout


def test_plain_attributes_are_not_registered(run_snippet):
    s = run_snippet("nn/custom_module")
    assert "offset registered: False" in s.stdout
    assert "extra layer registered: False" in s.stdout
    assert "plain tensor requires_grad: False" in s.stdout
    assert "offset" not in s.model.state_dict()


def test_output_and_grads(run_snippet):
    s = run_snippet("nn/custom_module")
    assert s.y.shape == (5, 2)
    assert "input (5, 4) -> output (5, 2)" in s.stdout
    grads = {name: p.grad for name, p in s.model.named_parameters()}
    assert all(grads[name] is not None for name, _ in s.named)
    assert grads["extra.0.weight"] is None  # registered only after the backward
    assert "grads filled: True" in s.stdout


def test_eval_and_train_set_the_flag_on_every_submodule(run_snippet):
    s = run_snippet("nn/custom_module")
    assert "same output after eval(): True" in s.stdout
    assert torch.equal(s.y_eval, s.y)
    assert all(m.training for m in s.model.modules())  # train() came last
    model = copy.deepcopy(s.model)  # a copy: the other tests share s
    assert model.eval() is model  # eval() returns the module itself
    assert not any(m.training for m in model.modules())
    assert model.train() is model and all(m.training for m in model.modules())


def test_module_list_registers(run_snippet):
    s = run_snippet("nn/custom_module")
    assert isinstance(s.model.extra, nn.ModuleList)
    assert "named_parameters after nn.ModuleList: 7" in s.stdout
    assert "extra.0.weight" in dict(s.model.named_parameters())


def test_forgetting_super_init_fails():
    class Broken(nn.Module):
        def __init__(self):
            self.layer = nn.Linear(2, 2)

    try:
        Broken()
    except AttributeError as err:
        assert "cannot assign module before Module.__init__() call" in str(err)
    else:
        raise AssertionError("expected an AttributeError")
    assert torch.zeros(1).requires_grad is False
