"""A WSGI app without Django that answers ``ok``: under the same gunicorn and load generator it
shows how many requests per second the transport and the generator manage on their own."""


def application(environ: dict, start_response) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "3")])
    return [b"ok\n"]
