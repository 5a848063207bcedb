"""Playing by taps: a decision's legal moves as a short series of choices (pure; rules only)."""
