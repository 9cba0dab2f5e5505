"""The network of engine/eval/nnue.h in PyTorch, in floats: what the
engine computes in integers (eval/nnue.c), before quantization."""

import torch
from torch import nn

HIDDEN = 32      # NNUE_HIDDEN
POOLS = 6        # NNUE_POOLS
L1 = 32          # NNUE_L1
L2 = 32          # NNUE_L2
POOL_POINTS = 32  # a pool's input is its sum over 2^NNUE_POOL_SHIFT points
WEIGHT_MAX = 7.99  # layer weights are int16 at NNUE_WEIGHT_ONE = 4096
L1_WEIGHT_MAX = 1.0  # layer 1's, whose inputs add up to 256, keep its sums in int32
ROW_MAX = 5000 / 1024  # NNUE_ROW_MAX, in activations: a row's or the bias's largest entry


class _FeatureSum(torch.autograd.Function):
    """Every point's rows summed: (rows, H) table, (N, G) keys -> (N, H).
    The gradient is scattered back with index_add_, row by row in key
    order, which on a CPU is both faster than EmbeddingBag's sorting
    backward and deterministic."""

    @staticmethod
    def forward(ctx, table, key):
        ctx.save_for_backward(key)
        ctx.rows = table.shape[0]
        out = table[key[:, 0]]
        for g in range(1, key.shape[1]):
            out += table[key[:, g]]
        return out

    @staticmethod
    def backward(ctx, grad):
        (key,) = ctx.saved_tensors
        grad_table = torch.zeros(ctx.rows, grad.shape[1], dtype=grad.dtype)
        for g in range(key.shape[1]):
            grad_table.index_add_(0, key[:, g], grad)
        return grad_table, None


class Net(nn.Module):
    def __init__(self, rows):
        super().__init__()
        self.rows = rows
        # the last row is the padding of points off the board: always zero
        self.feature = nn.Embedding(rows + 1, HIDDEN)
        self.point_bias = nn.Parameter(torch.zeros(HIDDEN))
        self.owner = nn.Linear(HIDDEN, 1)
        self.l1 = nn.Linear(POOLS * HIDDEN + 1, L1)
        self.l2 = nn.Linear(L1, L2)
        self.out = nn.Linear(L2, 1)
        with torch.no_grad():
            self.feature.weight.uniform_(-0.05, 0.05)
            self.feature.weight[rows].zero_()
            self.point_bias.fill_(0.25)

    def clamp_(self):
        """Keeps every weight inside what the engine's integers hold."""
        with torch.no_grad():
            self.feature.weight.clamp_(-ROW_MAX, ROW_MAX)
            self.point_bias.clamp_(-ROW_MAX, ROW_MAX)
            for layer in (self.owner, self.l2, self.out):
                layer.weight.clamp_(-WEIGHT_MAX, WEIGHT_MAX)
            self.l1.weight.clamp_(-L1_WEIGHT_MAX, L1_WEIGHT_MAX)

    def forward(self, key, pool, two_left):
        """key (B, 256, 5) long, pool (B, 256) long (255 off the board),
        two_left (B,) float: (margin (B,), owner logits (B, 256), on (B, 256))."""
        b, points, groups = key.shape
        acc = _FeatureSum.apply(self.feature.weight, key.reshape(b * points, groups)).reshape(b, points, HIDDEN)
        acc = acc + self.point_bias
        hidden = acc.clamp(0.0, 1.0)
        on = pool != 255
        z = self.owner(hidden).squeeze(-1)
        owner_margin = (torch.tanh(z / 2) * on).sum(1)
        onehot = torch.nn.functional.one_hot(pool.long().clamp(max=POOLS), POOLS + 1)[..., :POOLS].to(hidden.dtype)
        pooled = torch.einsum("bph,bpk->bkh", hidden, onehot) / POOL_POINTS
        x = torch.cat([pooled.reshape(b, POOLS * HIDDEN), two_left.reshape(b, 1)], 1)
        a1 = self.l1(x).clamp(0.0, 1.0)
        a2 = self.l2(a1).clamp(0.0, 1.0)
        correction = self.out(a2).squeeze(-1)
        return owner_margin + correction, z, on
