"""SAST: one tree-sitter parse per file, pattern rules and taint rules over that tree."""
