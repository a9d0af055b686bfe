# stockade-expect: safe CWE-94
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

def init(app):
	@app.route('/b16', methods=['POST'])
	def b16():
		param = request.args.get('x')
		bar = 'alsosafe'
		if param:
			lst = []
			lst.append('safe')
			lst.append(param)
			lst.append('moresafe')
			lst.pop(0)
			bar = lst[1]
		RESPONSE = str(eval(repr(bar)))
		return RESPONSE

