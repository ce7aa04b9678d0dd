package baseline

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/agentready/agentready/internal/english"
)

// numberedWord is a number written onto a word: "IPv6", "http/2", "v2".
var numberedWord = regexp.MustCompile(`^([a-z]*?)(?:/|v)?([0-9]{1,3})$`)

// cidrLength is a prefix length in CIDR notation: "/26".
var cidrLength = regexp.MustCompile(`^/([0-9]{1,3})$`)

// numberedWords reads two ways people write a number onto a word, as a
// model knows them:
//   - the number of a name ("IPv6", "HTTP/2", "v2") is an integer
//     argument's enum value when the letters before it are a word of the
//     argument's name or description (family "IP address family" takes 6
//     from "IPv6"; "v" alone speaks of a version): "ams6" in "site ams6"
//     sets no family;
//   - a prefix length in CIDR notation ("a /26") fills an integer
//     argument whose name or description speaks of a prefix or mask
//     length, and no other.
func (f *filler) numberedWords() {
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		if m := cidrLength.FindStringSubmatch(t.lower); m != nil {
			n, _ := strconv.Atoi(m[1])
			for _, p := range f.tool.params {
				if n <= 128 && !f.has(p) && p.scalarType() == "integer" && len(p.enum) == 0 && speaksOfPrefixLength(p) {
					f.set(p, n)
					f.u.used[i] = true
					break
				}
			}
			continue
		}
		m := numberedWord.FindStringSubmatch(t.lower)
		if m == nil || m[1] == "" && t.lower[0] != 'v' {
			continue
		}
		for _, p := range f.tool.params {
			if f.has(p) || p.scalarType() != "integer" || !slices.Contains(p.numEnum, m[2]) || !speaksOf(p, m[1]) {
				continue
			}
			n, _ := strconv.Atoi(m[2])
			f.set(p, n)
			f.u.used[i] = true
			break
		}
	}
}

// speaksOf reports whether letters ("ip"; "" for a bare "v2") are a word
// of p's name or description; the bare "v" asks for a version.
func speaksOf(p *param, letters string) bool {
	if letters == "" {
		letters = "version"
	}
	s := english.Stem(letters)
	return slices.Contains(p.words, letters) || p.descStems[s] || slices.Contains(p.stems, s)
}

// speaksOfPrefixLength reports whether p's name or description speaks of
// a network prefix's or mask's length.
func speaksOfPrefixLength(p *param) bool {
	has := func(w string) bool { return speaksOf(p, w) }
	return (has("prefix") || has("mask") || has("netmask") || has("cidr")) && (has("length") || has("len") || has("mask") || has("netmask") || has("bits"))
}
