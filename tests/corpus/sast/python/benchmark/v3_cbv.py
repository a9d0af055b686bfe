# stockade-expect: vulnerable CWE-78
import os
from django.views import View
from django.http import HttpResponse
class Ping(View):
    def get(self, request):
        host = request.GET['host']
        os.system('ping -c1 ' + host)
        return HttpResponse('ok')

