# stockade-expect: vulnerable CWE-614
from django.http import HttpResponse
def v(request):
    r = HttpResponse('x')
    r.set_cookie('pref', 'dark')
    return r

