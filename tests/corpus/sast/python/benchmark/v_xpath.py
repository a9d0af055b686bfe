# stockade-expect: vulnerable CWE-643
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import lxml.etree
def init(app):
	@app.route('/b14', methods=['POST'])
	def b14():
		param = request.form.get('x')
		root = lxml.etree.parse(helpers.utils.TESTFILES_DIR + 'employees.xml')
		query = f"/Employees/Employee[@emplid='{param}']"
		nodes = root.xpath(query)
		return str(nodes)

