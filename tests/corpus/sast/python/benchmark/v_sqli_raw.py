# stockade-expect: vulnerable CWE-89
from django.http import JsonResponse
from .models import User
def search(request):
    order = request.GET['order']
    users = User.objects.raw('SELECT * FROM app_user ORDER BY {}'.format(order))
    return JsonResponse({'n': len(list(users))})

