// Package example_commands_test has the shape of go-redis v9's doctests:
// examples of commands, each starting from a clean database by deleting
// the keys it uses. One example shows SET NX on the same constant key
// that the others delete: no example holds a lock where another deletes
// the key, so no delete releases one.
package example_commands_test

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"
)

func ExampleClient_set_get() {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	rdb.Del(ctx, "bike:1")

	res1, err := rdb.Set(ctx, "bike:1", "Deimos", 0).Result()
	if err != nil {
		panic(err)
	}
	fmt.Println(res1)
}

func ExampleClient_setnx_xx() {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
	rdb.Set(ctx, "bike:1", "Deimos", 0)

	res3, err := rdb.SetNX(ctx, "bike:1", "bike", 0).Result()
	if err != nil {
		panic(err)
	}
	fmt.Println(res3)

	res4, err := rdb.Get(ctx, "bike:1").Result()
	if err != nil {
		panic(err)
	}
	fmt.Println(res4)
}
