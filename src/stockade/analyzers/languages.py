"""Language detection by file name, extension and shebang."""

from __future__ import annotations

import re

EXTENSIONS: dict[str, str] = {
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".java": "java",
    ".go": "go",
    ".php": "php",
    ".phtml": "php",
    # Drupal's extension files: PHP code after <?php (without it, the grammar reads
    # the file as plain text, so a .inc of another language yields nothing)
    ".module": "php",
    ".install": "php",
    ".theme": "php",
    ".engine": "php",
    ".php3": "php",
    ".php4": "php",
    ".php5": "php",
    ".php7": "php",
    ".phps": "php",
    ".inc": "php",
    ".rb": "ruby",
    ".rake": "ruby",
    ".gemspec": "ruby",
    ".ru": "ruby",
    ".erb": "erb",
    ".cs": "csharp",
    ".cshtml": "razor",
    ".razor": "razor",
    ".config": "dotnet-config",
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".xml": "xml",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".tf": "terraform",
    ".hcl": "terraform",
    ".kt": "kotlin",
    ".kts": "kotlin",
    ".scala": "scala",
    ".swift": "swift",
    ".rs": "rust",
    ".c": "c",
    ".h": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".hpp": "cpp",
    ".html": "html",
    ".htm": "html",
    ".vue": "vue",
    ".svelte": "svelte",
    ".jinja": "jinja",
    ".jinja2": "jinja",
    ".j2": "jinja",
    ".njk": "jinja",
    ".ejs": "ejs",
    ".hbs": "handlebars",
    ".handlebars": "handlebars",
    ".mustache": "handlebars",
    ".pug": "pug",
    ".jade": "pug",
    ".properties": "properties",
    ".ini": "ini",
    ".cfg": "ini",
    ".env": "dotenv",
    ".sql": "sql",
    ".md": "markdown",
}
FILENAMES: dict[str, str] = {
    "Rakefile": "ruby",
    "Gemfile": "ruby",
    "Guardfile": "ruby",
    "Vagrantfile": "ruby",
    "Dockerfile": "dockerfile",
    "Makefile": "make",
    ".env": "dotenv",
}
_SHEBANG = re.compile(
    rb"^#![ \t]*(?:/usr)?(?:/local)?/bin/(?:env[ \t]+(?:-S[ \t]+)?)?([A-Za-z_.-]+)"
)
_INTERPRETERS: tuple[tuple[str, str], ...] = (
    ("python", "python"),
    ("node", "javascript"),
    ("deno", "typescript"),
    ("bun", "javascript"),
    ("ts-node", "typescript"),
    ("ruby", "ruby"),
    ("php", "php"),
    ("bash", "shell"),
    ("sh", "shell"),
    ("zsh", "shell"),
    ("dash", "shell"),
)


def language_of_path(path: str) -> str | None:
    """Language from the file name alone, or None when the name says nothing. String
    operations, not ``PurePosixPath``: this runs for every file of a walk, and the same
    suffix rule (the last dot, not leading, not trailing) costs a sixth of the time."""
    name = path.rpartition("/")[2]
    if name in FILENAMES:
        return FILENAMES[name]
    if name.startswith(".env"):
        return "dotenv"
    dot = name.rfind(".")
    return EXTENSIONS.get(name[dot:].lower()) if 0 < dot < len(name) - 1 else None


def language_of_shebang(head: bytes) -> str | None:
    """Language from a ``#!`` line (``#!/usr/bin/env python3`` → python)."""
    m = _SHEBANG.match(head)
    if not m:
        return None
    interpreter = m.group(1).decode("ascii", "replace")
    for prefix, language in _INTERPRETERS:
        if interpreter == prefix or (interpreter.startswith(prefix) and prefix != "sh"):
            return language
    return None
