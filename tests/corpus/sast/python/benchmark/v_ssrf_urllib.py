# stockade-expect: vulnerable CWE-918
import urllib.request
from django.http import HttpResponse
def proxy(request):
    target = request.POST['target']
    with urllib.request.urlopen(target) as resp:
        return HttpResponse(resp.read())

