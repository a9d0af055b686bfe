# stockade-expect: safe CWE-502
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import yaml
def init(app):
	@app.route('/b12', methods=['POST'])
	def b12():
		param = request.args.getlist('x')[0]
		obj = yaml.load(param, Loader=yaml.SafeLoader)
		return str(obj)

