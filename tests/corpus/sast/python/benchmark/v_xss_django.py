# stockade-expect: vulnerable CWE-79
from django.http import HttpResponse
def greet(request):
    name = request.GET.get('name')
    return HttpResponse('<p>Hello %s</p>' % name)

