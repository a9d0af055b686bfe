# stockade-expect: vulnerable CWE-501
from django.http import HttpResponse
def pick(request):
    request.session['theme'] = request.GET['theme']
    return HttpResponse('ok')

