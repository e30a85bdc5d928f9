"""Benchmarks and soak harnesses (``make bench``, ``make soak``): see docs/benchmarks.md.
Nothing here ships in the product: the bare-view server has its own settings and URLconf."""
