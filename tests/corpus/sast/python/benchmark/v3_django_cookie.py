# stockade-expect: vulnerable CWE-614
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False

