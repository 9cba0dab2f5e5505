"""Engine-versus-engine matches for Rin through GTP pipes (the GTP client
is rinlib.gtp).

Modules: clock (time controls), openings (random and file openings), game
(one refereed game), sgf (game records), stats (Elo, LOS, pentanomial
counts, SPRT), runner (parallel games, results, progress) and cli (the
command line of scripts/match).
"""
