"""The evaluation network's trainer: reads `rin selfplay` game files through
the engine's own feature code (librinnet, ctypes), trains the network of
engine/eval/nnue.h with PyTorch and writes the engine's weights file."""
