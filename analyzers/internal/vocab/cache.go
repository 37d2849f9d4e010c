package vocab

// CacheKey are fragments of a key's literal text that name a cache entry
// ("cache:user:42", "user_cache_", "cached-list"): deleting one only makes
// the next reader fill it again.
var CacheKey = List{Substring, []string{"cache"}}

// Invalidator are words of a function's name that say it drops cached
// state (InvalidateUserBalance, EvictSession): a key it deletes is a cache
// entry even when the key's text does not say so.
var Invalidator = List{Word, []string{"invalidate", "evict"}}

// CacheDrop are words of a function's name that, with a word naming a
// cache (CacheKey: DelUserInfoCache, ClearCache, RemoveFromCache), say
// that it drops a cached copy.
var CacheDrop = List{Word, []string{"del", "delete", "remove", "clear", "drop", "flush", "purge", "reset", "expire", "unlink"}}

// InvalidationMethods are HTTP methods that drop a cache's copy of a
// resource (PURGE of nginx's proxy_cache_purge, Varnish and Squid; BAN of
// Varnish): repeated by a stale holder, they only make the cache fetch the
// resource again from its origin.
var InvalidationMethods = List{Word, []string{"purge", "ban"}}

// ContentDigest are words of a name that say it holds the digest of some
// content (a chunk's hash, a blob's digest, a file's checksum): an object
// named by it holds that content, whoever writes it (fences.Converges,
// where the function is also handed the content).
var ContentDigest = List{Word, []string{"hash", "digest", "checksum", "sha256", "sha1", "sha512", "blake3"}}
