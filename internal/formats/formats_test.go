package formats

import (
	"strings"
	"testing"
)

func TestValid(t *testing.T) {
	for _, c := range []struct {
		format, s string
		want      bool
	}{
		{"date-time", "2024-01-15T09:30:00Z", true},
		{"date-time", "2024-01-15t09:30:00.5+02:00", true},
		{"date-time", "1998-12-31T23:59:60Z", true},
		{"date-time", "2024-01-15T09:30:00", false},
		{"date-time", "2024-01-15 09:30:00Z", false},
		{"date-time", "2024-01-15T9:30:00Z", false},
		{"date-time", "2024-01-15T09:30:00+24:00", false},
		{"date-time", "2024-02-30T09:30:00Z", false},
		{"date", "2024-02-29", true},
		{"date", "2024-02-30", false},
		{"date", "2024-1-15", false},
		{"time", "09:30:00", true},
		{"time", "09:30:00z", true},
		{"time", "9:30:00Z", false},
		{"time", "25:00:00", false},
		{"email", "user@example.com", true},
		{"email", "John <j@example.com>", false},
		{"email", ".a@b.com", false},
		{"email", strings.Repeat("a", 65) + "@b.com", false},
		{"uuid", "3FA85F64-5717-4562-B3FC-2C963F66AFA6", true},
		{"uuid", "3fa85f6457174562b3fc2c963f66afa6", false},
		{"uri", "https://example.com", true},
		{"uri", "example.com", false},
		{"uri", `https://a.com/\x`, false},
		{"uri-reference", "/path", true},
		{"uri-reference", "a b", false},
		{"ipv4", "192.0.2.1", true},
		{"ipv4", "2001:db8::1", false},
		{"ipv6", "::ffff:1.2.3.4", true},
		{"ipv6", "fe80::1%eth0", false},
		{"hostname", "api.example.com.", true},
		{"hostname", "-bad-.example.com", false},
		{"hostname", strings.Repeat("a", 64) + ".com", false},
		{"duration", "PT1H", true},
		{"duration", "PT", false},
		{"duration", "TBD", false},
		{"json-pointer", "", true},
		{"json-pointer", "#/a", false},
		{"json-pointer", "/a~2", false},
		{"relative-json-pointer", "0/a", true},
		{"relative-json-pointer", "/a", false},
		{"semver", "1.0.0-rc.1", true},
		{"semver", "01.0.0", false},
		{"byte", "aGVsbG8=", true},
		{"byte", "@@@", false},
		{"int32", "+2147483647", true},
		{"int32", "3000000000", false},
		{"x-custom", "anything", true},
	} {
		if got := Valid(c.format, c.s); got != c.want {
			t.Errorf("Valid(%s, %q) = %v, want %v", c.format, c.s, got, c.want)
		}
	}
	if Known("x-custom") || !Known("uuid") {
		t.Error("Known disagrees with the checked formats")
	}
}

func TestStrictTimeWantsItsZone(t *testing.T) {
	for _, c := range []struct {
		format, s     string
		valid, strict bool
	}{
		{"time", "09:30:00", true, false},
		{"time", "23:20:50.52", true, false},
		{"time", "09:30:00Z", true, true},
		{"time", "09:30:00+02:00", true, true},
		{"date-time", "2024-01-15T09:30:00Z", true, true},
		{"date-time", "2024-01-15T09:30:00", false, false},
	} {
		if got := Valid(c.format, c.s); got != c.valid {
			t.Errorf("Valid(%q, %q) = %v, want %v", c.format, c.s, got, c.valid)
		}
		if got := Strict(c.format, c.s); got != c.strict {
			t.Errorf("Strict(%q, %q) = %v, want %v", c.format, c.s, got, c.strict)
		}
	}
}
