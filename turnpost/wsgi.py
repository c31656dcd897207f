"""WSGI entry point (gunicorn turnpost.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "turnpost.settings")
application = get_wsgi_application()
