# stockade-expect: vulnerable CWE-89
from rest_framework.views import APIView
from rest_framework.response import Response
from django.db import connection
class Search(APIView):
    def post(self, request):
        term = request.data.get('term')
        with connection.cursor() as c:
            c.execute('SELECT id FROM item WHERE name LIKE "%%' + term + '%%"')
            return Response(c.fetchall())

