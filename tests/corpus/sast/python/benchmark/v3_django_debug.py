# stockade-expect: vulnerable CWE-489
DEBUG = True
ALLOWED_HOSTS = ['*']

