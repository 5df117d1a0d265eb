"""What is kept: the SQLite store, finished games, their export, the evening and its scoreboard."""
