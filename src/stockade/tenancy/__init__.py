"""Organizations and the team layer: members and their lifecycle, roles and the permission
matrix (as data, one check), invitations and share links, the audit log, notifications
(in-app and e-mail), enterprise settings and plans. No HTTP here: the server calls these
services and maps :mod:`stockade.tenancy.errors` to problem answers.
"""
