# stockade-expect: vulnerable CWE-113
from django.http import HttpResponse
def v(request):
    r = HttpResponse('x')
    r['X-Trace'] = request.GET['trace']
    return r

