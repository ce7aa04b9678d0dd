package server

import (
	"io"
	"log/slog"
	"time"
)

// Access is what a credential may do. Higher levels include the lower ones.
type Access int

const (
	// AccessRead allows the read-only operations (GET).
	AccessRead Access = iota + 1
	// AccessWrite also allows creating and changing resources.
	AccessWrite
	// AccessAdmin also allows deleting tickets.
	AccessAdmin
)

// String returns the access level's name as it appears in error messages.
func (a Access) String() string {
	switch a {
	case AccessRead:
		return "read"
	case AccessWrite:
		return "write"
	case AccessAdmin:
		return "admin"
	}
	return "none"
}

// Default credentials, used when Options.Tokens or Options.APIKeys is nil.
const (
	// DefaultAdminToken is a bearer token with full access.
	DefaultAdminToken = "demo-token"
	// DefaultAgentToken is a bearer token that may read and write but not
	// delete.
	DefaultAgentToken = "agent-token"
	// DefaultReadOnlyToken is a bearer token that may only read.
	DefaultReadOnlyToken = "readonly-token"
	// DefaultAPIKey is an X-API-Key value that may read and write but not
	// delete.
	DefaultAPIKey = "demo-api-key"
)

// DefaultFailEvery is how often getServiceStats fails with 503 when
// Options.FailEvery is zero: every third call.
const DefaultFailEvery = 3

// DefaultMaxBodyBytes caps request bodies when Options.MaxBodyBytes is zero.
const DefaultMaxBodyBytes = 1 << 20

// Options configure a Server. The zero value is a usable in-memory server
// with the default credentials and seed 0.
type Options struct {
	// DataFile is the SQLite file that holds the state. Empty means an
	// in-memory database that is lost on Close. A new or empty file is
	// seeded; an already seeded file is used as it is.
	DataFile string
	// Seed drives the generated seed data: the same seed gives the same
	// users, teams, tickets, comments and assets, IDs included.
	Seed int64
	// Tokens maps bearer tokens ("Authorization: Bearer <token>") to their
	// access. Nil means DefaultTokens().
	Tokens map[string]Access
	// APIKeys maps X-API-Key header values to their access. Nil means
	// DefaultAPIKeys().
	APIKeys map[string]Access
	// Now is the server's clock: timestamps of what it creates, "in the
	// future" checks, overdue counts. Nil means time.Now; a fixed clock
	// (e.g. SeedEpoch) makes every response reproducible, for regression
	// tests.
	Now func() time.Time
	// IDs is the source of the random bytes of IDs created by requests
	// (users, assets, comments). Nil means crypto/rand; a seeded source
	// (math/rand/v2's ChaCha8) makes them reproducible, for regression
	// tests. It is read under a lock.
	IDs io.Reader
	// FailEvery makes every FailEvery-th call of getServiceStats fail with
	// 503 and a Retry-After header. Zero means DefaultFailEvery; a negative
	// value disables the failures.
	FailEvery int
	// MaxBodyBytes caps request bodies (413 beyond it). Zero means
	// DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Addr is the address Start listens on. Empty means "127.0.0.1:0", a
	// random free port.
	Addr string
	// Logger receives one line per request and internal errors. Nil
	// discards them.
	Logger *slog.Logger
	// ShutdownTimeout bounds the graceful shutdown in Running.Close. Zero
	// means 5 seconds.
	ShutdownTimeout time.Duration
}

// DefaultTokens returns the default bearer tokens: DefaultAdminToken
// (admin), DefaultAgentToken (write) and DefaultReadOnlyToken (read).
func DefaultTokens() map[string]Access {
	return map[string]Access{
		DefaultAdminToken:    AccessAdmin,
		DefaultAgentToken:    AccessWrite,
		DefaultReadOnlyToken: AccessRead,
	}
}

// DefaultAPIKeys returns the default API keys: DefaultAPIKey (write).
func DefaultAPIKeys() map[string]Access {
	return map[string]Access{DefaultAPIKey: AccessWrite}
}

// withDefaults returns o with every zero field replaced by its default.
func (o Options) withDefaults() Options {
	if o.Tokens == nil {
		o.Tokens = DefaultTokens()
	}
	if o.APIKeys == nil {
		o.APIKeys = DefaultAPIKeys()
	}
	if o.FailEvery == 0 {
		o.FailEvery = DefaultFailEvery
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = 5 * time.Second
	}
	return o
}
