# stockade-expect: vulnerable CWE-78
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import os
def init(app):
	@app.route('/b4', methods=['POST'])
	def b4():
		param = request.cookies.get('x', 'noCookieValueSupplied')
		map = {}
		map['keyA-123'] = 'a_Value'
		map['keyB-123'] = param
		bar = map['keyB-123']
		os.system('echo ' + bar)
		return 'x'

