package config

import (
	"reflect"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/yamlpos"
)

// secretAdvice ends every message about a credential found in the file.
const secretAdvice = "credentials come from the environment, never from this file: remove it (and rotate it if the file was shared) and set it in the environment, named with auth.env_prefix (e.g. JIRA_BEARER_TOKEN)"

// decode fills c from data with yamlpos, which reports unknown keys (with
// suggestions), values of the wrong kind, syntax errors and where each
// field is; what the configuration adds is its file form of
// allow_mutations and its refusal of credentials.
func decode(data []byte, file string, c *Config) *yamlpos.Result {
	return yamlpos.Decode(data, c, yamlpos.Options{
		File:       file,
		Document:   "configuration",
		Expect:     map[reflect.Type]string{reflect.TypeFor[Config](): "a mapping of settings (spec, out, ...)"},
		Redact:     looksLikeToken,
		Check:      checkNode,
		UnknownKey: unknownKey,
	})
}

// problems turns yamlpos's problems into the configuration's.
func problems(ps yamlpos.Problems) Problems {
	out := make(Problems, len(ps))
	for i := range ps {
		out[i] = (*Problem)(&ps[i])
	}
	return out
}

// checkNode checks allow_mutations (true, false or a list of globs) and
// refuses a string that looks like a credential, wherever it is.
func checkNode(d *yamlpos.Decoder, n *yaml.Node, t reflect.Type, field string) bool {
	switch {
	case t == reflect.TypeFor[Mutations]():
		switch {
		case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool":
		case n.Kind == yaml.SequenceNode:
			d.Walk(n, reflect.TypeFor[[]string](), field)
		default:
			d.Add(n, field, "expected true, false or a list of operationId globs, got %s", d.Describe(n))
		}
		return true
	case t.Kind() == reflect.String && n.Kind == yaml.ScalarNode && looksLikeToken(n.Value):
		d.Add(n, field, "holds what looks like a credential; %s", secretAdvice)
		return true
	}
	return false
}

// unknownKey reports a key the configuration does not have as a secret
// when it is named like one (or holds one), and leaves the rest to
// yamlpos's "did you mean".
func unknownKey(d *yamlpos.Decoder, k, v *yaml.Node, field string, _ []string) bool {
	switch {
	case v.Kind == yaml.ScalarNode && looksLikeToken(v.Value):
		d.Add(k, yamlpos.Join(field, k.Value), "holds what looks like a credential; %s", secretAdvice)
	case !secretKey(k.Value):
		return false
	case v.Kind == yaml.ScalarNode && !yamlpos.IsNull(v) && v.Value != "" && !strings.HasPrefix(v.Value, "$"):
		d.Add(k, yamlpos.Join(field, k.Value), "holds a literal credential; %s", secretAdvice)
	default:
		d.Add(k, field, "unknown key %q (credentials come from the environment: set auth.env_prefix)", k.Value)
	}
	return true
}

// secretKey reports whether a key is named like a credential: token,
// password, secret, api_key and the like, alone or at the end of a name
// (bearer_token, client-secret, jiraApiKey).
func secretKey(key string) bool {
	k := strings.NewReplacer("_", "", "-", "", ".", "").Replace(strings.ToLower(key))
	for _, w := range []string{"token", "password", "passwd", "secret", "apikey", "privatekey", "credential", "credentials"} {
		if strings.HasSuffix(k, w) {
			return true
		}
	}
	return false
}

// looksLikeToken reports whether a value has the shape of a well-known kind
// of credential (a GitHub, GitLab, Slack, OpenAI, Stripe, AWS, Google or
// Atlassian token, or a JWT), so that one pasted into the wrong field is
// caught too. Only long values without spaces qualify.
func looksLikeToken(v string) bool {
	if len(v) < 20 || strings.ContainsAny(v, " \t\n") {
		return false
	}
	for _, p := range []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xoxb-", "xoxp-", "xoxa-", "xapp-", "sk-", "sk_live_", "rk_live_", "AKIA", "ASIA", "AIza", "ATATT"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return strings.HasPrefix(v, "eyJ") && strings.Count(v, ".") == 2
}
