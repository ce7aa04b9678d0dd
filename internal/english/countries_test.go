package english

import "testing"

func TestCountry(t *testing.T) {
	for name, want := range map[string]string{
		"canada": "CA", "united kingdom": "GB", "uk": "GB", "united states": "US", "usa": "US",
		"germany": "DE", "south korea": "KR", "myanmar": "MM", "burma": "MM", "czechia": "CZ",
		"czech republic": "CZ", "bosnia and herzegovina": "BA", "new zealand": "NZ",
	} {
		if got, ok := Country(name); !ok || got != want {
			t.Errorf("Country(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"the uk", "Canada", "acme", "us-east", ""} {
		if got, ok := Country(name); ok {
			t.Errorf("Country(%q) = %q, want none", name, got)
		}
	}
	if n := CountryWords(); n < 3 || n > 8 {
		t.Errorf("CountryWords() = %d", n)
	}
}
