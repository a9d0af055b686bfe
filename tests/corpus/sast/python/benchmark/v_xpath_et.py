# stockade-expect: vulnerable CWE-643
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import xml.etree.ElementTree as ET
def init(app):
	@app.route('/b14', methods=['POST'])
	def b14():
		param = request.form.get('x')
		root = ET.parse('employees.xml').getroot()
		nodes = root.findall(f".//Employee[@emplid='{param}']")
		return str(nodes)

