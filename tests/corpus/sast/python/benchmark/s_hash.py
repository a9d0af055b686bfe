# stockade-expect: safe CWE-328
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import hashlib
def init(app):
	@app.route('/b19', methods=['POST'])
	def b19():
		param = request.form.get('x')
		hash = hashlib.new('sha256')
		hash.update(param.encode())
		return hash.hexdigest()

