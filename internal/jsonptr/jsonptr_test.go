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

func TestAppendToken(t *testing.T) {
	for _, name := range []string{"", "a", "a/b", "~", "~1/", "x~0y"} {
		got := string(AppendToken([]byte("/p"), name))
		if want := "/p/" + Escape(name); got != want {
			t.Errorf("AppendToken(%q) = %q, want %q", name, got, want)
		}
	}
}
