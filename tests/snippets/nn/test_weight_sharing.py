import copy

import torch


def test_one_layer_twice_is_one_set_of_parameters(run_snippet):
    s = run_snippet("nn/weight_sharing")
    assert len(list(s.model.parameters())) == 2
    assert s.n_numbers == 12
    assert "parameter tensors: 2 | numbers: 12" in s.stdout


def test_gradient_is_the_sum_of_both_uses(run_snippet):
    s = run_snippet("nn/weight_sharing")
    assert not torch.allclose(s.first.weight.grad, s.second.weight.grad)
    assert torch.allclose(s.model.shared.weight.grad, s.summed)
    assert torch.allclose(s.model.shared.bias.grad, s.first.bias.grad + s.second.bias.grad)
    assert "same output as two copies: True" in s.stdout
    assert "first use grad == second use grad: False" in s.stdout
    assert "shared grad == first + second: True" in s.stdout


def test_tied_embedding_and_decoder(run_snippet):
    s = run_snippet("nn/weight_sharing")
    assert s.tied.decode.weight is s.tied.embed
    assert len(list(s.tied.parameters())) == 1
    assert [n for n, _ in s.tied.named_parameters()] == ["embed"]
    assert list(s.tied.state_dict()) == ["embed", "decode.weight"]  # saving keeps both names
    assert "parameters(): 1 <- duplicates are listed once" in s.stdout
    assert "all names: ['embed', 'decode.weight']" in s.stdout
    assert "same object: True" in s.stdout
    assert "tied output: (1, 3, 10)" in s.stdout


def test_optimizer_updates_a_tied_weight_once(run_snippet):
    s = run_snippet("nn/weight_sharing")
    tied = copy.deepcopy(s.tied).cpu()  # a copy: the other tests share s
    optimizer = torch.optim.SGD(tied.parameters(), lr=1.0)
    assert len(optimizer.param_groups[0]["params"]) == 1
    before = tied.embed.detach().clone()
    tied(torch.tensor([[1, 2]])).sum().backward()
    optimizer.step()
    assert torch.equal(tied.decode.weight, tied.embed)
    assert not torch.equal(tied.embed, before)
