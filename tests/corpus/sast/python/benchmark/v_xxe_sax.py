# stockade-expect: vulnerable CWE-611
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import xml.sax, io
def init(app):
	@app.route('/b15', methods=['POST'])
	def b15():
		param = request.form.get('x')
		parser = xml.sax.make_parser()
		parser.setFeature(xml.sax.handler.feature_external_ges, True)
		parser.parse(io.StringIO(param))
		return 'x'

