"""WSGI entry point (gunicorn turnpost.wsgi).

Once the site is loaded, everything made so far (modules, models, settings, URL patterns) lives
as long as the process.  ``gc.freeze`` moves it out of the cyclic collector's reach: a full
collection then walks only what requests made.  Measured under the move load
(benchmarks/load_site.py), each worker's full collections paused all its threads for about
65 ms; frozen, about 15 ms.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "turnpost.settings")
application = get_wsgi_application()
gc.collect()
gc.freeze()
