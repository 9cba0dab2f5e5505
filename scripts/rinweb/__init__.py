"""rin-web: a local web page to play and analyse Rin against the engine. The
server (standard library only) runs one engine per game over GTP pipes and
turns validated JSON requests into GTP; the page is in static/."""
