package baseline

import "testing"

// "webhooks set up on org acme-labs" asks to see webhooks: a verb that is
// its own participle, after the plural the clause starts with, orders
// nothing. "set up a webhook" still creates.
func TestParticipleAfterPluralReads(t *testing.T) {
	for text, want := range map[string]string{
		"webhooks set up on org acme-labs":  "read",
		"set up a webhook on org acme-labs": "create",
		"please set up a webhook":           "create",
		"keys put on server 12":             "read",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
}

// A compound names a kind of its last part: "webhooks" says hooks
// (orgListHooks), "subnets" does not say nets (too short to tell), and a
// word is no compound of itself.
func TestCompoundOf(t *testing.T) {
	for pair, want := range map[[2]string]bool{
		{"webhooks", "hooks"}: true,
		{"webhook", "hooks"}:  true,
		{"hooks", "hooks"}:    false,
		{"subnets", "nets"}:   false,
		{"hooks", "webhooks"}: false,
	} {
		if got := compoundOf(pair[0], pair[1]); got != want {
			t.Errorf("compoundOf(%q, %q) = %v, want %v", pair[0], pair[1], got, want)
		}
	}
}
