import torch


def test_lstm_shapes(run_snippet):
    s = run_snippet("nn/recurrent")
    assert s.x.shape == (3, 7, 5)
    assert s.out.shape == (3, 7, 16)
    assert s.h_n.shape == (2, 3, 16) and s.c_n.shape == (2, 3, 16)
    assert torch.allclose(s.out[:, -1], s.h_n[-1])  # top layer's last step
    assert "  output (3, 7, 16) <- top layer's h at every step" in s.stdout
    assert "  h_n    (2, 3, 16) <- last h of each layer: (num_layers, batch, hidden)" in s.stdout


def test_gru_bidirectional_shapes(run_snippet):
    s = run_snippet("nn/recurrent")
    assert s.g_out.shape == (3, 7, 32)
    assert s.g_h.shape == (2, 3, 16)
    # forward direction: last step, first half; backward direction: step 0, second half
    assert torch.allclose(s.g_out[:, -1, :16], s.g_h[0])
    assert torch.allclose(s.g_out[:, 0, 16:], s.g_h[1])
    assert "  output (3, 7, 32) <- forward and backward h concatenated: 2 * hidden" in s.stdout


def test_sequence_first_layout(run_snippet):
    s = run_snippet("nn/recurrent")
    assert s.out_sf.shape == (7, 3, 16)
    assert "LSTM(5, 16) default layout: input (7, 3, 5) -> output (7, 3, 16)" in s.stdout


def test_weights_shared_over_time(run_snippet):
    s = run_snippet("nn/recurrent")
    # layer 0: 4*16*(5 + 16) + 2*4*16; layer 1: 4*16*(16 + 16) + 2*4*16
    assert s.n_params == 4 * 16 * 21 + 128 + 4 * 16 * 32 + 128 == 3648
    assert s.long_out.shape == (3, 100, 16)
    assert "LSTM parameters: 3648 | a 100-step sequence gives (3, 100, 16)" in s.stdout
    assert "  weight_ih_l0 (64, 5)" in s.stdout and "  weight_hh_l0 (64, 16)" in s.stdout


def test_zero_initial_state_is_the_default(run_snippet):
    s = run_snippet("nn/recurrent")
    assert torch.allclose(s.out_zero_state, s.out)
    assert "explicit zero state == default: True" in s.stdout
