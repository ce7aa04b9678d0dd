package graph

import (
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// Values the caller brings from elsewhere. Some inputs look like the
// identifiers this API lists but hold something it never gives out: the
// account at another system (an organisation's twitter_username), the
// credentials a webhook or an importer presents to another server (a
// webhook config's username beside its password, secret and token).
// Judged GitHub edges that filled them from this API's logins and
// names were wrong every time.

// secretWords end the names of inputs that hold a secret value itself:
// a webhook's `secret`, a package `token`, a `password`.
var secretWords = map[string]bool{"secret": true, "token": true, "password": true, "passphrase": true}

// secretByName reports whether a producer's field would fill an input
// that holds a secret value (a webhook's `config.secret`, a package
// `token`) with anything but the id of an object the API made for it
// (Stripe's `token` from a created token's `id`). The caller makes up
// or holds the value; the API shows a secret's or a token's name in its
// place (an Actions secret's `name`, a PAT grant's `token_name`), a
// token's id elsewhere (`token_id`), a masked echo at most
// (a webhook's `config.secret`), none of which is the value.
func secretByName(in *input, l *leaf) bool {
	if len(in.attrs) > 0 || l.field == "id" {
		return false
	}
	return in.named().secret
}

// loginWords end the names of inputs that take an account's login.
var loginWords = map[string]bool{"username": true, "login": true, "user": true}

// credentialPair reports whether the property named name is the user
// half of a credential: a login whose object also takes the password
// that goes with it (a webhook config's `username` beside `password`,
// an importer's `vcs_username` beside `vcs_password`). The caller
// presents both to another server; this API's accounts do not fill it.
func credentialPair(name string, siblings []*ir.Property) bool {
	ws := splitWords(name)
	if len(ws) == 0 || !loginWords[ws[len(ws)-1]] {
		return false
	}
	want := strings.Join(append(ws[:len(ws)-1:len(ws)-1], "password"), " ")
	for _, p := range siblings {
		if strings.Join(splitWords(p.Name), " ") == want {
			return true
		}
	}
	return false
}

// elsewhereAccount reports whether an input's name qualifies a login by
// a word that names another system: a word no path or type of this API
// uses, which its description writes as a proper name ("twitter_username":
// "The Twitter username of the company."). A login of this API does not
// fill an account at Twitter.
func elsewhereAccount(vocab vocabulary, name, desc string) bool {
	ws := splitWords(lastName(name))
	if len(ws) < 2 || !loginWords[ws[len(ws)-1]] {
		return false
	}
	for _, q := range ws[:len(ws)-1] {
		if vocab.known(q, true) || !properName(desc, q) {
			return false
		}
	}
	return true
}

// properName reports whether the description writes the word with a
// capital inside a sentence, as a proper name ("The Twitter username").
func properName(desc, word string) bool {
	if word == "" {
		return false
	}
	want := strings.ToUpper(word[:1]) + word[1:]
	fields := strings.Fields(desc)
	for i, f := range fields {
		f = strings.Trim(f, ".,;:()`'\"")
		if f != want || i == 0 {
			continue
		}
		if prev := fields[i-1]; !strings.HasSuffix(prev, ".") {
			return true
		}
	}
	return false
}
