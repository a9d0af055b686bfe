# stockade-expect: vulnerable CWE-601
from django.shortcuts import redirect
def after_login(request):
    nxt = request.GET.get('next', '/')
    return redirect(nxt)

