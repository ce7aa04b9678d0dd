package cases

import "testing"

// A run's values go into the utterance in one pass: a new value never
// lands inside another one written before it, and a value inside a
// longer word stays.
func TestReplaceValuesOnePass(t *testing.T) {
	pairs := [][2]string{{"TCK-1039", "TCK-1681"}, {"8", `"1"`}, {"1", "2"}}
	got := replaceValues("edit ticket TCK-1039, If-Match 8, not 18 nor 81, page 1", pairs)
	want := `edit ticket TCK-1681, If-Match "1", not 18 nor 81, page 2`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
