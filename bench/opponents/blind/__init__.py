"""Opponents written blind for issue 35: their author saw only the plug-in interface (docs/BOTS.md), not the bots."""
