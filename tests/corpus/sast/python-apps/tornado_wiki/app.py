# stockade-expect: annotated
import tornado.ioloop
import tornado.web

from .handlers import ExportHandler, ImportHandler, LoginHandler, PageHandler, SearchHandler

settings = {
    "template_path": "templates",
    # ruleid: python.hardcoded-secret-key
    "cookie_secret": "wiki-cookie-secret-2024-x9",
    # ruleid: python.tornado-autoescape-disabled
    "autoescape": None,
    # ruleid: python.csrf-disabled-framework
    "xsrf_cookies": False,
}


def make_app():
    return tornado.web.Application(
        [(r"/p/(\w+)", PageHandler), (r"/search", SearchHandler), (r"/login", LoginHandler), (r"/export", ExportHandler), (r"/import", ImportHandler)],
        **settings,
    )


if __name__ == "__main__":
    app = make_app()
    # ok: python.bind-all-interfaces
    app.listen(8888, address="127.0.0.1")
    tornado.ioloop.IOLoop.current().start()
