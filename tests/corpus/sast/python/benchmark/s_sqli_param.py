# stockade-expect: safe CWE-89
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/benchmark/sqli-00/BenchmarkTest00002', methods=['POST'])
	def BenchmarkTest00002_post():
		param = request.args.get("BenchmarkTest00002")
		bar = param
		sql = 'SELECT * FROM USERS WHERE USERNAME=? AND PASSWORD=?'
		con = helpers.db_sqlite.get_connection()
		cur = con.cursor()
		cur.execute(sql, ('foo', bar))
		return 'x'

