# stockade-expect: vulnerable CWE-78
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import subprocess
def init(app):
	@app.route('/b5', methods=['POST'])
	def b5():
		param = request.args.get('x')
		values = []
		values.append('safe')
		values.append(param)
		values.append('moresafe')
		values.pop(0)
		bar = values[0]
		subprocess.run(f'echo {bar}', shell=True)
		return 'x'

