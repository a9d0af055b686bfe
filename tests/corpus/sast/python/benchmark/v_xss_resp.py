# stockade-expect: vulnerable CWE-79
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b9', methods=['POST'])
	def b9():
		param = request.args.get('x')
		RESPONSE = ''
		RESPONSE += 'Formatted like: ' + param
		response = make_response(RESPONSE)
		return response

