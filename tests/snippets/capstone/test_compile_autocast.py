"""snippets/capstone/compile_autocast.py: under autocast the compiled model computes in bfloat16 as eager
does, to the same values on the CPU, while the weights stay float32."""

import torch


def test_compiled_and_eager_logits_are_bfloat16_and_close(run_snippet):
    s = run_snippet("capstone/compile_autocast")
    assert s.eager_logits.dtype == s.compiled_logits.dtype == torch.bfloat16
    assert s.eager_logits.shape == (64, 10)
    assert torch.allclose(s.compiled_logits.float(), s.eager_logits.float(), atol=0.05)
    assert "eager logits:    torch.bfloat16\n" in s.stdout
    assert "compiled logits: torch.bfloat16\n" in s.stdout
    assert "weights: torch.float32\n" in s.stdout


def test_the_printed_difference_is_the_computed_one(run_snippet):
    s = run_snippet("capstone/compile_autocast")
    difference = (s.compiled_logits.float() - s.eager_logits.float()).abs().max().item()
    assert f"largest difference: {difference}\n" in s.stdout
    with torch.no_grad():
        assert s.model(s.images).dtype == torch.float32  # outside autocast the same model is float32 again
