# stockade-expect: annotated
import subprocess

import tornado.ioloop
import tornado.web


class RestartHandler(tornado.web.RequestHandler):
    def post(self):
        service = self.get_body_argument("service")
        # ruleid: python.command-injection
        subprocess.run("systemctl restart " + service, shell=True, check=True)
        self.write({"ok": True})


class StatusHandler(tornado.web.RequestHandler):
    SERVICES = {"chat": "chat.service", "db": "postgresql.service"}

    def get(self):
        unit = self.SERVICES.get(self.get_argument("s"), "chat.service")
        # ok: python.command-injection
        out = subprocess.run(["systemctl", "is-active", unit], capture_output=True, text=True).stdout
        self.write({"status": out.strip()})


class EchoHandler(tornado.web.RequestHandler):
    def get(self):
        # ruleid: python.xss
        self.write("<p>" + self.get_argument("msg") + "</p>")


class RedirectHandler(tornado.web.RequestHandler):
    def get(self):
        # ruleid: python.open-redirect
        self.redirect(self.get_argument("to"))


def make_app():
    return tornado.web.Application(
        [(r"/restart", RestartHandler), (r"/status", StatusHandler)],
        cookie_secret=open("/etc/chat/cookie_secret").read(),
        # ruleid: python.csrf-disabled-framework
        xsrf_cookies=False,
    )
