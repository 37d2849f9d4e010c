package redis

import "context"

// AliasBuilder is builder for FT.ALIAS* commands (search_builders.go): its
// Del only records the action; Run sends the command.
type AliasBuilder struct {
	c      *Client
	ctx    context.Context
	alias  string
	index  string
	action string
}

func (c *Client) NewAliasBuilder(ctx context.Context, alias string) *AliasBuilder {
	return &AliasBuilder{c: c, ctx: ctx, alias: alias}
}

func (b *AliasBuilder) Add(index string) *AliasBuilder { b.action, b.index = "add", index; return b }
func (b *AliasBuilder) Del() *AliasBuilder             { b.action = "del"; return b }
func (b *AliasBuilder) Run() (string, error)           { return "", nil }
