def test_buckets_are_all_reduced_while_backward_still_runs(run_snippet):
    s = run_snippet("distributed/ddp_buckets")
    assert s.events == [
        "gradient ready: 4.bias",
        "gradient ready: 4.weight",
        "gradient ready: 2.bias",
        "gradient ready: 2.weight",
        "all-reduce bucket 0: 4.bias, 4.weight, 2.bias, 2.weight",
        "gradient ready: 0.bias",
        "gradient ready: 0.weight",
        "all-reduce bucket 1: 0.bias, 0.weight",
    ]
    # The point: bucket 0 is sent before the first layer's gradient even exists.
    assert s.events.index("all-reduce bucket 0: 4.bias, 4.weight, 2.bias, 2.weight") < s.events.index(
        "gradient ready: 0.weight"
    )
    assert s.stdout == "\n".join(s.events) + "\n"


def test_the_hook_still_averages_so_gradients_are_plain_gradients(run_snippet):
    s = run_snippet("distributed/ddp_buckets")
    # World size 1: the average over ranks is the rank's own gradient of sum(output).
    last = s.model[4]
    assert last.bias.grad.tolist() == [16.0] * 10  # two backward passes, batch of 8, d(sum)/d(bias) = 8 each
