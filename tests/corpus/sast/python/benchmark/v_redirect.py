# stockade-expect: vulnerable CWE-601
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import flask
def init(app):
	@app.route('/b11', methods=['GET'])
	def b11():
		param = ''
		for name in request.headers.keys():
			if name in helpers.utils.commonHeaders: continue
			param = name
			break
		return flask.redirect(param)

