"""``manage.py bench``: what the site's speed is made of, measured on a temporary database.

``run`` puts a report together from ``engines`` (replay throughput), ``writes`` (server
time to accept a play), ``queries`` (SQL per page) and ``load`` (requests per second against
gunicorn, from ``site``); ``players`` plays random legal games and ``data`` makes what is
measured. Nothing here imports from ``tests/``.
"""
