package baseline

import "testing"

// A handle is "@" and a name, the server after a second "@" with a dot
// in it; an email is none.
func TestHandleWritten(t *testing.T) {
	for raw, want := range map[string]bool{
		"@gargron": true, "@anika@mastodon.social": true, "@mia_k": true,
		"anika@mastodon.social": false, "@": false, "@123": false, "@anika@local": false, "@a/b": false,
	} {
		if got := handleWritten(raw); got != want {
			t.Errorf("handleWritten(%q) = %v, want %v", raw, got, want)
		}
	}
}
