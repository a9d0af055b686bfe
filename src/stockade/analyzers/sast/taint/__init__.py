"""Intraprocedural taint tracking with same-file function summaries."""
