"""Outside opponents for the bot levels, loaded as seats (`module:Class`); they import nothing from the levels."""
