# stockade-expect: vulnerable CWE-89
from django.db import connection
from django.http import HttpResponse
def search(request):
    name = request.GET.get('name', '')
    q = 'SELECT * FROM app_user WHERE name = "%s"' % name
    with connection.cursor() as cursor:
        cursor.execute(q)
        rows = cursor.fetchall()
    return HttpResponse(str(len(rows)))

