package lint

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// credentialNames are parameter names that read as a credential, written
// in lower case without separators or an "x" prefix ("X-API-Key" is
// "apikey").
var credentialNames = map[string]bool{
	"key": true, "apikey": true, "appkey": true, "userkey": true, "accesskey": true,
	"subscriptionkey": true, "token": true, "apitoken": true, "accesstoken": true, "authtoken": true,
	"privatetoken": true, "sessiontoken": true, "auth": true, "secret": true, "clientsecret": true, "apisecret": true,
}

// authWords are the words of a description that say a parameter
// authenticates the caller.
var authWords = []string{
	"api key", "apikey", "app key", "application key", "access token", "api token", "authenticat", "authoriz",
	"oauth", "credential", "secret", "bearer", "identifies your project", "identifies your application",
}

// checkCredentials finds tool arguments that carry a credential: a
// query, header or cookie parameter whose name reads as one (key, token,
// X-API-Key) and whose description says it authenticates the caller, or
// which most of the API's operations take. No security scheme the
// operation requires declares it, so the generated tool asks the model
// for it: the model has no
// secret to give, so it asks the user, invents one, or passes the user's
// key through its context and transcripts.
func checkCredentials(c *checker) {
	type wire struct {
		name string
		in   ir.Location
	}
	// takes counts, for each credential-like parameter, the operations
	// that expose it as an argument.
	takes := map[wire]int{}
	for i, op := range c.api.Operations {
		if c.stopped(i) {
			return
		}
		for _, a := range c.cat.Args(op.Name) {
			if p := credentialParam(a); p != nil {
				takes[wire{strings.ToLower(p.Name), p.In}]++
			}
		}
	}
	if len(takes) == 0 {
		return
	}
	for i, op := range c.api.Operations {
		if c.stopped(i) {
			return
		}
		for _, a := range c.cat.Args(op.Name) {
			p := credentialParam(a)
			if p == nil {
				continue
			}
			n := takes[wire{strings.ToLower(p.Name), p.In}]
			widespread := n >= 3 && 2*n >= len(c.api.Operations)
			if !widespread && !speaksOfAuth(a.Description) {
				continue
			}
			msg, fix := credentialAdvice(c.api, op, a)
			c.add(RuleCredentialArgument, op, argPlace(a), msg, fix)
		}
	}
}

// credentialParam is a's query, header or cookie parameter when its name
// reads as a credential, else nil.
func credentialParam(a toolschema.Arg) *ir.Param {
	if p := a.Param; p != nil && p.In != ir.InPath && credentialNames[credentialKey(p.Name)] {
		return p
	}
	return nil
}

// separators are the characters credentialKey drops from a name.
var separators = strings.NewReplacer("-", "", "_", "", ".", "")

// credentialKey is a parameter name as credentialNames holds it.
func credentialKey(name string) string {
	n := separators.Replace(strings.ToLower(name))
	if strings.HasPrefix(name, "x-") || strings.HasPrefix(name, "X-") {
		n = strings.TrimPrefix(n, "x")
	}
	return n
}

// speaksOfAuth reports whether a description says its parameter
// authenticates the caller.
func speaksOfAuth(desc string) bool {
	d := strings.ToLower(desc)
	for _, w := range authWords {
		if strings.Contains(d, w) {
			return true
		}
	}
	return false
}

// credentialAdvice says what is wrong with a's parameter and how to fix
// it: require the API-key scheme the spec declares for it, or declare
// one, and what to do when op already authenticates another way.
func credentialAdvice(api *ir.API, op *ir.Operation, a toolschema.Arg) (msg, fix string) {
	p := a.Param
	for _, s := range api.SecuritySchemes {
		if s.Kind == ir.SchemeAPIKey && s.In == p.In && strings.EqualFold(s.ParamName, p.Name) {
			return fmt.Sprintf("argument %q (a %s parameter) carries the credential of security scheme %q, which this operation does not require: "+
					"the model is asked for a secret it does not hold", a.Name, p.In, s.Name),
				fmt.Sprintf("add {%s: []} to the operation's security, as the spec's other uses of the scheme do; "+
					"generated tools then read it from the environment and no model sees it", s.Name)
		}
	}
	msg = fmt.Sprintf("argument %q (a %s parameter) carries a credential no security scheme declares: "+
		"the model is asked for a secret it does not hold", a.Name, p.In)
	scheme := fmt.Sprintf("a security scheme (type: apiKey, in: %s, name: %s)", p.In, p.Name)
	if other := schemeNames(op); other != "" {
		fix = fmt.Sprintf("the operation already authenticates with %s: remove the parameter from the tools "+
			"(an overlay action with remove: true on it), or declare it as %s and add that as an alternative in security", other, scheme)
	} else {
		fix = fmt.Sprintf("declare it as %s and require it in security, top-level or on this operation; "+
			"generated tools then read it from the environment and no model sees it", scheme)
	}
	return msg, fix
}

// schemeNames lists the schemes op's security names, or "".
func schemeNames(op *ir.Operation) string {
	var names []string
	seen := map[string]bool{}
	for _, alt := range op.Security {
		for _, u := range alt {
			if !seen[u.Scheme] {
				seen[u.Scheme] = true
				names = append(names, u.Scheme)
			}
		}
	}
	return strings.Join(names, ", ")
}
