# stockade-expect: safe CWE-79
from django.http import HttpResponse
from django.utils.html import escape
def greet(request):
    name = request.GET.get('name')
    return HttpResponse('<p>Hello %s</p>' % escape(name))

