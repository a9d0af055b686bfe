# stockade-expect: vulnerable CWE-611
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import lxml.etree
def init(app):
	@app.route('/b15', methods=['POST'])
	def b15():
		param = request.form.get('x')
		parser = lxml.etree.XMLParser(resolve_entities=True)
		root = lxml.etree.fromstring(param, parser)
		return str(root)

