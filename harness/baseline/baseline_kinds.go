package baseline

import (
	"net"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// valueKind names the kind of value a token's form says it is: a URL, a
// network in CIDR notation, an IP address or an E.164 phone number; ""
// for any other token.
func valueKind(raw string) string {
	switch {
	case strings.HasPrefix(raw, "http://") || strings.HasPrefix(raw, "https://"):
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			return "url"
		}
	case strings.Contains(raw, "/"):
		if _, _, err := net.ParseCIDR(raw); err == nil {
			return "cidr"
		}
	case isIP(raw):
		return "ip"
	case rePhone.MatchString(raw):
		return "phone"
	}
	return ""
}

// kindWords are the words of an argument's name (or, for a URL, of its
// format) that say it takes a value of each kind.
var kindWords = map[string][]string{
	"url":   {"url", "uri", "urls", "origin", "endpoint", "href", "link", "webhook", "callback", "homepage", "website"},
	"cidr":  {"subnet", "cidr", "prefix", "range"},
	"ip":    {"ip", "ipv4", "ipv6", "address", "gateway", "target"},
	"phone": {"phone", "to", "from", "msisdn", "mobile", "number"},
}

// reKindDesc is what a description says of a value of each kind.
var reKindDesc = map[string]*regexp.Regexp{
	"url":  regexp.MustCompile(`(?i)\b(?:url|uri)s?\b`),
	"cidr": regexp.MustCompile(`(?i)\b(?:cidr|subnet)\b`),
	"ip":   regexp.MustCompile(`(?i)\bip(?:v4|v6)? address`),
	// A phone number by its description: "in E.164 format".
	"phone": regexp.MustCompile(`(?i)\b(?:e\.?164|phone number)\b`),
}

// fitsKind reports whether p takes a value of kind k: its format says
// so (uri for a URL, ipv4 for an IP), or its example's value is one, or
// a word of its name or its description does (kindWords, reKindDesc).
func fitsKind(p *param, k string) bool {
	if p.scalarType() != "string" || len(p.enum) > 0 || p.array {
		return false
	}
	switch p.format {
	case "uri", "url", "uri-reference", "iri":
		return k == "url"
	case "ipv4", "ipv6", "ip":
		return k == "ip"
	case "date", "date-time", "email", "uuid", "hostname", "int32", "int64", "password", "byte", "binary":
		return false
	}
	if ex, ok := p.example.(string); ok && p.inExample && valueKind(ex) == k {
		return true
	}
	if p.pattern != nil {
		return false
	}
	said := false
	for _, w := range p.words {
		said = said || slices.Contains(kindWords[k], w) && !idWords[w]
	}
	if p.ident && (!said || p.words[len(p.words)-1] != "number" && p.words[len(p.words)-1] != "uri") {
		// An identifier takes no URL or address unless its name says
		// it is one (phone_number, callback_uri): webhookId is the
		// webhook's id, not its URL.
		return false
	}
	return said || reKindDesc[k].MatchString(p.desc)
}

// kinds gives each URL, network (CIDR), IP address and phone number the
// request writes to the one empty argument that takes that kind of value
// (fitsKind), as a model reads the value's form against each argument's
// name, format and example: "direct upload from https://app.example.com"
// fills cors_origin, "a route for 10.20.0.0/16" the subnet. When several
// could take it, the words right before the value must name one ("to
// +13125550100", "from +13125550199"); else it stays for later passes.
func (f *filler) kinds() {
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		k := valueKind(t.raw)
		if k == "" {
			continue
		}
		var fits []*param
		for _, p := range f.tool.params {
			if !f.has(p) && f.reachable(p) && fitsKind(p, k) {
				fits = append(fits, p)
			}
		}
		target := (*param)(nil)
		switch {
		case len(fits) == 1:
			target = fits[0]
		case len(fits) > 1:
			for _, p := range fits {
				if f.namedBefore(p, i) {
					if target != nil {
						target = nil
						break
					}
					target = p
				}
			}
		}
		if target == nil {
			continue
		}
		if f.set(target, t.raw) {
			f.u.used[i] = true
			f.notes = append(f.notes, target.name+" takes the "+k+" by its form")
		}
	}
}
