"""The engine's data library (protocol/formats/net_data.h) through ctypes:
positions of game files, batches of the features the engine's network
reads, and the engine's integer network on those positions."""

import ctypes
import os

import numpy as np

POINTS = 256          # NET_DATA_POINTS
GROUPS = 5            # FEAT_GROUPS
NO_POOL = 255         # NET_DATA_NO_POOL
ERROR_MAX = 256


def find_library(explicit=None):
    """The path of librinnet.so: explicit, $RIN_NET_LIB, or the build tree
    next to this source tree."""
    if explicit:
        return explicit
    if os.environ.get("RIN_NET_LIB"):
        return os.environ["RIN_NET_LIB"]
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, os.pardir, os.pardir, "build", "librinnet.so")


def _pointer(array, ctype):
    return array.ctypes.data_as(ctypes.POINTER(ctype))


class NetData:
    """Positions of binary game files (rin-games 1) with their labels."""

    def __init__(self, library=None):
        path = find_library(library)
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: no such library (build the engine first: cmake --build build)")
        lib = ctypes.CDLL(path)
        lib.net_data_create.restype = ctypes.c_void_p
        lib.net_data_destroy.argtypes = [ctypes.c_void_p]
        lib.net_data_read.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
        lib.net_data_read.restype = ctypes.c_int
        lib.net_data_count.argtypes = [ctypes.c_void_p]
        lib.net_data_count.restype = ctypes.c_size_t
        lib.net_data_rows.argtypes = [ctypes.c_void_p]
        lib.net_data_rows.restype = ctypes.c_uint32
        lib.net_data_describe.argtypes = [ctypes.c_void_p] + [ctypes.c_void_p] * 3
        lib.net_data_batch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t] + [ctypes.c_void_p] * 6
        lib.net_data_batch.restype = ctypes.c_int
        lib.net_data_evaluate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p,
                                          ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p,
                                          ctypes.c_size_t]
        lib.net_data_evaluate.restype = ctypes.c_int
        self._lib = lib
        self._handle = lib.net_data_create()
        if not self._handle:
            raise MemoryError("net_data_create")

    def close(self):
        if self._handle:
            self._lib.net_data_destroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def read(self, path):
        err = ctypes.create_string_buffer(ERROR_MAX)
        if self._lib.net_data_read(self._handle, os.fsencode(path), err, ERROR_MAX) != 0:
            raise ValueError(err.value.decode("utf-8", "replace"))

    def __len__(self):
        return self._lib.net_data_count(self._handle)

    @property
    def rows(self):
        return self._lib.net_data_rows(self._handle)

    def describe(self):
        """(game index, board size, stones on the board) of every position."""
        n = len(self)
        game = np.zeros(n, dtype=np.int64)
        size = np.zeros(n, dtype=np.int32)
        stones = np.zeros(n, dtype=np.int32)
        self._lib.net_data_describe(self._handle, game.ctypes.data, size.ctypes.data, stones.ctypes.data)
        return game, size, stones

    def batch(self, which):
        """Features and labels of the positions `which` (see net_data_batch)."""
        which = np.ascontiguousarray(which, dtype=np.int64)
        n = len(which)
        key = np.zeros((n, POINTS, GROUPS), dtype=np.uint32)
        pool = np.zeros((n, POINTS), dtype=np.uint8)
        owner = np.zeros((n, POINTS), dtype=np.int8)
        margin = np.zeros(n, dtype=np.float32)
        score = np.zeros(n, dtype=np.float32)
        two_left = np.zeros(n, dtype=np.uint8)
        if self._lib.net_data_batch(self._handle, which.ctypes.data, n, key.ctypes.data, pool.ctypes.data,
                                    owner.ctypes.data, margin.ctypes.data, score.ctypes.data,
                                    two_left.ctypes.data) != 0:
            raise IndexError("a position index out of range")
        return {"key": key, "pool": pool, "owner": owner, "margin": margin, "score": score, "two_left": two_left}

    def evaluate(self, weights, which):
        """The engine's network (the bytes of a weights file) on `which`:
        margins in stones and owners, side to move."""
        which = np.ascontiguousarray(which, dtype=np.int64)
        n = len(which)
        margin = np.zeros(n, dtype=np.float64)
        owner = np.zeros((n, POINTS), dtype=np.float32)
        err = ctypes.create_string_buffer(ERROR_MAX)
        if self._lib.net_data_evaluate(self._handle, weights, len(weights), which.ctypes.data, n,
                                       margin.ctypes.data, owner.ctypes.data, err, ERROR_MAX) != 0:
            raise ValueError(err.value.decode("utf-8", "replace"))
        return margin, owner
