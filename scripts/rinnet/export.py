"""The engine's weights file (engine/eval/nnue_weights.h) from a trained
network: quantized to the engine's integers."""

import hashlib
import struct

import numpy as np

from . import model as netmodel

MAGIC = b"RINNNUE\x1a"
VERSION = 2  # NNUE_WEIGHTS_VERSION: distances capped at 2
FEATURE_LAYOUT = 2   # FEAT_LAYOUT
ONE = 1024           # NNUE_ONE
WEIGHT_ONE = 4096    # NNUE_WEIGHT_ONE
ROW_MAX = 5000       # NNUE_ROW_MAX


def fnv1a(data):
    h = 0x811C9DC5
    for byte in data:
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return h


def _quantize(values, scale, low, high, dtype):
    q = np.rint(np.asarray(values, dtype=np.float64) * scale)
    return np.clip(q, low, high).astype(dtype)


def weights_bytes(net):
    """The bytes of the weights file of `net` (a model.Net)."""
    p = {name: t.detach().cpu().numpy().astype(np.float64) for name, t in net.state_dict().items()}
    rows = net.rows
    i16 = ("<i2", -32767, 32767)
    i32 = ("<i4", -(1 << 29), 1 << 29)
    bias_scale = ONE * WEIGHT_ONE
    parts = [
        _quantize(p["feature.weight"][:rows], ONE, -ROW_MAX, ROW_MAX, "<i2"),
        _quantize(p["point_bias"], ONE, -ROW_MAX, ROW_MAX, "<i2"),
        _quantize(p["owner.weight"].reshape(-1), WEIGHT_ONE, i16[1], i16[2], i16[0]),
        _quantize(p["owner.bias"], bias_scale, i32[1], i32[2], i32[0]),
        _quantize(p["l1.weight"], WEIGHT_ONE, -WEIGHT_ONE, WEIGHT_ONE, i16[0]),
        _quantize(p["l1.bias"], bias_scale, i32[1], i32[2], i32[0]),
        _quantize(p["l2.weight"], WEIGHT_ONE, i16[1], i16[2], i16[0]),
        _quantize(p["l2.bias"], bias_scale, i32[1], i32[2], i32[0]),
        _quantize(p["out.weight"].reshape(-1), WEIGHT_ONE, i16[1], i16[2], i16[0]),
        _quantize(p["out.bias"], bias_scale, i32[1], i32[2], i32[0]),
    ]
    header = MAGIC + struct.pack("<7I", VERSION, FEATURE_LAYOUT, netmodel.HIDDEN, netmodel.POOLS, netmodel.L1,
                                 netmodel.L2, rows)
    body = header + b"".join(part.tobytes() for part in parts)
    return body + struct.pack("<I", fnv1a(body))


def file_name(data):
    """The name the engine's weights files carry: by their contents."""
    return "rin-net-" + hashlib.sha256(data).hexdigest()[:12] + ".rinn"
