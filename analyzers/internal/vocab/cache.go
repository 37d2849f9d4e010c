package vocab

// CacheKey are fragments of a key's literal text that name a cache entry
// ("cache:user:42", "user_cache_", "cached-list"): deleting one only makes
// the next reader fill it again.
var CacheKey = List{Substring, []string{"cache"}}
