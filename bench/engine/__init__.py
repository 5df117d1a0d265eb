"""Engine speed: random games per second, legal moves at a full table, and beside OpenSpiel."""
