# stockade-expect: vulnerable CWE-22
from flask import redirect, url_for, request, make_response, render_template, session
import helpers.utils
from helpers.utils import escape_for_html

import configparser, codecs
def init(app):
	@app.route('/b6', methods=['POST'])
	def b6():
		param = request.headers.get('x')
		conf = configparser.ConfigParser()
		conf.add_section('section')
		conf.set('section', 'keyA', 'a_Value')
		conf.set('section', 'keyB', param)
		bar = conf.get('section', 'keyB')
		fileName = f'{helpers.utils.TESTFILES_DIR}/{bar}'
		fd = codecs.open(fileName, 'r')
		return fd.read()

