# stockade-expect: vulnerable CWE-94
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b16', methods=['POST'])
	def b16():
		param = request.args.get('x')
		bar = param
		RESPONSE = str(eval(bar))
		return RESPONSE

