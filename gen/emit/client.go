package emit

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/agentready/agentready/gen/ir"
)

// schemeKinds maps IR scheme kinds to toolrt's constants.
var schemeKinds = map[ir.SchemeKind]string{
	ir.SchemeAPIKey: "APIKey", ir.SchemeHTTPBasic: "BasicAuth", ir.SchemeHTTPBearer: "BearerAuth",
	ir.SchemeOAuth2: "OAuth2", ir.SchemeOpenIDConnect: "OpenIDConnect", ir.SchemeMutualTLS: "MutualTLS",
	ir.SchemeHTTPOther: "OtherHTTPAuth",
}

// securityLit is the literal of an operation's security requirements,
// written into each descriptor so that no two share one.
func securityLit(sec []ir.SecurityRequirement) jen.Code {
	var alts []jen.Code
	for _, alt := range sec {
		var ns []jen.Code
		for _, u := range alt {
			ns = append(ns, jen.Lit(u.Scheme))
		}
		alts = append(alts, jen.Values(ns...))
	}
	return jen.Qual(toolrtPath, "Security").Values(alts...)
}

func (e *emitter) baseURL() string {
	if e.opts.BaseURL != "" {
		return e.opts.BaseURL
	}
	if len(e.api.Servers) > 0 {
		return e.api.Servers[0]
	}
	return ""
}

func (e *emitter) emitClient(f *jen.File) {
	title := e.api.Title
	if title == "" {
		title = "the API"
	}
	docf(f, "Client calls %s. It is safe for concurrent use.", title)
	f.Type().Id("Client").Struct(jen.Id("rt").Op("*").Qual(toolrtPath, "Client"))

	base := e.baseURL()
	switch {
	case base == "":
		doc(f, []string{"DefaultBaseURL is empty: the spec names no server, so NewClient needs the API's URL."})
	case !strings.Contains(base, "://"):
		docf(f, "DefaultBaseURL is the spec's server, a path without a host: pass NewClient the full URL, e.g. https://api.example.com%s.", base)
	default:
		doc(f, []string{"DefaultBaseURL is the API's server as the spec declares it."})
	}
	f.Const().Id("DefaultBaseURL").Op("=").Lit(base)

	var envs []string
	for _, s := range e.api.SecuritySchemes {
		if s.Kind != ir.SchemeMutualTLS {
			envs = append(envs, s.EnvVar)
		}
	}
	lines := []string{
		"NewClient returns a Client for the API at baseURL, such as DefaultBaseURL;",
		"an empty baseURL is an error.",
	}
	if len(envs) > 0 {
		lines = append(lines, "", fmt.Sprintf("Credentials are read from %s, unless given with", strings.Join(envs, ", ")),
			"toolrt.WithCredential or turned off with toolrt.WithoutEnvironment.")
	}
	doc(f, lines)
	f.Func().Id("NewClient").Params(jen.Id("baseURL").String(), jen.Id("opts").Op("...").Qual(toolrtPath, "Option")).
		Params(jen.Op("*").Id("Client"), jen.Error()).Block(
		jen.List(jen.Id("rt"), jen.Err()).Op(":=").Qual(toolrtPath, "NewClient").Call(jen.Id("baseURL"), jen.Id("securitySchemes"), jen.Id("opts").Op("...")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Op("&").Id("Client").Values(jen.Dict{jen.Id("rt"): jen.Id("rt")}), jen.Nil()),
	)

	var schemes []jen.Code
	for _, s := range e.api.SecuritySchemes {
		d := jen.Dict{
			jen.Id("Name"): jen.Lit(s.Name),
			jen.Id("Kind"): jen.Qual(toolrtPath, schemeKinds[s.Kind]),
		}
		if schemeKinds[s.Kind] == "" {
			d[jen.Id("Kind")] = jen.Lit(string(s.Kind))
		}
		if s.In != "" {
			d[jen.Id("In")] = jen.Lit(string(s.In))
		}
		if s.ParamName != "" {
			d[jen.Id("ParamName")] = jen.Lit(s.ParamName)
		}
		if s.Kind == ir.SchemeHTTPOther {
			d[jen.Id("HTTPScheme")] = jen.Lit(s.HTTPScheme)
		}
		if s.EnvVar != "" {
			d[jen.Id("EnvVar")] = jen.Lit(s.EnvVar)
		}
		schemes = append(schemes, jen.Values(d))
	}
	doc(f, []string{"securitySchemes are the API's ways to authenticate, from the spec."})
	f.Var().Id("securitySchemes").Op("=").Index().Qual(toolrtPath, "SecurityScheme").ValuesFunc(func(g *jen.Group) {
		for _, s := range schemes {
			g.Add(s)
		}
	})
	if e.opts.SplitByTag {
		// The operations are in the tags' packages, which declare the
		// security requirements they use, and call through Runtime.
		doc(f, []string{"Runtime returns the runtime client c calls through: the tags' packages", "bind their operations to it."})
		f.Func().Params(jen.Id("c").Op("*").Id("Client")).Id("Runtime").Params().Op("*").Qual(toolrtPath, "Client").Block(
			jen.Return(jen.Id("c").Dot("rt")),
		)
	}
}
