"""Storage: SQLite system of record and search indexes."""
