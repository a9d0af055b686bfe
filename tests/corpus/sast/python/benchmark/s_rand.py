# stockade-expect: safe CWE-330
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import secrets
def init(app):
	@app.route('/b18', methods=['POST'])
	def b18():
		num = secrets.randbelow(99)
		rememberMeKey = str(num)
		return rememberMeKey

