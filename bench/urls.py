"""The product's URLs plus ``/bench/insert/`` (bench server only)."""

from django.urls import path

from bench.views import bare_insert
from config.urls import handler404, handler500, urlpatterns as product_urlpatterns  # noqa: F401

urlpatterns = [path("bench/insert/", bare_insert, name="bench-insert"), *product_urlpatterns]
