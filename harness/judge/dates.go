package judge

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// instant is a date or date-time value of a case.
type instant struct {
	t time.Time
	// dateOnly is set for a date without a time ("2026-03-01").
	dateOnly bool
}

// parseInstant reads a value as an RFC 3339 date-time or a date.
func parseInstant(s string) (instant, bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return instant{t: t}, true
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return instant{t: t, dateOnly: true}, true
	}
	return instant{}, false
}

// dateMention is a date the text says, with the time of day after it
// when one is given.
type dateMention struct {
	year  int
	month time.Month
	day   int
	// hasTime is set when a time of day follows; hasSeconds when it gives
	// seconds; hasZone when it names the zone (offset in seconds east of
	// UTC).
	hasTime, hasSeconds, hasZone bool
	hour, minute, second         int
	offset                       int
}

const monthNames = `january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec`

var (
	dayFirst   = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(` + monthNames + `)\.?,?\s+(\d{4})\b`)
	monthFirst = regexp.MustCompile(`(?i)\b(` + monthNames + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
	isoDate    = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?`)
	// timeOfDay is a time after a date: " at 09:30 UTC", ", 9.30 pm
	// GMT+2", " 14:05:09 +01:00".
	timeOfDay = regexp.MustCompile(`(?i)^,?\s*(?:at\s+)?(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?:\s*(utc|gmt|z)\b)?(?:\s*([+-]\d{1,2})(?::?(\d{2}))?)?`)
)

var monthByName = map[string]time.Month{}

func init() {
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		monthByName[name] = m
		monthByName[name[:3]] = m
	}
	monthByName["sept"] = time.September
}

// findDates returns the dates the text says, in words or as ISO 8601.
func findDates(s string) []dateMention {
	var out []dateMention
	add := func(y, mo, d string, month time.Month, rest string) {
		year, _ := strconv.Atoi(y)
		day, _ := strconv.Atoi(d)
		if month == 0 {
			n, _ := strconv.Atoi(mo)
			month = time.Month(n)
		}
		dm := dateMention{year: year, month: month, day: day}
		if m := timeOfDay.FindStringSubmatch(rest); m != nil {
			dm.hasTime = true
			dm.hour, _ = strconv.Atoi(m[1])
			dm.minute, _ = strconv.Atoi(m[2])
			if m[3] != "" {
				dm.hasSeconds = true
				dm.second, _ = strconv.Atoi(m[3])
			}
			switch strings.ToLower(strings.ReplaceAll(m[4], ".", "")) {
			case "pm":
				if dm.hour < 12 {
					dm.hour += 12
				}
			case "am":
				if dm.hour == 12 {
					dm.hour = 0
				}
			}
			if m[5] != "" || m[6] != "" {
				dm.hasZone = true
			}
			if m[6] != "" {
				h, _ := strconv.Atoi(m[6])
				mins, _ := strconv.Atoi(m[7])
				if h < 0 {
					mins = -mins
				}
				dm.offset = h*3600 + mins*60
			}
		}
		out = append(out, dm)
	}
	spans := dateSpans(s)
	for _, sp := range spans {
		for _, m := range dayFirst.FindAllStringSubmatchIndex(s[sp[0]:sp[1]], -1) {
			m = shiftIndex(m, sp[0])
			add(s[m[6]:m[7]], "", s[m[2]:m[3]], monthByName[strings.ToLower(s[m[4]:m[5]])], s[m[1]:])
		}
	}
	for _, sp := range spans {
		for _, m := range monthFirst.FindAllStringSubmatchIndex(s[sp[0]:sp[1]], -1) {
			m = shiftIndex(m, sp[0])
			add(s[m[6]:m[7]], "", s[m[4]:m[5]], monthByName[strings.ToLower(s[m[2]:m[3]])], s[m[1]:])
		}
	}
	var isos [][]string
	for _, sp := range spans {
		isos = append(isos, isoDate.FindAllStringSubmatch(s[sp[0]:sp[1]], -1)...)
	}
	for _, m := range isos {
		dm := dateMention{}
		dm.year, _ = strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		dm.month = time.Month(mo)
		dm.day, _ = strconv.Atoi(m[3])
		if m[4] != "" {
			dm.hasTime = true
			dm.hour, _ = strconv.Atoi(m[4])
			dm.minute, _ = strconv.Atoi(m[5])
			if m[6] != "" {
				dm.hasSeconds = true
				dm.second, _ = strconv.Atoi(m[6])
			}
			if z := m[7]; z != "" {
				dm.hasZone = true
				if z != "Z" && z != "z" {
					z = strings.ReplaceAll(z, ":", "")
					h, _ := strconv.Atoi(z[:3])
					mins, _ := strconv.Atoi(z[3:])
					if h < 0 {
						mins = -mins
					}
					dm.offset = h*3600 + mins*60
				}
			}
		}
		out = append(out, dm)
	}
	return out
}

// dateSpans returns the parts of s that may hold a date the patterns
// above read, as [start, end) offsets: runs of the bytes a date may be
// written with (letters, digits, spaces, ".", ",", "-", ":", "+" and
// any byte of a multi-byte rune), split at every other byte, and only
// the runs with four digits in a row (every pattern ends or starts with
// a year). Other bytes are no word characters either, so \b reads the
// same at a run's ends as in s, and each pattern finds in the runs the
// matches it finds in s: an utterance that quotes a JSON body is
// scanned only where a year is.
func dateSpans(s string) [][2]int {
	var out [][2]int
	start, digits, year := 0, 0, false
	flush := func(end int) {
		if year {
			out = append(out, [2]int{start, end})
		}
		start, digits, year = end+1, 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if digits >= 4 {
				year = true
			}
			continue
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c >= utf8.RuneSelf,
			c == ' ', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r',
			c == '.', c == ',', c == '-', c == ':', c == '+':
		default:
			flush(i)
			continue
		}
		digits = 0
	}
	flush(len(s))
	return out
}

// shiftIndex moves submatch offsets found in s[off:] to offsets in s.
func shiftIndex(m []int, off int) []int {
	for i := range m {
		if m[i] >= 0 {
			m[i] += off
		}
	}
	return m
}

// instantSaid reports whether the text says the date of v and, for a
// date-time that is not midnight, its time of day and zone.
func (t *text) instantSaid(v instant) bool {
	t.datesOnce.Do(func() { t.dates = findDates(t.raw) })
	for _, m := range t.dates {
		if v.dateOnly {
			y, mo, d := v.t.Date()
			if m.year == y && m.month == mo && m.day == d {
				return true
			}
			continue
		}
		if !m.hasTime {
			y, mo, d := v.t.Date()
			h, mi, s := v.t.Clock()
			if m.year == y && m.month == mo && m.day == d && h == 0 && mi == 0 && s == 0 {
				return true
			}
			continue
		}
		// A time of day needs its zone to be one instant.
		if !m.hasZone {
			continue
		}
		if !m.hasSeconds && v.t.Second() != 0 {
			continue
		}
		said := time.Date(m.year, m.month, m.day, m.hour, m.minute, m.second, 0, time.FixedZone("", m.offset))
		if said.Equal(v.t.Truncate(time.Second)) {
			return true
		}
	}
	return false
}
