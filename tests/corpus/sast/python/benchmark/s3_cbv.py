# stockade-expect: safe CWE-78
import os, shlex
from django.views import View
from django.http import HttpResponse
class Ping(View):
    def get(self, request):
        host = shlex.quote(request.GET['host'])
        os.system('ping -c1 ' + host)
        return HttpResponse('ok')

