package vocab

// CacheKey are fragments of a key's literal text that name a cache entry
// ("cache:user:42", "user_cache_", "cached-list"): deleting one only makes
// the next reader fill it again.
var CacheKey = List{Substring, []string{"cache"}}

// Invalidator are words of a function's name that say it drops cached
// state (InvalidateUserBalance, EvictSession): a key it deletes is a cache
// entry even when the key's text does not say so.
var Invalidator = List{Word, []string{"invalidate", "evict"}}
