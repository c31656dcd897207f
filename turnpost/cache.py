"""Django's Redis cache backend, keeping one redis-py client per connection pool.

Django's client builds a new ``redis.Redis`` for every cache call.  Building one costs about
90 µs here, more than half a GET on loopback, and every signed-in request reads its session
through this cache.  A client over a connection pool is safe to share between threads, so
one per pool is kept and reused.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]):
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient
