# stockade-expect: annotated
import asyncio
import hashlib
import os
import random
import string
import xml.dom.minidom
import zipfile

import jwt
import tornado.web
from mako.template import Template as MakoTemplate
from sqlalchemy import create_engine, text

from .storage import PAGES_DIR, page_path

engine = create_engine(os.environ["WIKI_DB"])


class PageHandler(tornado.web.RequestHandler):
    def get(self, slug):
        with engine.connect() as conn:
            # ruleid: python.sql-injection
            row = conn.execute(text(f"SELECT body FROM pages WHERE slug = '{slug}'")).first()
            # ok: python.sql-injection
            row2 = conn.execute(text("SELECT body FROM pages WHERE slug = :slug"), {"slug": slug}).first()
        self.render("page.html", body=row[0] if row else row2[0])


class SearchHandler(tornado.web.RequestHandler):
    def get(self):
        q = self.get_argument("q", "")
        # ruleid: python.xss
        self.write("<h2>Results for " + q + "</h2>")
        # ok: python.xss
        self.write({"query": q})


class LoginHandler(tornado.web.RequestHandler):
    def post(self):
        nxt = self.get_argument("next", "/")
        # ruleid: python.open-redirect
        self.redirect(nxt)

    def get(self):
        # ok: python.open-redirect
        self.redirect(self.reverse_url("home"))


class ExportHandler(tornado.web.RequestHandler):
    async def post(self):
        slug = self.get_argument("slug")
        # ruleid: python.command-injection
        proc = await asyncio.create_subprocess_shell("pandoc " + page_path(slug) + " -o /tmp/export.pdf")
        # ok: python.command-injection
        proc2 = await asyncio.create_subprocess_exec("pandoc", page_path(slug), "-o", "/tmp/export.pdf")
        await proc.wait()
        await proc2.wait()


class TemplatePreview(tornado.web.RequestHandler):
    def post(self):
        source = self.get_body_argument("template")
        # ruleid: python.template-injection
        self.finish(MakoTemplate(source).render())


class ImportHandler(tornado.web.RequestHandler):
    def post(self):
        upload = self.request.files["bundle"][0]
        path = os.path.join("/tmp", os.path.basename(upload["filename"]))
        with open(path, "wb") as fh:
            fh.write(upload["body"])
        with zipfile.ZipFile(path) as bundle:
            for member in bundle.namelist():
                # ruleid: python.path-traversal
                with open(os.path.join(PAGES_DIR, member), "wb") as out:
                    out.write(bundle.read(member))
        # ruleid: python.xml-bomb
        doc = xml.dom.minidom.parseString(upload["body"])
        self.write(str(len(doc.childNodes)))


class AttachmentHandler(tornado.web.RequestHandler):
    def get(self):
        name = self.get_argument("name")
        # ruleid: python.path-traversal
        with open(os.path.join(PAGES_DIR, "attachments", name), "rb") as fh:
            self.write(fh.read())


def reset_token() -> str:
    # ruleid: python.insecure-random-flow
    return "".join(random.choice(string.ascii_letters) for _ in range(32))


def password_digest(password: str) -> str:
    # ruleid: python.fast-hash-for-password
    return hashlib.sha1(password.encode()).hexdigest()


def session_claims(token: str) -> dict:
    # ruleid: python.jwt-verification-disabled
    return jwt.decode(token, options={"verify_signature": False})


def session_claims_safe(token: str, key: str) -> dict:
    # ok: python.jwt-verification-disabled
    return jwt.decode(token, key, algorithms=["HS256"])
