# stockade-expect: safe CWE-89
from django.db import connection
from django.http import HttpResponse
def search(request):
    name = request.GET.get('name', '')
    with connection.cursor() as cursor:
        cursor.execute('SELECT * FROM app_user WHERE name = %s', [name])
        rows = cursor.fetchall()
    return HttpResponse(str(len(rows)))

