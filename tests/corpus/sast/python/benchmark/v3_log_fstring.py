# stockade-expect: vulnerable CWE-117
import logging
from flask import request
def login():
    logging.info(f"login attempt user={request.form['user']}")

