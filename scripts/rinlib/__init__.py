"""What every Rin script shares: the engine's words, read one way."""
