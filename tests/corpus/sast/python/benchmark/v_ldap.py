# stockade-expect: vulnerable CWE-90
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import helpers.ldap
def init(app):
	@app.route('/b13', methods=['POST'])
	def b13():
		param = request.form.get('x')
		base = 'ou=users,ou=system'
		filter = f'(&(objectclass=person)(uid={param}))'
		conn = helpers.ldap.get_connection()
		conn.search(base, filter)
		return 'x'

