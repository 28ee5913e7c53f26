"""LSTM and GRU reuse one set of weights at every step; they return all outputs and the final state."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

batch, seq_len, n_in, hidden = 3, 7, 5, 16
lstm = nn.LSTM(input_size=n_in, hidden_size=hidden, num_layers=2, batch_first=True).to(device)
gru = nn.GRU(input_size=n_in, hidden_size=hidden, batch_first=True, bidirectional=True).to(device)

# batch_first=True means (batch, seq, feature); the default is (seq, batch, feature).
x = torch.randn(batch, seq_len, n_in, device=device)
out, (h_n, c_n) = lstm(x)  # LSTM state is a pair: hidden h and cell c
print("LSTM(5, 16, num_layers=2, batch_first)")
print("  input ", tuple(x.shape))
print("  output", tuple(out.shape), "<- top layer's h at every step")
print("  h_n   ", tuple(h_n.shape), "<- last h of each layer: (num_layers, batch, hidden)")
print("  c_n   ", tuple(c_n.shape))
print("  output[:, -1] == h_n[-1]:", torch.allclose(out[:, -1], h_n[-1]))

g_out, g_h = gru(x)  # GRU has no cell state
print("GRU(5, 16, bidirectional, batch_first)")
print("  output", tuple(g_out.shape), "<- forward and backward h concatenated: 2 * hidden")
print("  h_n   ", tuple(g_h.shape), "<- (num_directions, batch, hidden)")

# Without batch_first the same LSTM wants (seq, batch, feature).
lstm_seq_first = nn.LSTM(n_in, hidden).to(device)
out_sf, _ = lstm_seq_first(x.transpose(0, 1))
print("LSTM(5, 16) default layout: input", tuple(x.transpose(0, 1).shape), "-> output", tuple(out_sf.shape))

# The weights are shared across time steps: the parameter count does not depend on sequence length.
n_params = sum(p.numel() for p in lstm.parameters())
long_out, _ = lstm(torch.randn(batch, 100, n_in, device=device))
print("LSTM parameters:", n_params, "| a 100-step sequence gives", tuple(long_out.shape))
for name, p in lstm.named_parameters():
    if name.endswith("_l0"):  # four gates (input, forget, cell, output) stacked: 4 * hidden rows
        print(f"  {name:<12} {tuple(p.shape)}")

# An initial state can be passed in; zeros is what the layer uses when you leave it out.
h0 = torch.zeros(2, batch, hidden, device=device)
out_zero_state, _ = lstm(x, (h0, torch.zeros_like(h0)))
print("explicit zero state == default:", torch.allclose(out_zero_state, out))
