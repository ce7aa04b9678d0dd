package baseline

import (
	"reflect"
	"strings"
	"testing"
)

// A description that lists the accepted values of a string without an
// enum gives them to the baseline, as it does to a model; a sentence
// that only mentions two things joined by "or" does not. A list after a
// label that says it lists values ("Enum: all, yearly") needs no "or".
func TestValuesIn(t *testing.T) {
	for _, c := range []struct {
		desc string
		want []string
	}{
		{"Either auto or away", []string{"auto", "away"}},
		{"track, context or off", []string{"track", "context", "off"}},
		{"Change sort direction to ascending (asc) or descending (desc)", []string{"asc", "desc"}},
		{"Return matches sorted by either score or timestamp", []string{"score", "timestamp"}},
		{"Only return payouts that have given status: pending, paid, failed, or canceled", []string{"pending", "paid", "failed", "canceled"}},
		{"Accepts either `none` or `full`", []string{"none", "full"}},
		{"Enum: all, yearly, quarterly, monthly", []string{"yearly", "quarterly", "monthly"}},
		{"Enum: default, created, views,\nposts", []string{"default", "created", "views", "posts"}},
		{"comma-separated list of severities. Can be: low, medium, high, critical", []string{"low", "medium", "high", "critical"}},
		// The shortened descriptions agentready writes: "values" and the
		// list, with what each value means in brackets or without.
		{"Over what time frame affinities are computed. values long_term (calculated from several years), medium_term (approximately last 6 months), short_term (approximately last 4 weeks)",
			[]string{"long_term", "medium_term", "short_term"}},
		{"The dispute's state. values WON, LOST, INQUIRY_CLOSED", []string{"WON", "LOST", "INQUIRY_CLOSED"}},
		{"values that were sent", nil},
		{"Filter files by type (see below)", nil},
		{"The name of the user or team", nil},
		{"words to look for, at least one of two or more letters or digits", nil},
	} {
		if got := valuesIn(c.desc); !reflect.DeepEqual(got, c.want) {
			t.Errorf("valuesIn(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

// TestChatter: a preamble and sentences of context give no leftover
// words; the request's own sentence does.
func TestChatter(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // the tokens marked, joined
	}{
		{"Quick one: search tickets about VPN drops", "Quick one"},
		{"Search tickets about VPN drops. No rush on this one.", "No rush on this one"},
		{"Search tickets about VPN drops. Show only the open ones.", ""},
		{"Heads up: ticket TCK-1 is stuck", "Heads up"},
		{"TCK-1: close it", ""},
		{"Search tickets about VPN drops. It was TCK-1 last time.", ""},
	} {
		u := readUtterance(c.text)
		var got []string
		for i, marked := range u.chatter() {
			if marked {
				got = append(got, u.toks[i].raw)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("chatter(%q) = %q, want %q", c.text, strings.Join(got, " "), c.want)
		}
	}
	for text, want := range map[string]string{
		"When you get a moment, delete ticket TCK-1": "delete",
		"If you can, close TCK-1":                    "close",
		"Get ticket TCK-1":                           "read",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestValuesInWrittenAsCode: a description lists values as code writes
// them, quoted in a row or as constants in parentheses.
func TestValuesInWrittenAsCode(t *testing.T) {
	for _, c := range []struct {
		desc string
		want []string
	}{
		{"Valid time_intervals include: ['overdue', 'today', 'tomorrow', 'this_week', 'next_week']", []string{"overdue", "today", "tomorrow", "this_week", "next_week"}},
		{"Provide this parameter to retrieve only settlements with a particular status (SENT or FAILED).", []string{"SENT", "FAILED"}},
		{"The owner (user or team)", nil},
		{"Filter by 'name'", nil},
	} {
		if got := valuesIn(c.desc); !reflect.DeepEqual(got, c.want) {
			t.Errorf("valuesIn(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}
