"""Voice benchmarks: transcripts parsed per second, and the delay from a spoken call to the move on the TV."""
