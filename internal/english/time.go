package english

import "strings"

// timeUnits are the units of time requests and field names speak in, in
// seconds; months and years, whose length varies, have a negative number
// of their own, so that they convert only to themselves.
var timeUnits = map[string]float64{"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400,
	"month": -1, "year": -2}

// TimeUnit returns the unit of time a word names, singular and lower
// case ("Minutes" gives "minute"), or "" when it names none (an
// abbreviation such as "hrs" is not read). The baseline reads a length
// of time with it, the utterance writer says one and the judge reads it
// back.
func TimeUnit(w string) string {
	w = strings.TrimSuffix(strings.ToLower(w), "s")
	if _, ok := timeUnits[w]; ok {
		return w
	}
	return ""
}

// UnitSeconds returns the number of seconds in a unit TimeUnit returns;
// negative for a month (-1) and a year (-2), which convert only to
// themselves, and 0 for anything else.
func UnitSeconds(unit string) float64 { return timeUnits[unit] }

// CountsIn returns the unit of time a number field counts in, from the
// words of its name (timeout_seconds, duration_in_months) or else from
// its description ("the time to wait, in seconds"), or "" when neither
// says one, the description says more than one, or it describes a point
// in time ("seconds since the Unix epoch", "a timestamp"), which is no
// length of time. Words are as a text splits them, any case.
func CountsIn(name, description []string) string {
	for _, w := range name {
		if u := TimeUnit(w); u != "" {
			return u
		}
	}
	found := ""
	for _, w := range description {
		switch lw := strings.ToLower(w); {
		case lw == "epoch" || strings.HasPrefix(lw, "timestamp"):
			return ""
		case TimeUnit(lw) != "":
			if found != "" && found != TimeUnit(lw) {
				return ""
			}
			found = TimeUnit(lw)
		}
	}
	return found
}
