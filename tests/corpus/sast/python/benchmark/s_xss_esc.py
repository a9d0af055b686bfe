# stockade-expect: safe CWE-79
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b9', methods=['POST'])
	def b9():
		param = request.args.get('x')
		bar = escape_for_html(param)
		RESPONSE = ''
		RESPONSE += f'Formatted like: {bar}'
		return RESPONSE

