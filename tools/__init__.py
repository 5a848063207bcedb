"""Developer tools run by hand (not by the bot)."""
