package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestSecretByName(t *testing.T) {
	for _, c := range []struct {
		input string
		attrs []string
		field string
		attr  string
		want  bool
	}{
		{"config.secret", nil, "name", attrName, true},               // an Actions secret's name for a webhook's secret
		{"token", nil, "token_name", attrName, true},                 // a PAT grant's token name for a package token
		{"token", nil, "token_id", attrID, true},                     // a token's id elsewhere is not the token
		{"config.secret", nil, "secret", "", true},                   // a webhook's masked echo
		{"token", nil, "id", attrID, false},                          // a token object's own id (Stripe's tokens)
		{"secret_name", []string{attrName}, "name", attrName, false}, // a secret's name is what it takes
		{"config.url", nil, "url", "", false},                        // no secret
	} {
		in := &input{name: c.input, attrs: c.attrs}
		l := &leaf{field: c.field, attr: c.attr}
		if got := secretByName(in, l); got != c.want {
			t.Errorf("%s from %s: secretByName %v, want %v", c.input, c.field, got, c.want)
		}
	}
}

func TestCredentialPair(t *testing.T) {
	props := func(names ...string) []*ir.Property {
		var out []*ir.Property
		for _, n := range names {
			out = append(out, &ir.Property{Name: n})
		}
		return out
	}
	for _, c := range []struct {
		name     string
		siblings []*ir.Property
		want     bool
	}{
		{"username", props("url", "username", "password"), true},                 // a webhook config's credentials
		{"vcs_username", props("vcs_url", "vcs_username", "vcs_password"), true}, // an importer's at the other VCS
		{"username", props("url", "username"), false},                            // no password beside it
		{"vcs_username", props("vcs_username", "password"), false},               // another qualifier's password
		{"name", props("name", "password"), false},                               // no login
	} {
		if got := credentialPair(c.name, c.siblings); got != c.want {
			t.Errorf("%s: credentialPair %v, want %v", c.name, got, c.want)
		}
	}
}

func TestElsewhereAccount(t *testing.T) {
	vocab := vocabulary{paths: map[string]bool{"user": true, "org": true, "actor": true}, types: map[string]bool{}}
	for _, c := range []struct {
		name, desc string
		want       bool
	}{
		{"twitter_username", "The Twitter username of the company.", true},
		{"twitter_username", "Twitter username of the user.", false},    // no sign it is a name: a sentence's first word
		{"twitter_username", "The twitter username.", false},            // written as a common word
		{"actor_login", "The Actor login of the run.", false},           // a word this API's paths use
		{"twitter_handle", "The Twitter handle of the company.", false}, // no login word
		{"username", "The GitHub username.", false},                     // no qualifier
	} {
		if got := elsewhereAccount(vocab, c.name, c.desc); got != c.want {
			t.Errorf("%s %q: elsewhereAccount %v, want %v", c.name, c.desc, got, c.want)
		}
	}
}

func TestRelatedToAny(t *testing.T) {
	for _, c := range []struct {
		other, in string
		want      bool
	}{
		{"team_id", "parent_team_slug", true},         // a team as its own parent
		{"parent_team_id", "team_slug", true},         // the other way round
		{"parent_team_id", "parent_team_slug", false}, // both the parent
		{"issue_number", "duplicate_issue_id", false}, // another relation, labelled from the same list
		{"owner", "repo", false},                      // a key's two halves
	} {
		if got := relatedToAny([]*input{{name: c.other}}, &input{name: c.in}); got != c.want {
			t.Errorf("%s beside %s: relatedToAny %v, want %v", c.in, c.other, got, c.want)
		}
	}
}

func TestCollectionKindClash(t *testing.T) {
	api := &ir.API{}
	ops := addOps(api, [][3]string{
		{"list-runner-labels", "GET", "/repos/{owner}/{repo}/actions/runners/{runner_id}/labels"},
		{"set-runner-labels", "PUT", "/repos/{owner}/{repo}/actions/runners/{runner_id}/labels"},
		{"list-issue-labels", "GET", "/repos/{owner}/{repo}/issues/{issue_number}/labels"},
		{"add-issue-labels", "POST", "/repos/{owner}/{repo}/issues/{issue_number}/labels"},
		{"create-webhook", "POST", "/repos/{owner}/{repo}/hooks"},
	})
	x := &inferrer{api: api, returns: map[*ir.Operation]string{
		ops["list-runner-labels"]: "runner-label", ops["list-issue-labels"]: "label",
	}}
	x.getOf, x.gotByParam = getsByPath(api)
	for _, c := range []struct {
		consumer, input, loc, producerType string
		want                               bool
	}{
		{"set-runner-labels", "labels", "body", "label", true},          // issue labels are no runner labels
		{"add-issue-labels", "labels", "body", "runner-label", true},    // nor the other way round
		{"add-issue-labels", "labels", "body", "nullable-label", false}, // the same kind by another name
		{"set-runner-labels", "labels", "body", "runner-label", false},  // the same kind
		{"set-runner-labels", "labels", "body", "", false},              // a type that says nothing
		{"set-runner-labels", "runner_id", "path", "label", false},      // path inputs go by selfKindClash
		{"create-webhook", "labels", "body", "label", false},            // not the collection the path sets
	} {
		in := &input{op: ops[c.consumer], name: c.input, param: c.input, loc: c.loc}
		l := &leaf{field: "name", obj: &object{typeName: c.producerType, path: "$[*]"}}
		if got := x.collectionKindClash(in, l); got != c.want {
			t.Errorf("%s %s from %q: collectionKindClash %v, want %v", c.consumer, c.input, c.producerType, got, c.want)
		}
	}
}
