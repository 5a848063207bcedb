"""Computer players: decide from a seat's view and the public log, never from a state."""
