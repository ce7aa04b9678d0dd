// Package ir is agentready's intermediate representation of an API: the one
// contract between loading a spec and everything that consumes it (the Go
// emitter, the tool runtime, the dependency graph, test cases).
//
// The IR is plain data. It does not depend on the OpenAPI parser, it
// serializes to JSON, and every difference between OpenAPI 2.0, 3.0 and 3.1
// ends when the IR is built: consumers never branch on the spec version.
//
// Schemas form a graph: a schema that has a name (a component schema, or an
// inline object, enum or union that needs a Go type) lives once in
// [API.Types] and is referred to by [Schema.Ref]. Cycles in the spec are
// therefore cycles of Refs, never of pointers, and any walker that follows
// Refs must keep a visited set.
package ir

import "github.com/agentready/agentready/gen/finding"

// API is one loaded and lowered OpenAPI document.
type API struct {
	// Title, Version and Description come from the spec's info object.
	Title       string `json:"title"`
	Version     string `json:"version,omitempty"`
	Description string `json:"description,omitempty"`
	// SpecVersion is the OpenAPI version of the source, "2.0", "3.0.3", "3.1.0".
	SpecVersion string `json:"specVersion"`
	// Source names the file the API was loaded from.
	Source string `json:"source,omitempty"`
	// Servers are the base URLs, most preferred first, with variables
	// replaced by their defaults.
	Servers []string `json:"servers,omitempty"`
	// Operations are sorted by Name.
	Operations []*Operation `json:"operations"`
	// Types are the named schemas reachable from Operations, sorted by
	// GoName. Schema.Ref refers to Type.ID.
	Types []*Type `json:"types,omitempty"`
	// SecuritySchemes are the schemes the operations use, sorted by Name.
	SecuritySchemes []*SecurityScheme `json:"securitySchemes,omitempty"`

	index typeIndex
}

// Operation is one HTTP operation; it becomes one tool.
type Operation struct {
	// ID is the spec's operationId, empty when the spec has none.
	ID string `json:"id,omitempty"`
	// Name is the tool name: unique in the API and matching
	// ^[a-zA-Z0-9_-]{1,64}$ (or the configured shorter cap).
	Name string `json:"name"`
	// GoName is the exported Go identifier of the operation's method.
	GoName string `json:"goName"`
	// InputType and ResponseType name the operation's Go input struct
	// (empty when the operation takes no input) and result type.
	InputType    string `json:"inputType,omitempty"`
	ResponseType string `json:"responseType"`
	// Method is the upper-case HTTP method.
	Method string `json:"method"`
	// Path is the path template relative to the server URL, e.g.
	// "/repos/{owner}/{repo}".
	Path string `json:"path"`
	// Summary and Description are the spec's texts, unmodified.
	Summary     string   `json:"summary,omitempty"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Deprecated  bool     `json:"deprecated,omitempty"`
	// Params are the path, query, header and cookie parameters, in the
	// spec's order, path parameters first.
	Params []*Param `json:"params,omitempty"`
	// Body is the request body, nil when the operation takes none.
	Body *Body `json:"body,omitempty"`
	// Responses are the declared responses in the spec's order. Success is
	// the status of the one a caller gets on success (the lowest 2xx),
	// empty if none is declared; only its schema is lowered.
	Responses []*Response `json:"responses,omitempty"`
	Success   string      `json:"success,omitempty"`
	// Security lists the alternative ways to authenticate: any one of them
	// suffices; within one, all schemes are needed. Empty means no
	// authentication.
	Security []SecurityRequirement `json:"security,omitempty"`
	// Servers overrides API.Servers for this operation when set.
	Servers []string `json:"servers,omitempty"`
	// InputHints say, by tool argument, where a value comes from ("Find
	// it with listUsers (`items[].id`)."): the reviewed dependency
	// graph's producers, set by the caller after lowering; the argument's
	// description in the tool schema ends with its hint.
	InputHints map[string]string `json:"inputHints,omitempty"`
	// Origin is where the operation is declared in the source.
	Origin Origin `json:"origin"`
}

// Location is where a parameter travels in the request.
type Location string

// The parameter locations.
const (
	InPath   Location = "path"
	InQuery  Location = "query"
	InHeader Location = "header"
	InCookie Location = "cookie"
)

// Param is one path, query, header or cookie parameter.
type Param struct {
	// Name is the parameter's name on the wire.
	Name string `json:"name"`
	// Arg is the tool argument that carries it: unique within the
	// operation across parameters and flattened body fields.
	Arg string `json:"arg"`
	// GoName is the field name in the operation's Go input struct.
	GoName string   `json:"goName"`
	In     Location `json:"in"`
	// Style and Explode are the OpenAPI serialization, always set
	// (defaults applied): form, simple, label, matrix, spaceDelimited,
	// pipeDelimited, deepObject.
	Style         string `json:"style"`
	Explode       bool   `json:"explode"`
	AllowReserved bool   `json:"allowReserved,omitempty"`
	// ContentType is set when the parameter is declared with content
	// instead of a schema: its value is serialized in that media type.
	ContentType string  `json:"contentType,omitempty"`
	Required    bool    `json:"required,omitempty"`
	Deprecated  bool    `json:"deprecated,omitempty"`
	Description string  `json:"description,omitempty"`
	Schema      *Schema `json:"schema"`
	// Example is the parameter's own example (the schema may carry one too).
	Example any `json:"example,omitempty"`
}

// Body is an operation's request body.
type Body struct {
	// ContentType is the media type the tool sends; the other declared
	// ones are in Alternatives.
	ContentType  string   `json:"contentType"`
	Alternatives []string `json:"alternatives,omitempty"`
	Required     bool     `json:"required,omitempty"`
	Description  string   `json:"description,omitempty"`
	Schema       *Schema  `json:"schema"`
	// Flatten is true when the body's properties are tool arguments of
	// their own (each property's Arg is its name); otherwise the whole body
	// is the single argument Arg.
	Flatten bool   `json:"flatten,omitempty"`
	Arg     string `json:"arg,omitempty"`
	// GoName is the field name of the body in the Go input struct.
	GoName string `json:"goName"`
	// Encoding holds per-property serialization of form and multipart
	// bodies, keyed by property name.
	Encoding map[string]Encoding `json:"encoding,omitempty"`
	Example  any                 `json:"example,omitempty"`
}

// Encoding is how one property of a form or multipart body is serialized.
type Encoding struct {
	ContentType string `json:"contentType,omitempty"`
	Style       string `json:"style,omitempty"`
	Explode     *bool  `json:"explode,omitempty"`
}

// Response is one declared response.
type Response struct {
	// Status is "200", "2XX" or "default".
	Status      string `json:"status"`
	Description string `json:"description,omitempty"`
	// ContentType is the preferred media type (JSON if declared), empty
	// when the response has no body.
	ContentType string  `json:"contentType,omitempty"`
	Schema      *Schema `json:"schema,omitempty"`
	Example     any     `json:"example,omitempty"`
}

// SecurityRequirement is one way to authenticate: all of its schemes
// together.
type SecurityRequirement []SchemeUse

// SchemeUse names a security scheme and the scopes an operation needs of it.
type SchemeUse struct {
	Scheme string   `json:"scheme"`
	Scopes []string `json:"scopes,omitempty"`
}

// SchemeKind is the kind of a security scheme.
type SchemeKind string

// The security scheme kinds. OAuth2 and OpenID Connect are used with a
// bearer token the user supplies.
const (
	SchemeAPIKey        SchemeKind = "apiKey"
	SchemeHTTPBasic     SchemeKind = "basic"
	SchemeHTTPBearer    SchemeKind = "bearer"
	SchemeOAuth2        SchemeKind = "oauth2"
	SchemeOpenIDConnect SchemeKind = "openIdConnect"
	SchemeMutualTLS     SchemeKind = "mutualTLS"
	// SchemeHTTPOther is an http scheme other than basic or bearer (digest,
	// hoba, ...): its credential is sent as "Authorization: <scheme> <value>".
	SchemeHTTPOther SchemeKind = "http"
)

// SecurityScheme is one of the spec's security schemes.
type SecurityScheme struct {
	// Name is the scheme's key in the spec.
	Name string     `json:"name"`
	Kind SchemeKind `json:"kind"`
	// HTTPScheme is the scheme of an http security scheme ("basic",
	// "bearer", "digest").
	HTTPScheme string `json:"httpScheme,omitempty"`
	// In and ParamName say where an API key goes.
	In           Location `json:"in,omitempty"`
	ParamName    string   `json:"paramName,omitempty"`
	BearerFormat string   `json:"bearerFormat,omitempty"`
	Description  string   `json:"description,omitempty"`
	// EnvVar is the environment variable that holds the credential by
	// default, e.g. "GITHUB_BEARER_TOKEN"; basic auth reads EnvVar for
	// "user:password".
	EnvVar string `json:"envVar"`
}

// Origin is where something is declared in the source document: the
// position type findings carry too (file:line:col and a JSON pointer).
type Origin = finding.Place
