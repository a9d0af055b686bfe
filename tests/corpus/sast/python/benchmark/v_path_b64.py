# stockade-expect: vulnerable CWE-22
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import base64, pathlib
def init(app):
	@app.route('/b7', methods=['POST'])
	def b7():
		param = request.args.get('x')
		tmp = base64.b64encode(param.encode('utf-8'))
		bar = base64.b64decode(tmp).decode('utf-8')
		p = pathlib.Path(helpers.utils.TESTFILES_DIR, bar)
		return p.read_text()

