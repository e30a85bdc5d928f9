"""The bare baseline: a Django view that does one INSERT and answers a small JSON body.
Submission throughput is reported as a ratio of this view's, measured in the same server
process pool and the same run (docs/benchmarks.md)."""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

TABLE_SQL = "CREATE TABLE IF NOT EXISTS bench_hit (id bigserial PRIMARY KEY, payload text NOT NULL, at timestamptz NOT NULL DEFAULT now())"


@csrf_exempt
def bare_insert(request):
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_hit (payload) VALUES (%s) RETURNING id", [request.body.decode()[:200]])
        (row_id,) = cursor.fetchone()
    return JsonResponse({"id": row_id})
