package prose

import "testing"

func TestEnumMeanings(t *testing.T) {
	for _, c := range []struct {
		name             string
		values, meanings []string
		arg, context     string
		max              int
		want             string
	}{
		{"subject and restating meaning dropped",
			[]string{"active", "disabled", "canceled"},
			[]string{"The account number is active.", "The account number is temporarily disabled.", "The account number is permanently disabled."},
			"status", "List Account Numbers", 200,
			"disabled: temporarily disabled; canceled: permanently disabled"},
		{"meanings the value and context say are left out",
			[]string{"pending_reviewing", "accepted", "rejected"},
			[]string{"The Card Dispute is pending review.", "The Card Dispute has been accepted and your funds have been returned.", "The Card Dispute has been rejected."},
			"status.in", "List Card Disputes", 200,
			"accepted: accepted and your funds have been returned"},
		{"a shared start the reader lacks stays",
			[]string{"1", "2", "3"}, []string{"Restock first.", "", "Restock when idle; rarely."},
			"priority", "Update item", 200, "1: Restock first; 3: Restock when idle, rarely"},
		{"nothing worth saying",
			[]string{"open", "closed"}, []string{"Open.", "The item is closed."}, "state", "List items", 200, ""},
		{"a long list is cut with a mark",
			[]string{"a1", "b2", "c3"},
			[]string{"First choice of many here", "Second choice of many here", "Third choice of many here"},
			"x", "", 50, "a1: First choice of many here; …"},
		{"one value says nothing", []string{"x"}, []string{"the only one"}, "x", "", 200, ""},
		{"lengths differ", []string{"x", "y"}, []string{"the only one"}, "x", "", 200, ""},
	} {
		if got := EnumMeanings(c.values, c.meanings, c.arg, c.context, c.max); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
