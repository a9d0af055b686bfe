# stockade-expect: vulnerable CWE-502
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import pickle, base64
def init(app):
	@app.route('/b12', methods=['POST'])
	def b12():
		param = request.get_data(as_text=True)
		obj = pickle.loads(base64.urlsafe_b64decode(param))
		return str(obj)

