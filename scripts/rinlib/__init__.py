"""What every Rin script shares: the engine's words, read one way.

Modules: gtp (one engine process over GTP pipes), score (scores and game
results), analysis (rin-analyze answers, streamed lines and search
progress), sgf (game records read and written, SGF points) and position
(position strings and vertices). Type hints throughout, checked by mypy.
"""
