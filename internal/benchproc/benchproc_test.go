package benchproc

import "testing"

// TestMedian checks Median field by field, for odd and even counts and
// for none.
func TestMedian(t *testing.T) {
	odd := []Cost{{PeakMiB: 300, CPU: 3, Wall: 9}, {PeakMiB: 100, CPU: 1, Wall: 1}, {PeakMiB: 200, CPU: 5, Wall: 2}}
	if got, want := Median(odd), (Cost{PeakMiB: 200, CPU: 3, Wall: 2}); got != want {
		t.Errorf("Median(odd) = %+v, want %+v", got, want)
	}
	even := []Cost{{PeakMiB: 100, CPU: 4, Wall: 8}, {PeakMiB: 300, CPU: 2, Wall: 2}}
	if got, want := Median(even), (Cost{PeakMiB: 200, CPU: 3, Wall: 5}); got != want {
		t.Errorf("Median(even) = %+v, want %+v", got, want)
	}
	if got := Median(nil); got != (Cost{}) {
		t.Errorf("Median(nil) = %+v, want the zero Cost", got)
	}
}
