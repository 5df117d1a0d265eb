"""The hub: its rooms, who is connected as whom, and the messages each connection gets."""
