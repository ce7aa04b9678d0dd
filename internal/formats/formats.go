// Package formats checks strings against the JSON Schema and OpenAPI
// string formats (date-time, email, uuid, ...). It is the one format
// checker of the project: the runtime's argument checking, the harness's
// validator and the offline baseline all ask it. It imports only the
// standard library, so the tool runtime can use it and stay a leaf.
package formats

import (
	"encoding/base64"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// checks maps each checked format to its check.
var checks = map[string]func(string) bool{
	"date-time":             DateTime,
	"date":                  Date,
	"time":                  Time,
	"email":                 Email,
	"idn-email":             Email,
	"uuid":                  UUID,
	"uri":                   URI,
	"url":                   URI,
	"iri":                   URI,
	"uri-reference":         URIReference,
	"iri-reference":         URIReference,
	"ipv4":                  IPv4,
	"ipv6":                  IPv6,
	"hostname":              Hostname,
	"duration":              Duration,
	"json-pointer":          JSONPointer,
	"relative-json-pointer": RelativeJSONPointer,
	"semver":                Semver,
	"byte":                  Base64,
	"int32":                 func(s string) bool { return intText(s, 32) },
	"int64":                 func(s string) bool { return intText(s, 64) },
}

// Known reports whether format is one this package checks.
func Known(format string) bool {
	_, ok := checks[format]
	return ok
}

// Valid reports whether s is a valid value of format; a format this
// package does not check (see Known) accepts every string.
func Valid(format, s string) bool {
	check, ok := checks[format]
	return !ok || check(s)
}

// Strict is Valid as JSON Schema defines the formats, for values agentready
// makes rather than reads: a time must end in its zone (RFC 3339's
// full-time), which Valid, reading what a model or a spec writes, does not
// ask.
func Strict(format, s string) bool {
	if format == "time" {
		return Time(s) && hasZone(s)
	}
	return Valid(format, s)
}

var (
	// timeRE is RFC 3339's partial-time with an optional offset: a leap
	// second (:60) and a lower-case z are allowed, one-digit hours and
	// offsets past 23:59 are not.
	timeRE     = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([zZ]|[+-]([01]\d|2[0-3]):[0-5]\d)?$`)
	durationRE = regexp.MustCompile(`^P(\d+W|(\d+Y)?(\d+M)?(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?)$`)
	semverRE   = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
)

// DateTime reports whether s is an RFC 3339 date-time with a time zone:
// 2024-01-15T09:30:00Z, with "t" and "z" allowed in lower case.
func DateTime(s string) bool {
	if len(s) < 20 || (s[10] != 'T' && s[10] != 't') {
		return false
	}
	rest := s[11:]
	return Date(s[:10]) && timeRE.MatchString(rest) && hasZone(rest)
}

// hasZone reports whether a time that timeRE accepts ends in a zone.
func hasZone(t string) bool {
	last := t[len(t)-1]
	return last == 'z' || last == 'Z' || len(t) > 6 && (t[len(t)-6] == '+' || t[len(t)-6] == '-')
}

// Date reports whether s is a full date, YYYY-MM-DD, that exists.
func Date(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil && len(s) == 10
}

// Time reports whether s is a time, HH:MM:SS with optional fraction and
// an optional zone. RFC 3339 asks for the zone; the runtime has always
// taken a time without one.
func Time(s string) bool { return timeRE.MatchString(s) }

// Email reports whether s is a plain email address: no display name, no
// angle brackets, a local part of at most 64 bytes.
func Email(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && at <= 64 && at < len(s)-1
}

// UUID reports whether s is a UUID as the "uuid" format writes it:
// 8-4-4-4-12 hex digits, in either case.
func UUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// URI reports whether s is an absolute URI: a scheme, and no white space
// or backslash.
func URI(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && !strings.ContainsAny(s, " \t\r\n\\")
}

// URIReference reports whether s is a URI reference, absolute or
// relative, with no white space or backslash.
func URIReference(s string) bool {
	_, err := url.Parse(s)
	return err == nil && !strings.ContainsAny(s, " \t\r\n\\")
}

// IPv4 reports whether s is a dotted IPv4 address.
func IPv4(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is4()
}

// IPv6 reports whether s is an IPv6 address without a zone.
func IPv6(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == ""
}

// Hostname reports whether s is a DNS host name: labels of letters,
// digits and inner hyphens, at most 63 bytes each and 253 in all; one
// trailing dot is allowed.
func Hostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-') {
				return false
			}
		}
	}
	return true
}

// Duration reports whether s is an ISO 8601 duration: P3D, PT1H30M, P2W.
func Duration(s string) bool {
	return s != "P" && !strings.HasSuffix(s, "T") && durationRE.MatchString(s)
}

// JSONPointer checks RFC 6901 syntax: empty, or "/"-separated tokens
// where "~" is followed by 0 or 1.
func JSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return false
		}
	}
	return true
}

// RelativeJSONPointer reports whether s is a relative JSON pointer: a
// count of levels up, then "#" or a JSON pointer.
func RelativeJSONPointer(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && (s[i:] == "#" || JSONPointer(s[i:]))
}

// Semver reports whether s is a semantic version: 1.0.0, 2.1.0-rc.1.
func Semver(s string) bool { return semverRE.MatchString(s) }

// Base64 reports whether s is base64 data, padded or not.
func Base64(s string) bool {
	if _, err := base64.StdEncoding.DecodeString(s); err == nil {
		return true
	}
	_, err := base64.RawStdEncoding.DecodeString(s)
	return err == nil
}

// intText reports whether s, with an optional leading "+", is a decimal
// integer that fits in bits.
func intText(s string, bits int) bool {
	_, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, bits)
	return err == nil
}
