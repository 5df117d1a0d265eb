"""The decision policy: whether, and for whom, a heard move is played in a position."""
