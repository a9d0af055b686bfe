# stockade-expect: safe CWE-89
from django.http import JsonResponse
from .models import User
ALLOWED = {'name', 'email'}
def search(request):
    order = request.GET['order']
    if order not in ALLOWED:
        order = 'name'
    users = User.objects.raw('SELECT * FROM app_user ORDER BY {}'.format(order))
    return JsonResponse({'n': len(list(users))})

