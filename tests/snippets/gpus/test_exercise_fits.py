"""snippets/gpus/exercise_fits.py (an exercise's solution): 16 bytes per parameter for fp32 AdamW training."""


def test_training_state_is_16_bytes_per_parameter(run_snippet):
    s = run_snippet("gpus/exercise_fits")
    assert s.params == 512 * 1024 + 1024 + 1024 * 10 + 10 == 535_562
    assert list(s.counted.values()) == [4 * s.params, 4 * s.params, 8 * s.params]
    assert s.per_param == 16
    assert "total: 16 bytes per parameter" in s.stdout.splitlines()


def test_what_fits_in_80_gib(run_snippet):
    s = run_snippet("gpus/exercise_fits")
    lines = s.stdout.splitlines()
    assert " 1B parameters need   14.9 GiB | fits in 80 GiB: True" in lines
    assert " 7B parameters need  104.3 GiB | fits in 80 GiB: False" in lines
    assert "largest model whose training state fits in 80 GiB: 5.37B parameters" in lines
