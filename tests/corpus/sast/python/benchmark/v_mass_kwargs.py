# stockade-expect: vulnerable CWE-915
from django.http import JsonResponse
from .models import Profile
def create(request):
    Profile.objects.create(**request.POST.dict())
    return JsonResponse({})

