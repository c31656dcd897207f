"""Players: e-mail identity (case-insensitive), display name, time zone; API tokens for bots."""

from __future__ import annotations

import hashlib
import secrets
import zoneinfo
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


def normalize_email(email: str) -> str:
    """The one spelling we store and compare: trimmed and lower-cased (the whole address)."""
    return (email or "").strip().lower()


def validate_time_zone(name: str) -> None:
    """Accept only IANA names the standard library knows (e.g. Europe/Amsterdam)."""
    if name not in zoneinfo.available_timezones():
        raise ValidationError(f"{name!r} is not a time zone name such as Europe/Amsterdam or UTC.")


class UserManager(BaseUserManager):
    use_in_migrations = True

    def get_by_natural_key(self, email: str) -> User:
        return self.get(email=normalize_email(email))

    def create_user(self, email: str, password: str | None = None, **extra) -> User:
        if not email:
            raise ValueError("A user needs an e-mail address.")
        user = self.model(email=normalize_email(email), **extra)
        if password:
            user.set_password(password)
        else:
            user.set_unusable_password()
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **extra) -> User:
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self.create_user(email, password, **extra)

    def for_email(self, email: str) -> User | None:
        return self.filter(email=normalize_email(email)).first()


class User(AbstractBaseUser, PermissionsMixin):
    """A player.  Signs in by magic link, so most users have no usable password."""

    email = models.EmailField(max_length=254, unique=True)
    display_name = models.CharField(max_length=60, blank=True)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        constraints = [
            # Belt and braces: save() lower-cases, and the database refuses case twins anyway.
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
        ]

    def save(self, *args, **kwargs) -> None:
        self.email = normalize_email(self.email)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """What other players see: the display name, else the part before the @."""
        return self.display_name or self.email.split("@")[0]

    @property
    def needs_display_name(self) -> bool:
        return not self.display_name


def hash_token(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    """A bearer token for the JSON API.  Only its hash is stored; the key is shown once."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    @classmethod
    def issue(cls, user: User, name: str) -> tuple[ApiToken, str]:
        """A new token and its key (the only time the key exists in clear)."""
        key = "tp_" + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name or "token", key_hash=hash_token(key), prefix=key[:8])
        return token, key

    @classmethod
    def user_for_key(cls, key: str) -> User | None:
        """The active user a key belongs to; notes the use (at most once a minute, to spare writes)."""
        token = cls.objects.select_related("user").filter(key_hash=hash_token(key or "")).first()
        if token is None or not token.user.is_active:
            return None
        now = timezone.now()
        if token.last_used is None or now - token.last_used > timedelta(minutes=1):
            cls.objects.filter(pk=token.pk).update(last_used=now)
        return token.user


class UsedLink(models.Model):
    """A mailed account link (sign-in, address confirmation) that was used: each works once.

    The unique hash is what makes "once" hold when the same link is posted many times at
    once: the second INSERT waits for the first to commit, then fails.  Only the hash is
    kept, because the token itself is a bearer credential.
    """

    token_hash = models.CharField(max_length=64, unique=True)
    used = models.DateTimeField(default=timezone.now, db_index=True)


class LinkQuota(models.Model):
    """How many links were mailed for one key (an address, or the client that asked) in its current hour.

    One row per key, locked while a request counts against it, so simultaneous requests
    cannot all slip under the limit.
    """

    key = models.CharField(max_length=300, unique=True)
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)
