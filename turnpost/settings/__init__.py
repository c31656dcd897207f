"""Settings for a running site; every deployment choice comes from the environment.

Defaults are the embedded run of the README: SQLite, Celery tasks run in-process,
and mail written to the local inbox page instead of being sent.
"""

from pathlib import Path

from turnpost.env import database_from_url, env_bool, env_int, env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("TURNPOST_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("TURNPOST_DEBUG", False)
SECRET_KEY = env_str("TURNPOST_SECRET_KEY", "embedded-run-only-not-a-secret-change-me")
ALLOWED_HOSTS = [host for host in env_str("TURNPOST_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if host]
SITE_URL = env_str("TURNPOST_SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "anymail",
    "accounts",
    "games",
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
            ],
        },
    },
]

DATABASES = {"default": database_from_url(env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'turnpost.sqlite3'}"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = ["django.contrib.auth.backends.ModelBackend", "sesame.backends.ModelBackend"]
SESAME_MAX_AGE = env_int("TURNPOST_SIGNIN_LINK_MAX_AGE", 60 * 30)
LOGIN_URL = "/accounts/signin/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# Mail: "inbox" writes to the local inbox page; "smtp" and anymail providers send.
EMAIL_BACKEND = env_str("TURNPOST_EMAIL_BACKEND", "notifications.backends.InboxBackend")
DEFAULT_FROM_EMAIL = env_str("TURNPOST_FROM_EMAIL", "Turnpost <turns@turnpost.localhost>")
EMAIL_HOST = env_str("TURNPOST_SMTP_HOST", "127.0.0.1")
EMAIL_PORT = env_int("TURNPOST_SMTP_PORT", 25)
ANYMAIL = {"WEBHOOK_SECRET": env_str("TURNPOST_ANYMAIL_WEBHOOK_SECRET", "")}

# Celery: with no broker configured, tasks run in-process (the embedded run).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "memory://")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL == "memory://")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("TURNPOST_LOG_LEVEL", "WARNING")},
}
