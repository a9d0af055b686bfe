# stockade-expect: safe CWE-601
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
def after_login(request):
    nxt = request.GET.get('next', '/')
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        nxt = '/'
    return redirect(nxt)

