package english

import (
	"strings"
	"testing"
)

func TestSingular(t *testing.T) {
	for in, want := range map[string]string{
		// from the graph's noun matching
		"users": "user", "policies": "policy", "branches": "branch", "statuses": "status",
		"status": "status", "addresses": "address", "gids": "gid", "serviceaccounts": "serviceaccount",
		// from the example synthesizer's item names
		"labels": "label", "chassis": "chassis", "ids": "id", "data": "data",
		// from the utterance writer
		"people": "person", "children": "child", "stats": "stats", "settings": "settings", "news": "news",
		"series": "series", "boxes": "box", "wishes": "wish",
		// where the copies disagreed, the English answer
		"cases": "case", "responses": "response", "databases": "database", "sizes": "size",
		"houses": "house", "caches": "cache", "aliases": "alias", "indices": "index", "movies": "movie",
		"buses": "bus", "bonuses": "bonus", "uses": "use", "gas": "gas", "its": "its", "analysis": "analysis",
		"user": "user", "": "",
	} {
		if got := Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for in, want := range map[string]string{
		"user": "users", "policy": "policies", "day": "days", "branch": "branches", "box": "boxes",
		"status": "statuses", "person": "people", "child": "children", "data": "data", "series": "series",
		"stats": "stats", "settings": "settings", "news": "news", "wish": "wishes", "analysis": "analyses",
	} {
		if got := Plural(in); got != want {
			t.Errorf("Plural(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPluralRoundTrip checks that Singular undoes Plural for the nouns
// API names are made of.
func TestPluralRoundTrip(t *testing.T) {
	for _, w := range []string{"user", "policy", "branch", "status", "address", "person", "child", "box",
		"ticket", "repository", "index", "bus", "alias", "cache", "label", "class", "process", "day", "key"} {
		if got := Singular(Plural(w)); got != w {
			t.Errorf("Singular(Plural(%q)) = %q (plural %q)", w, got, Plural(w))
		}
	}
}

func TestIsPlural(t *testing.T) {
	for in, want := range map[string]bool{
		"users": true, "people": true, "data": true, "ids": true, "stats": true,
		"user": false, "status": false, "address": false, "analysis": false, "is": false,
	} {
		if got := IsPlural(in); got != want {
			t.Errorf("IsPlural(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestStem(t *testing.T) {
	pairs := [][2]string{
		{"tickets", "ticket"}, {"ticket", "ticket"}, {"priorities", "priority"}, {"priority", "priority"},
		{"assigned", "assign"}, {"assigning", "assign"}, {"assign", "assign"}, {"closed", "clos"}, {"close", "clos"},
		{"status", "status"}, {"statuses", "status"}, {"branches", "branch"}, {"running", "run"}, {"titled", "titl"},
		{"title", "titl"}, {"use", "use"}, {"été", "été"},
		// the flag words the judge pairs as opposites must meet in one stem
		{"enabled", "enabl"}, {"enable", "enabl"}, {"disabled", "disabl"}, {"hide", "hid"}, {"hiding", "hid"},
		{"private", "privat"}, {"includes", "includ"}, {"included", "includ"}, {"archived", "archiv"},
		{"archives", "archiv"}, {"archive", "archiv"}, {"install", "install"},
		// plurals no suffix rule reaches meet their singular
		{"people", "person"}, {"person", "person"}, {"children", "child"}, {"movies", "movi"}, {"movie", "movi"},
		{"indices", "index"},
	}
	for _, p := range pairs {
		if got := Stem(p[0]); got != p[1] {
			t.Errorf("Stem(%q) = %q, want %q", p[0], got, p[1])
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cases"}, {1, "1 case"}, {2, "2 cases"}} {
		if got := Count(c.n, "case"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 31: "31st"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestTimeUnits(t *testing.T) {
	for _, c := range []struct {
		name, desc string
		want       string
	}{
		{"timeout seconds", "", "second"},
		{"ttl", "How long the token lives, in Minutes.", "minute"},
		{"ttl", "In seconds or minutes.", ""},
		{"expires at", "Time at which it expires. Measured in seconds since the Unix epoch.", ""},
		{"limit", "How many to return.", ""},
	} {
		if got := CountsIn(strings.Fields(c.name), strings.Fields(strings.Trim(c.desc, "."))); got != c.want {
			t.Errorf("CountsIn(%q, %q) = %q, want %q", c.name, c.desc, got, c.want)
		}
	}
	if UnitSeconds(TimeUnit("Hours")) != 3600 || TimeUnit("hrs") != "" || UnitSeconds("month") >= 0 {
		t.Error("TimeUnit and UnitSeconds disagree with the units of time")
	}
}

func TestGerund(t *testing.T) {
	for verb, want := range map[string]string{"notify": "notifying", "delete": "deleting", "run": "running", "see": "seeing",
		"skip": "skipping", "block": "blocking", "send": "sending", "force": "forcing", "allow": "allowing", "use": "using",
		"show": "showing", "fix": "fixing", "stay": "staying", "return": "returning", "include": "including"} {
		if got := Gerund(verb); got != want {
			t.Errorf("Gerund(%q) = %q, want %q", verb, got, want)
		}
	}
}

func TestOrderAsked(t *testing.T) {
	for text, want := range map[string]string{"most recently updated first": "desc", "earliest created first": "asc",
		"in descending order": "desc", "newest first": "desc", "the first 20": "", "the latest release": "",
		"oldest to newest": "asc", "sorted newest to oldest": "desc", "latest to newest": "", "from 1 to 10": ""} {
		if got := OrderAsked(strings.Fields(text)); got != want {
			t.Errorf("OrderAsked(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestNumberWord(t *testing.T) {
	for w, want := range map[string]int{"twenty": 20, "twenty-five": 25, "dozen": 12, "seven": 7, "ninety-nine": 99, "hundred": 100} {
		if got, ok := NumberWord(w); !ok || got != want {
			t.Errorf("NumberWord(%q) = %d, %v, want %d", w, got, ok, want)
		}
	}
	for _, w := range []string{"twenty-zero", "tens", "one-two", "bucks", ""} {
		if got, ok := NumberWord(w); ok {
			t.Errorf("NumberWord(%q) = %d, want none", w, got)
		}
	}
}
