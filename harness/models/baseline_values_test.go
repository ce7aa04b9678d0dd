package models

import (
	"reflect"
	"testing"
)

// A description that lists the accepted values of a string without an
// enum gives them to the baseline, as it does to a model; a sentence
// that only mentions two things joined by "or" does not.
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
		{"Filter files by type (see below)", nil},
		{"The name of the user or team", nil},
		{"words to look for, at least one of two or more letters or digits", nil},
	} {
		if got := valuesIn(c.desc); !reflect.DeepEqual(got, c.want) {
			t.Errorf("valuesIn(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}
