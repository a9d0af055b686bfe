import os

PAGES_DIR = "/srv/wiki/pages"


def page_path(slug: str) -> str:
    return os.path.join(PAGES_DIR, slug + ".md")
