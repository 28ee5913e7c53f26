"""snippets/ddp_script/exercise_padding_mask.py, launched with torchrun on 4 processes: the padded, shuffled
sampler's repeats are found by their position in its list, and leaving them out gives eval_once.py's count."""

from torch.utils.data import DistributedSampler

from tests.snippets.ddp_script.test_eval_once import lines_of, one_process_result


def test_each_rank_finds_exactly_the_samplers_repeats(build_record):
    out = build_record("ddp_script/exercise_padding_mask").output
    samplers = [DistributedSampler(range(10), num_replicas=4, rank=r, shuffle=True, seed=0) for r in range(4)]
    shares = [list(sampler) for sampler in samplers]
    everything = [i for share in shares for i in share]
    assert sorted(everything) == sorted([*range(10), *shares[2][-1:], *shares[3][-1:]])  # 12 = 10 + 2 repeats
    for rank in range(4):
        repeats = shares[rank][2:] if rank >= 2 else []  # positions 10 and 11 of the padded list
        assert lines_of(out, rank)[0] == f"rank {rank}: share {shares[rank]}, repeats {repeats}"


def test_leaving_the_repeats_out_gives_the_one_process_count(build_record):
    out = build_record("ddp_script/exercise_padding_mask").output
    assert lines_of(out, 0)[1:] == [f"padded and shuffled, repeats left out: {sum(one_process_result())}/10"]
    assert [len(lines_of(out, rank)) for rank in range(4)] == [2, 1, 1, 1]  # only rank 0 prints the count
