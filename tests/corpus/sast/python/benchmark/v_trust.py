# stockade-expect: vulnerable CWE-501
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import flask
def init(app):
	@app.route('/b10', methods=['POST'])
	def b10():
		param = request.args.get('x')
		bar = param.strip()
		flask.session['userid'] = bar
		return 'ok'

