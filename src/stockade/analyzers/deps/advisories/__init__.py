"""Advisory sources: a local OSV store (SQLite) and the online OSV API."""
