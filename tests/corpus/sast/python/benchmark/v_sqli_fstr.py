# stockade-expect: vulnerable CWE-89
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):

	@app.route('/benchmark/sqli-00/BenchmarkTest00001', methods=['POST'])
	def BenchmarkTest00001_post():
		RESPONSE = ""
		param = request.headers.get("BenchmarkTest00001")
		if not param:
		    param = ""
		bar = ""
		if param:
			bar = param.split(" ")[0]
		sql = f'SELECT * FROM USERS WHERE USERNAME="foo" AND PASSWORD="{bar}"'
		con = helpers.db_sqlite.get_connection()
		cur = con.cursor()
		cur.execute(sql)
		RESPONSE += helpers.db_sqlite.results(cur, sql)
		con.close()
		return RESPONSE

