# stockade-expect: safe CWE-89
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b3', methods=['POST'])
	def b3():
		param = request.form.get("x")
		num = 106
		bar = 'This_should_always_happen' if (7 * 18) + num > 200 else param
		sql = "SELECT * FROM USERS WHERE PASSWORD='" + bar + "'"
		cur = helpers.db_sqlite.get_connection().cursor()
		cur.execute(sql)
		return 'x'

