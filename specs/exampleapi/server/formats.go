package server

import (
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
)

// Formats and patterns shared by the validators and the spec.
var (
	uuidRE      = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	ticketIDRE  = regexp.MustCompile(`^TCK-[0-9]{4,}$`)
	assetIDRE   = regexp.MustCompile(`^AST-[0-9A-Z]{8}$`)
	teamIDRE    = regexp.MustCompile(`^tm_[0-9a-z]{10}$`)
	tagRE       = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)
	phoneRE     = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)
	serialRE    = regexp.MustCompile(`^[A-Z0-9]{8,14}$`)
	requestIDRE = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)
)

// Enumerations of the API. Their order is the order the spec lists them in.
var (
	ticketStatuses     = []string{"new", "open", "pending", "resolved", "closed"}
	ticketPriorities   = []string{"low", "medium", "high", "urgent"}
	ticketCategories   = []string{"hardware", "software", "network", "access", "security", "other"}
	resolutionCodes    = []string{"fixed", "workaround", "duplicate", "wont_fix", "cannot_reproduce"}
	commentVisibility  = []string{"public", "internal"}
	userRoles          = []string{"requester", "agent", "admin"}
	departments        = []string{"Engineering", "Finance", "Human Resources", "IT", "Legal", "Marketing", "Operations", "Sales"}
	assetTypes         = []string{"laptop", "desktop", "monitor", "phone", "tablet", "peripheral"}
	assetStatuses      = []string{"in_use", "in_stock", "repair", "retired"}
	ticketSorts        = []string{"created_at", "-created_at", "updated_at", "-updated_at", "priority", "-priority", "due_at", "-due_at"}
	userSorts          = []string{"name", "-name", "created_at", "-created_at"}
	ticketRelationship = []string{"requester", "assignee"}
	sortOrders         = []string{"asc", "desc"}
)

// Example values quoted in error messages, so that an agent sees what a
// valid value looks like.
const (
	exampleUUID     = "8d0f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60"
	exampleTicketID = "TCK-1042"
	exampleAssetID  = "AST-7K2M9Q4D"
	exampleTeamID   = "tm_4k7p2x9q1c"
	exampleDateTime = "2026-03-14T09:30:00Z"
	exampleDate     = "2026-03-14"
)

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// checkEnum returns "" when v is one of allowed, else the reason.
func checkEnum(v string, allowed []string) string {
	if contains(allowed, v) {
		return ""
	}
	hint := ""
	for _, a := range allowed {
		if strings.EqualFold(a, v) || strings.EqualFold(strings.ReplaceAll(a, "_", " "), v) {
			hint = fmt.Sprintf(" (did you mean %q? values are case-sensitive)", a)
			break
		}
	}
	return fmt.Sprintf("must be one of %s; got %q%s", strings.Join(allowed, ", "), v, hint)
}

// checkUUID returns "" when v is a lower-case UUID, else the reason.
func checkUUID(v string, hint string) string {
	if uuidRE.MatchString(v) {
		return ""
	}
	if uuidRE.MatchString(strings.ToLower(v)) {
		return fmt.Sprintf("must be a lower-case UUID like %s; got %q", exampleUUID, v)
	}
	return fmt.Sprintf("must be a UUID like %s; got %q%s", exampleUUID, v, hint)
}

// checkEmail returns "" when v is a plain email address, else the reason.
func checkEmail(v string) string {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" || !strings.Contains(v[strings.LastIndexByte(v, '@')+1:], ".") {
		return fmt.Sprintf("must be an email address like jane.doe@globex.example; got %q", v)
	}
	return ""
}

// parseDateTime parses an RFC 3339 date-time and returns it in UTC, or the
// reason it is invalid.
func parseDateTime(v string) (time.Time, string) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, fmt.Sprintf("must be an RFC 3339 date-time like %s; got %q", exampleDateTime, v)
	}
	return t.UTC(), ""
}

// parseDate parses a full-date (YYYY-MM-DD), or returns the reason it is
// invalid.
func parseDate(v string) (time.Time, string) {
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, fmt.Sprintf("must be a date like %s; got %q", exampleDate, v)
	}
	return t, ""
}

// formatTime is the one wire and storage format of timestamps: RFC 3339 in
// UTC with second precision, which also sorts correctly as text.
func formatTime(t time.Time) string { return t.UTC().Truncate(time.Second).Format(time.RFC3339) }

// checkPattern returns "" when v matches re, else the reason.
func checkPattern(v string, re *regexp.Regexp, like string) string {
	if re.MatchString(v) {
		return ""
	}
	return fmt.Sprintf("must match %s (like %s); got %q", re.String(), like, v)
}

// checkLength returns "" when v has between min and max characters.
func checkLength(v string, min, max int) string {
	n := len([]rune(v))
	switch {
	case n < min && min == 1:
		return "must not be empty"
	case n < min:
		return fmt.Sprintf("must have at least %d characters; got %d", min, n)
	case n > max:
		return fmt.Sprintf("must have at most %d characters; got %d", max, n)
	}
	return ""
}
