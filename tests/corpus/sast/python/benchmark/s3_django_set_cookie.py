# stockade-expect: safe CWE-614
from django.http import HttpResponse
def v(request):
    r = HttpResponse('x')
    r.set_cookie('pref', 'dark', secure=True, httponly=True, samesite='Lax')
    return r

