"""Law families; importing this package registers every rule with core.engine."""
