def test_rank0_saves_and_every_rank_loads_the_same_weights(build_record):
    out = build_record("distributed/checkpoint").output
    device = "cuda:0" if "loaded onto cuda" in out else "cpu"
    other = "cuda:1" if device == "cuda:0" else "cpu"
    assert out.splitlines() == [
        "[rank0] rank 0 saved: ['weight', 'bias']",
        f"[rank0] rank 0: loaded onto {device}, equal to the trained weights: True",
        f"[rank1] rank 1: loaded onto {other}, equal to the trained weights: True",
    ]
