package judge

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestDateSpansFindWhatTheWholeTextGives checks that findDates, which
// runs its patterns only over the parts of a text where a year is, finds
// the dates a scan of the whole text finds, in the same order.
func TestDateSpansFindWhatTheWholeTextGives(t *testing.T) {
	whole := func(s string) []dateMention {
		var out []dateMention
		for _, m := range dayFirst.FindAllStringSubmatch(s, -1) {
			y, _ := strconv.Atoi(m[3])
			d, _ := strconv.Atoi(m[1])
			out = append(out, dateMention{year: y, month: monthByName[strings.ToLower(m[2])], day: d})
		}
		for _, m := range monthFirst.FindAllStringSubmatch(s, -1) {
			y, _ := strconv.Atoi(m[3])
			d, _ := strconv.Atoi(m[2])
			out = append(out, dateMention{year: y, month: monthByName[strings.ToLower(m[1])], day: d})
		}
		for _, m := range isoDate.FindAllStringSubmatch(s, -1) {
			y, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			d, _ := strconv.Atoi(m[3])
			out = append(out, dateMention{year: y, month: time.Month(mo), day: d})
		}
		return out
	}
	days := func(ms []dateMention) []dateMention {
		var out []dateMention
		for _, m := range ms {
			out = append(out, dateMention{year: m.year, month: m.month, day: m.day})
		}
		return out
	}
	texts := []string{
		"",
		"due 1 March 2026, and March 2nd, 2026 at 9:30 pm UTC",
		`{"created":"2026-03-01T10:00:00Z","n":12345,"note":"the 3rd of june 2027"}`,
		"x2026-03-01 _2026-03-01 2026-03-01_ a2026 1 Sept. 2026_",
		"on 5 ſeptember 2026 and AUGUST 7, 2029; [2026-13-45]",
		"12 May\n2026|May 12,\t2026+2026-01-01T00:00 +01:00",
		"“1 jan 2026”, «2026-02-02», 30 dec 1999.",
	}
	for _, s := range texts {
		if got, want := days(findDates(s)), whole(s); !reflect.DeepEqual(got, want) {
			t.Errorf("findDates(%q) = %v, want %v", s, got, want)
		}
	}
}
