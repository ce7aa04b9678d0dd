package english

import "strconv"

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
