package server

import (
	"crypto/rand"
	"fmt"
	"io"
	"sync"
)

// IDs are opaque on purpose: an agent cannot guess them and must find them
// with a list or search operation first. Seed data draws them from the
// seeded generator (so the same seed gives the same IDs); IDs created at
// run time draw them from crypto/rand.

const (
	base32Upper = "0123456789ABCDEFGHJKMNPQRSTVWXYZ" // Crockford's alphabet
	base36Lower = "0123456789abcdefghijklmnopqrstuvwxyz"
)

// idSource yields the random bytes IDs are made of.
type idSource interface {
	io.Reader
}

func randomBytes(src idSource, n int) []byte {
	b := make([]byte, n)
	if _, err := io.ReadFull(src, b); err != nil {
		panic(fmt.Sprintf("exampleapi: random source failed: %v", err)) // crypto/rand never fails on supported platforms
	}
	return b
}

// newUUID returns a version 4 UUID.
func newUUID(src idSource) string {
	b := randomBytes(src, 16)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func randomString(src idSource, alphabet string, n int) string {
	b := randomBytes(src, n)
	out := make([]byte, n)
	for i, c := range b {
		out[i] = alphabet[int(c)%len(alphabet)]
	}
	return string(out)
}

// newAssetID returns an id like AST-7K2M9Q4D.
func newAssetID(src idSource) string { return "AST-" + randomString(src, base32Upper, 8) }

// newTeamID returns an id like tm_4k7p2x9q1c.
func newTeamID(src idSource) string { return "tm_" + randomString(src, base36Lower, 10) }

// runtimeIDs is the default source of IDs created by requests.
func runtimeIDs() idSource { return rand.Reader }

// lockedReader serialises reads of a source that is not safe for
// concurrent use.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}
