# stockade-expect: annotated
from flask import Flask, render_template
from markupsafe import Markup

from shop.config import ProductionConfig


def create_app() -> Flask:
    app = Flask(__name__)
    app.config.from_object(ProductionConfig)

    @app.template_filter("highlight")
    def highlight(text: str, term: str) -> Markup:
        # ruleid: python.mark-safe-nonliteral
        return Markup(text.replace(term, f"<mark>{term}</mark>"))

    @app.route("/")
    def index() -> str:
        return render_template("index.html")

    return app
