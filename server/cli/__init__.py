"""The `dudo` command: serve, stop, history, tournament, event."""
