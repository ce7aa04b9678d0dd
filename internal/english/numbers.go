package english

import (
	"slices"
	"strconv"
	"strings"
)

var ordinalSuffix = []string{"th", "st", "nd", "rd"}

// Ordinal writes a day of the month or another positive number as an
// ordinal in digits: 1 "1st", 2 "2nd", 11 "11th", 23 "23rd".
func Ordinal(n int) string {
	s := strconv.Itoa(n)
	if n%100 >= 11 && n%100 <= 13 || n%10 > 3 {
		return s + "th"
	}
	return s + ordinalSuffix[n%10]
}

// SmallNumbers are the whole numbers from zero to nineteen in words;
// Tens the multiples of ten from twenty to ninety, at their tens digit.
var (
	SmallNumbers = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	Tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
)

// NumberWord reads one lower-case word as the whole number it writes:
// "twenty", "twenty-five", "dozen" (12), "hundred" (100); false for any
// other word.
func NumberWord(w string) (int, bool) {
	switch w {
	case "dozen":
		return 12, true
	case "hundred":
		return 100, true
	}
	if n := slices.Index(SmallNumbers, w); n >= 0 {
		return n, true
	}
	ten, one, _ := strings.Cut(w, "-")
	t := slices.Index(Tens, ten)
	if t < 2 {
		return 0, false
	}
	if one == "" {
		return 10 * t, true
	}
	if o := slices.Index(SmallNumbers, one); o >= 1 && o <= 9 {
		return 10*t + o, true
	}
	return 0, false
}
