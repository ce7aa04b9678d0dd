package config

import (
	"fmt"
	"go/token"
	"net/url"
	"strings"
)

// methodNames are the HTTP methods an OpenAPI operation can use, as
// select rules' methods may name them (in any case).
const methodNames = "GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE"

// Validate checks the configuration and returns every problem it finds
// (as Problems), not just the first, or nil. Load and Parse call it; call
// it again after changing a Config, e.g. from command-line flags.
func (c *Config) Validate() error {
	ps := c.validate()
	ps.sort()
	return ps.err()
}

func (c *Config) validate() Problems {
	v := validator{c: c}
	v.localPath("spec", c.Spec, true, "the path of the OpenAPI document, relative to this file")
	v.localPath("out", c.Out, true, "the directory to write the generated package to, relative to this file")
	v.localPath("graph", c.Graph, false, "")
	v.localPath("cases", c.Cases, false, "")
	for i, o := range c.Overlays {
		v.localPath(fmt.Sprintf("overlays[%d]", i), o, true, "the path of an OpenAPI Overlay document, relative to this file")
	}

	switch p := c.Package; {
	case p == "" && c.Out != "":
		v.add("package", "is required (DefaultPackage(out) derives one)")
	case p == "":
	case p == "_":
		v.add("package", `"_" cannot name a package`)
	case token.IsKeyword(p):
		v.add("package", "%q is a Go keyword: choose another name, e.g. %q", p, p+"pkg")
	case !token.IsIdentifier(p):
		v.add("package", "%q is not a Go identifier (use letters, digits and _, not starting with a digit), e.g. %q", p, DefaultPackage(p))
	case p == "main":
		v.add("package", `"main" names a command, not a package of tools: choose another name`)
	}

	if c.MaxNameLength < 1 || c.MaxNameLength > DefaultMaxNameLength {
		v.add("max_name_length", "%d is out of range (1..%d)", c.MaxNameLength, DefaultMaxNameLength)
	}

	if c.MaxToolTokens < -1 {
		v.add("max_tool_tokens", "%d: use a positive budget, or -1 for none", c.MaxToolTokens)
	}

	if c.BaseURL != "" {
		v.baseURL(c.BaseURL)
	}

	switch p := c.Auth.EnvPrefix; {
	case p == "":
	case !isEnvName(p):
		v.add("auth.env_prefix", "%q is not a valid environment variable prefix (use letters, digits and _, not starting with a digit)", p)
	case strings.HasSuffix(p, "_"):
		v.add("auth.env_prefix", "%q must not end with _ (it is added: JIRA gives JIRA_BEARER_TOKEN)", p)
	}

	v.rules("select.include", c.Select.Include, "matches")
	v.rules("select.exclude", c.Select.Exclude, "excludes")

	for model, p := range c.Prices {
		if p.Input < 0 || p.Output < 0 {
			v.add("prices."+model, "prices cannot be negative (US dollars per million tokens)")
		}
		if model != "baseline" && !strings.Contains(model, ":") {
			v.add("prices."+model, "%q does not name a model as --model does (kind:NAME, e.g. openai:gpt-4o)", model)
		}
	}

	for i, g := range c.AllowMutations.OperationIDs {
		if msg := checkGlob(g); msg != "" {
			v.add(fmt.Sprintf("allow_mutations[%d]", i), "%s", msg)
		}
	}
	return v.probs
}

type validator struct {
	c     *Config
	probs Problems
}

// add records a problem with field, placed where the field's value is in
// the file when that is known.
func (v *validator) add(field, format string, args ...any) {
	p := &Problem{File: v.c.File, Field: field, Message: fmt.Sprintf(format, args...)}
	if pos, ok := v.c.pos[field]; ok {
		p.Line, p.Column = pos.Line, pos.Column
	}
	v.probs = append(v.probs, p)
}

// localPath checks a path field: present when required, and not a URL.
func (v *validator) localPath(field, val string, required bool, what string) {
	switch {
	case val == "" && required:
		v.add(field, "is required: %s", what)
	case isURL(val):
		v.add(field, "%q is a URL: agentready works offline and reads local files only; download it and give its path", val)
	}
}

func (v *validator) baseURL(s string) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		if err == nil && hasSecret(u) {
			// Do not echo what may be a credential.
			v.add("base_url", "is not an absolute http or https URL, and holds what looks like a credential")
			return
		}
		v.add("base_url", "%q is not an absolute http or https URL, e.g. https://api.example.com", s)
		return
	}
	if hasSecret(u) {
		v.add("base_url", "holds a credential (a password or a secret query parameter); %s", secretAdvice)
	}
}

// hasSecret reports whether a URL carries a password in its user info or a
// query parameter named like a secret.
func hasSecret(u *url.URL) bool {
	if _, ok := u.User.Password(); ok {
		return true
	}
	for k := range u.Query() {
		if secretKey(k) {
			return true
		}
	}
	return false
}

func (v *validator) rules(field string, rules []Rule, verb string) {
	for i, r := range rules {
		f := fmt.Sprintf("%s[%d]", field, i)
		if r.Tags == nil && r.OperationIDs == nil && r.Methods == nil && r.Paths == nil && r.Deprecated == nil {
			v.add(f, "the rule has no conditions, so it %s every operation (give tags, operation_ids, methods, paths or deprecated)", verb)
			continue
		}
		for _, c := range []struct {
			key  string
			vals []string
		}{{"tags", r.Tags}, {"operation_ids", r.OperationIDs}, {"methods", r.Methods}, {"paths", r.Paths}} {
			if c.vals != nil && len(c.vals) == 0 {
				v.add(f+"."+c.key, "is empty: give at least one value or leave %s out", c.key)
			}
		}
		for j, t := range r.Tags {
			if strings.TrimSpace(t) == "" {
				v.add(fmt.Sprintf("%s.tags[%d]", f, j), "must not be empty")
			}
		}
		for j, g := range r.OperationIDs {
			if msg := checkGlob(g); msg != "" {
				v.add(fmt.Sprintf("%s.operation_ids[%d]", f, j), "%s", msg)
			}
		}
		for j, m := range r.Methods {
			if !isMethod(m) {
				v.add(fmt.Sprintf("%s.methods[%d]", f, j), "%q is not an HTTP method (use %s)", m, methodNames)
			}
		}
		for j, g := range r.Paths {
			if msg := checkPathGlob(g); msg != "" {
				v.add(fmt.Sprintf("%s.paths[%d]", f, j), "%s", msg)
			}
		}
	}
}

func isMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE":
		return true
	}
	return false
}

// isEnvName reports whether s is a portable environment variable name:
// ASCII letters, digits and underscores, not starting with a digit.
func isEnvName(s string) bool {
	for i, r := range s {
		switch {
		case r == '_', 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
		case '0' <= r && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}
