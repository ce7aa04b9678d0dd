package jsonptr

import "testing"

func TestEscapeRoundTrip(t *testing.T) {
	for _, c := range []struct{ name, token string }{
		{"plain", "plain"},
		{"a/b", "a~1b"},
		{"a~b", "a~0b"},
		{"~1", "~01"},
		{"/~", "~1~0"},
	} {
		if got := Escape(c.name); got != c.token {
			t.Errorf("Escape(%q) = %q, want %q", c.name, got, c.token)
		}
		if got := Unescape(c.token); got != c.name {
			t.Errorf("Unescape(%q) = %q, want %q", c.token, got, c.name)
		}
	}
}
