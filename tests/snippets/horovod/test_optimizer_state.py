"""snippets/horovod/optimizer_state.py: on a fresh optimizer, broadcast_optimizer_state takes one step with
zero gradients, which starts Adam's step counter and applies AdamW's weight decay once."""


def test_a_zero_gradient_step_created_the_state(build_record):
    out = build_record("horovod/optimizer_state").output
    for rank in (0, 1):
        assert f"[rank{rank}] state entries before: 0\n" in out
        assert f"[rank{rank}] state entries after:  2\n" in out  # weight and bias
        assert f"[rank{rank}] Adam's step counter:  1.0\n" in out
        assert f"[rank{rank}] moments all zero:     True\n" in out
        # 1 - lr * weight_decay = 1 - 0.01 * 0.1
        assert f"[rank{rank}] weight after / before: [0.999, 0.999, 0.999, 0.999]\n" in out
