"""Dependency analysis: lockfile and manifest parsers, OSV advisory store, exact matching."""
