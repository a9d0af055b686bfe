# stockade-expect: safe CWE-117
import logging
from flask import request
def login():
    logging.info('login attempt user=%r', request.form['user'])

