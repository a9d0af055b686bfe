# stockade-expect: safe CWE-489
import os
DEBUG = os.environ.get('DJANGO_DEBUG') == '1'
ALLOWED_HOSTS = ['example.com']

