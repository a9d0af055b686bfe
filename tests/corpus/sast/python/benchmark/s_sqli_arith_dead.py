# stockade-expect: safe CWE-89
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b3', methods=['POST'])
	def b3():
		param = request.form.get("x")
		num = 86
		if (7 * 42) - num > 200:
			bar = 'This_should_always_happen'
		else:
			bar = param
		sql = f"SELECT * FROM USERS WHERE PASSWORD='{bar}'"
		cur = helpers.db_sqlite.get_connection().cursor()
		cur.execute(sql)
		return 'x'

