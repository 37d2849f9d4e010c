package sqs

import "context"

type Options struct{}

type Client struct{}

func New(o Options, optFns ...func(*Options)) *Client { return &Client{} }

type SendMessageInput struct {
	MessageBody            *string
	QueueUrl               *string
	DelaySeconds           int32
	MessageDeduplicationId *string
	MessageGroupId         *string
}

type SendMessageOutput struct {
	MessageId *string
}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return &SendMessageOutput{}, nil
}
