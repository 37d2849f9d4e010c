package api

import (
	"context"
	"net/http"
	"time"
)

type QueryOptions struct {
	Namespace          string
	Partition          string
	SamenessGroup      string
	Datacenter         string
	Peer               string
	AllowStale         bool
	RequireConsistent  bool
	UseCache           bool
	MaxAge             time.Duration
	StaleIfError       time.Duration
	WaitIndex          uint64
	WaitHash           string
	WaitTime           time.Duration
	Token              string
	Near               string
	NodeMeta           map[string]string
	RelayFactor        uint8
	LocalOnly          bool
	Connect            bool
	ctx                context.Context
	Filter             string
	MergeCentralConfig bool
	Global             bool
}

func (o *QueryOptions) Context() context.Context {
	if o != nil && o.ctx != nil {
		return o.ctx
	}
	return context.Background()
}

func (o *QueryOptions) WithContext(ctx context.Context) *QueryOptions {
	o2 := new(QueryOptions)
	if o != nil {
		*o2 = *o
	}
	o2.ctx = ctx
	return o2
}

type WriteOptions struct {
	Namespace   string
	Partition   string
	Datacenter  string
	Token       string
	RelayFactor uint8
	ctx         context.Context
}

func (o *WriteOptions) Context() context.Context {
	if o != nil && o.ctx != nil {
		return o.ctx
	}
	return context.Background()
}

func (o *WriteOptions) WithContext(ctx context.Context) *WriteOptions {
	o2 := new(WriteOptions)
	if o != nil {
		*o2 = *o
	}
	o2.ctx = ctx
	return o2
}

type QueryMeta struct {
	LastIndex                 uint64
	LastContentHash           string
	LastContact               time.Duration
	KnownLeader               bool
	RequestTime               time.Duration
	AddressTranslationEnabled bool
	CacheHit                  bool
	CacheAge                  time.Duration
	QueryBackend              string
	DefaultACLPolicy          string
	ResultsFilteredByACLs     bool
}

type WriteMeta struct {
	RequestTime time.Duration
	Warnings    []string
}

type HttpBasicAuth struct {
	Username string
	Password string
}

type Config struct {
	Address    string
	Scheme     string
	PathPrefix string
	Datacenter string
	Transport  *http.Transport
	HttpClient *http.Client
	HttpAuth   *HttpBasicAuth
	WaitTime   time.Duration
	Token      string
	TokenFile  string
	Namespace  string
	Partition  string
	TLSConfig  TLSConfig
}

type TLSConfig struct {
	Address            string
	CAFile             string
	CAPath             string
	CAPem              []byte
	CertFile           string
	CertPEM            []byte
	KeyFile            string
	KeyPEM             []byte
	InsecureSkipVerify bool
}

func DefaultConfig() *Config { return &Config{} }

// Client provides a client to the Consul API.
type Client struct {
	headers http.Header
	config  Config
}

func NewClient(config *Config) (*Client, error)  { return &Client{config: *config}, nil }
func (c *Client) Headers() http.Header           { return c.headers }
func (c *Client) AddHeader(key, value string)    {}
func (c *Client) SetHeaders(headers http.Header) { c.headers = headers }
