# stockade-expect: safe CWE-614
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b17', methods=['POST'])
	def b17():
		param = request.form.get('x')
		response = make_response('x')
		response.set_cookie('SomeCookie', param, secure=True, httponly=True, samesite='Strict')
		return response

