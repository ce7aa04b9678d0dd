package baseline

import "testing"

// A code table needs two entries or more, and "=" with no space counts;
// "page=1" in an example is no table.
func TestCodesIn(t *testing.T) {
	for desc, want := range map[string]int{
		"The period size to compare to (1=month, 3=quarter, 12=year)": 3,
		"Access level: 10 => Guest, 30 => Developer":                  2,
		"e.g. page=1 – Up to 100 invoices will be returned":           0,
	} {
		if got := len(codesIn(desc)); got != want {
			t.Errorf("codesIn(%q): %d codes, want %d", desc, got, want)
		}
	}
}
