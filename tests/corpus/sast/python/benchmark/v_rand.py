# stockade-expect: vulnerable CWE-330
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import random
def init(app):
	@app.route('/b18', methods=['POST'])
	def b18():
		num = random.randint(0, 99)
		rememberMeKey = str(num)
		response = make_response('x')
		response.set_cookie('rememberMe', rememberMeKey, secure=True, httponly=True)
		return response

