"""Settings for a running site; every deployment choice comes from the environment.

Defaults suit a deployment: it must bring its own secret key, and mail is sent (SMTP).
The README's embedded run (``bin/serve`` sets ``TURNPOST_EMBEDDED=true``) adds what only a
machine of one's own may have: a built-in development key and the local inbox page.
Other defaults are the embedded run's: SQLite and Celery tasks run in-process.
docs/production-settings.md lists every setting an operator sets.
"""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from turnpost.env import cache_from_url, database_from_url, env_bool, env_int, env_str, proxy_ssl_header

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("TURNPOST_VAR_DIR", str(BASE_DIR / "var")))

# The embedded run: one person's machine, served on 127.0.0.1.  Its development key is public
# (it is in this file), so anything it signs could be forged anywhere else; and its inbox page
# shows every mail, sign-in links included, to whoever opens it.
EMBEDDED = env_bool("TURNPOST_EMBEDDED", False)
EMBEDDED_SECRET_KEY = "embedded-run-only-not-a-secret-change-me"
TURNPOST_LOCAL_INBOX = EMBEDDED

DEBUG = env_bool("TURNPOST_DEBUG", False)
# Without a key a deployment refuses to start (turnpost.apps says so in a sentence); the check
# waits for django.setup() so that the test settings, which import these, can bring their own.
SECRET_KEY = env_str("TURNPOST_SECRET_KEY", EMBEDDED_SECRET_KEY if EMBEDDED else "")
ALLOWED_HOSTS = [host for host in env_str("TURNPOST_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if host]
SITE_URL = env_str("TURNPOST_SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# ---- HTTPS: on when the site's address is https (the embedded run is http on 127.0.0.1) ----
SITE_IS_HTTPS = SITE_URL.startswith("https://")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("TURNPOST_SECURE_COOKIES", SITE_IS_HTTPS)
SECURE_SSL_REDIRECT = env_bool("TURNPOST_SSL_REDIRECT", SITE_IS_HTTPS)
SECURE_HSTS_SECONDS = env_int("TURNPOST_HSTS_SECONDS", 365 * 86400 if SITE_IS_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("TURNPOST_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("TURNPOST_HSTS_PRELOAD", False)
# Behind a proxy that ends TLS, the header it sets to say the request came over https.  Opt-in:
# trusting it without such a proxy would let any client claim https.
SECURE_PROXY_SSL_HEADER = proxy_ssl_header(env_str("TURNPOST_PROXY_SSL_HEADER", ""))
# Asking browsers' preload lists to carry the site is the operator's decision, not a default
# (TURNPOST_HSTS_PRELOAD=true once submitted); the deploy check's reminder of it stays quiet.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]

INSTALLED_APPS = [
    "turnpost.apps.TurnpostConfig",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "anymail",
    "ninja",
    "accounts",
    "games",
    "notifications",
    "leagues",
    "ratings",
    "calendars",
]

MIDDLEWARE = [
    # Compresses what every layer below has finished (an 1861 move page with its lay previews is
    # ~350 KB, ~16 KB gzipped); Django pads each body against BREACH and CSRF tokens are masked.
    "django.middleware.gzip.GZipMiddleware",
    "turnpost.api_errors.JsonApiErrorsMiddleware",  # sees every error page, 500 included
    "django.middleware.security.SecurityMiddleware",
    "turnpost.csp.ContentSecurityPolicyMiddleware",
    "turnpost.no_store.NoStoreSecretPagesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "turnpost.not_allowed.MethodNotAllowedPage",
]

ROOT_URLCONF = "turnpost.urls"
WSGI_APPLICATION = "turnpost.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "turnpost.context_processors.site",
            ],
        },
    },
]

DATABASES = {"default": database_from_url(env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'turnpost.sqlite3'}"))}
if not env_str("DATABASE_URL", ""):
    # The default SQLite file's folder: a TURNPOST_VAR_DIR not made yet would stop bin/serve's migrate with a traceback.
    VAR_DIR.mkdir(parents=True, exist_ok=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["accounts.backends.ModelBackend", "accounts.backends.LinkBackend"]
# Mailed sign-in and address-confirmation links work once, for this many seconds from sending.
TURNPOST_SIGNIN_LINK_MAX_AGE = env_int("TURNPOST_SIGNIN_LINK_MAX_AGE", 60 * 30)
# Links mailed per hour: to one address, and at the request of one client (its IP address).
TURNPOST_LINKS_PER_ADDRESS_PER_HOUR = env_int("TURNPOST_LINKS_PER_ADDRESS_PER_HOUR", 3)
TURNPOST_LINKS_PER_CLIENT_PER_HOUR = env_int("TURNPOST_LINKS_PER_CLIENT_PER_HOUR", 20)
# Behind a reverse proxy: the request header that carries the client's address (e.g.
# X-Forwarded-For, whose last entry, the one the proxy added, is used); empty: REMOTE_ADDR.
TURNPOST_CLIENT_ADDRESS_HEADER = env_str("TURNPOST_CLIENT_ADDRESS_HEADER", "")
# The admin's password sign-in waits this long after this many failures per account, or per client.
TURNPOST_ADMIN_LOGIN_MAX_FAILURES = env_int("TURNPOST_ADMIN_LOGIN_MAX_FAILURES", 5)
TURNPOST_ADMIN_LOGIN_MAX_FAILURES_PER_CLIENT = env_int("TURNPOST_ADMIN_LOGIN_MAX_FAILURES_PER_CLIENT", 20)
TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS = env_int("TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS", 15 * 60)
LOGIN_URL = "/accounts/signin/"
LOGIN_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Positions, board drawings and history steps are cached per game version (they never go stale).
CACHES = {"default": cache_from_url(env_str("TURNPOST_CACHE_URL", "locmem://turnpost"))}
# Every signed-in request reads its session.  With a shared cache for them (Redis), those reads
# come from it and the database keeps the sessions.  Not from a per-process cache: a signed-out
# session would live on in the other workers.  (Positions may stay per process: their keys name
# the game version, so they never go stale.)
# While that cache is down (or slow: the timeouts), sessions are read from the database alone
# (turnpost/sessions.py): a Redis outage slows signed-in pages a little and breaks none.
SESSION_CACHE_URL = env_str("TURNPOST_SESSION_CACHE_URL", "")
if SESSION_CACHE_URL:
    CACHES["sessions"] = cache_from_url(SESSION_CACHE_URL)
    if CACHES["sessions"]["BACKEND"].endswith("LocMemCache"):
        raise ImproperlyConfigured("TURNPOST_SESSION_CACHE_URL must name a shared cache (redis://...).")
    CACHES["sessions"]["OPTIONS"] = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
    SESSION_ENGINE, SESSION_CACHE_ALIAS = "turnpost.sessions", "sessions"

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# Mail: the embedded run writes it to the local inbox page; a deployment sends it (SMTP or an
# anymail provider).
EMAIL_BACKEND = env_str("TURNPOST_EMAIL_BACKEND", "notifications.backends.InboxBackend" if TURNPOST_LOCAL_INBOX
                        else "django.core.mail.backends.smtp.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("TURNPOST_FROM_EMAIL", "Turnpost <turns@turnpost.localhost>")
EMAIL_HOST = env_str("TURNPOST_SMTP_HOST", "127.0.0.1")
EMAIL_PORT = env_int("TURNPOST_SMTP_PORT", 25)
ANYMAIL = {"WEBHOOK_SECRET": env_str("TURNPOST_ANYMAIL_WEBHOOK_SECRET", "")}

# Celery: with no broker configured, tasks run in-process (the embedded run).  The in-memory
# transport is named with a host, or kombu warns "No hostname was supplied" on the first task.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "memory://localhost/")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL.startswith("memory://"))
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
# A stale form (a page left open across a sign-in) gets the site's page, not Django's "CSRF verification failed".
CSRF_FAILURE_VIEW = "turnpost.csrf_failure.csrf_failure"
# Mail-link pages hold their token in the address: same-origin sends it to no other site, while a
# page's own form POST keeps its real Origin.  (Under no-referrer a browser sends Origin: null with
# a form POST, as the Fetch standard says, and the CSRF check refuses every mail link.)
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("TURNPOST_LOG_LEVEL", "WARNING")},
}

# ---- Notifications (issue 4: play by e-mail) --------------------------------------------
# Move links live until the seat's deadline plus this grace (or, without a deadline, the max age).
TURNPOST_LINK_GRACE_SECONDS = env_int("TURNPOST_LINK_GRACE_SECONDS", 6 * 3600)
TURNPOST_LINK_MAX_AGE_SECONDS = env_int("TURNPOST_LINK_MAX_AGE_SECONDS", 30 * 86400)
# Delivery: a claimed row whose worker died is taken again after the lease; retries back off to the cap.
TURNPOST_MAIL_LEASE_SECONDS = env_int("TURNPOST_MAIL_LEASE_SECONDS", 300)
TURNPOST_MAIL_REQUEUE_SECONDS = env_int("TURNPOST_MAIL_REQUEUE_SECONDS", 300)
TURNPOST_MAIL_RETRY_BASE_SECONDS = env_int("TURNPOST_MAIL_RETRY_BASE_SECONDS", 30)
TURNPOST_MAIL_RETRY_CAP_SECONDS = env_int("TURNPOST_MAIL_RETRY_CAP_SECONDS", 3600)
TURNPOST_MAIL_MAX_ATTEMPTS = env_int("TURNPOST_MAIL_MAX_ATTEMPTS", 10)
# An SMTP call must end well inside the lease, or a second worker could take the row meanwhile.
EMAIL_TIMEOUT = env_int("TURNPOST_SMTP_TIMEOUT", 60)
# Celery's Django fixup closes the database connection after every task unless this is set; a mail
# task is a few milliseconds, so reconnecting each time would cost more than the task itself.  A
# connection that failed is closed after its task all the same (turnpost/reconnect.py).
CELERY_DB_REUSE_MAX = env_int("TURNPOST_CELERY_DB_REUSE_MAX", 1000)
CELERY_BEAT_SCHEDULE = {
    "notifications-sweep-outbox": {"task": "notifications.tasks.sweep_outbox", "schedule": 60.0},
    "notifications-sweep-deadlines": {"task": "notifications.tasks.sweep_deadlines", "schedule": 60.0},
    "notifications-queue-digests": {"task": "notifications.tasks.queue_digests", "schedule": 900.0},
    # Draws at the sign-up deadline, and each season's next wave when the one before has finished.
    "leagues-run-seasons": {"task": "leagues.tasks.run_seasons", "schedule": 60.0},
    # A lost publish or a game adjudicated since: rebuilds the titles whose ratings are behind.
    "ratings-catch-up": {"task": "ratings.tasks.catch_up_ratings", "schedule": 600.0},
}
# ---- end of notifications settings --------------------------------------------------------
