package baseline

import (
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// An identifier takes a value by its kind only when its name says it is
// one: phone_number a phone number, callback_uri a URL; webhookId is the
// webhook's id, not its URL.
func TestFitsKindIdentifiers(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		want       bool
	}{
		{"webhookId", "url", false},
		{"phone_number", "phone", true},
		{"callback_uri", "url", true},
		{"cors_origin", "url", true},
		{"subnet", "cidr", true},
		{"networkId", "cidr", false},
	} {
		p := &param{name: c.name, key: c.name, typ: "string"}
		p.words = retrieve.Words(c.name)
		p.ident = c.name == "webhookId" || c.name == "phone_number" || c.name == "callback_uri" || c.name == "networkId"
		if got := fitsKind(p, c.kind); got != c.want {
			t.Errorf("fitsKind(%s, %s) = %v, want %v", c.name, c.kind, got, c.want)
		}
	}
}
