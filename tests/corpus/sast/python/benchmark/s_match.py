# stockade-expect: safe CWE-79
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b8', methods=['POST'])
	def b8():
		param = request.args.get('x')
		guess = 'ABC'
		switchTarget = guess[2]
		match switchTarget:
			case 'A':
				bar = 'a-Value'
			case 'B':
				bar = param
			case _:
				bar = 'bob'
		RESPONSE = ''
		RESPONSE += f'Formatted like: {bar}'
		return RESPONSE

