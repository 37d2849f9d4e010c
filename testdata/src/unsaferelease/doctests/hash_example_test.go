package example_commands_test

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

func ExampleClient_hset() {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	rdb.Del(ctx, "bike:1")

	res1, err := rdb.HSet(ctx, "bike:1", "model", "Deimos").Result()
	if err != nil {
		panic(err)
	}
	fmt.Println(res1)
}
