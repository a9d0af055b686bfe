"""Authentication and authorisation: passwords, sessions (JWT + CSRF), API keys, RBAC.

Routes depend on ``CurrentUser`` from :mod:`stockade.server.deps` (any authenticated caller)
and read the ``Principal`` it yields.
"""
