"""Win probability for stored games: the tables built from simulated games, a game's chances
play by play, and the chart drawn from them."""
