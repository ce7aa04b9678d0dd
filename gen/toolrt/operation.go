package toolrt

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/agentready/agentready/internal/httpmethod"
)

// Operation describes one API operation as an agent tool: what the model
// reads (Name, Description, Schema) and how an arguments object becomes an
// HTTP request. Generated packages declare one per operation; a catalog
// built straight from a spec computes the same values, so both behave
// alike.
type Operation struct {
	// Name is the tool name, unique in its API, matching
	// ^[a-zA-Z0-9_-]{1,64}$.
	Name string
	// Description is the text the model reads about the tool.
	Description string
	// Schema is the JSON Schema of the arguments object, as the model
	// reads it.
	Schema string
	// CheckSchema, when set, is the full schema that arguments are
	// checked against, where Schema summarizes parts of it to fit a token
	// budget (an optional object written as {"type":"object"}): a model
	// that sends such a part is checked against all of it.
	CheckSchema string
	// Examples, when set, is a JSON object from JSON pointers into the
	// schema arguments are checked against (CheckSchema, else Schema) to
	// the example the corrective messages show for a wrong or missing
	// value there: the value the description and the test cases use.
	// It keeps the schema the model reads free of them.
	Examples string
	// Example is one valid arguments object, as JSON.
	Example string
	// Method is the upper-case HTTP method and Path the path template,
	// e.g. "/tickets/{ticketId}".
	Method string
	Path   string
	// Server, when set, replaces the client's base URL for this operation.
	Server string
	// Security lists the ways the operation authenticates.
	Security Security
	// Params are the path, query, header and cookie parameters.
	Params []Param
	// Body is the request body, nil when the operation takes none.
	Body *Body
}

// Param is one parameter of an Operation and the argument that carries it.
type Param struct {
	// Name is the parameter's name on the wire. Arg is the argument that
	// carries it when its name differs (empty means Name).
	Name string
	Arg  string
	// In is "path", "query", "header" or "cookie".
	In string
	// Style and Explode are the OpenAPI serialization.
	Style   string
	Explode bool
	// JSON is true for a parameter declared with JSON content: its value
	// is sent as JSON text.
	JSON     bool
	Required bool
}

// ArgName is the name of the argument that carries the parameter.
func (p Param) ArgName() string {
	if p.Arg != "" {
		return p.Arg
	}
	return p.Name
}

// Body is the request body of an Operation.
type Body struct {
	ContentType string
	// Arg is the argument that holds the whole body; empty when the body's
	// properties are arguments of their own, listed in Fields.
	Arg    string
	Fields []string
	// Required says the operation needs a body even when no argument
	// fills it: an empty object is then sent.
	Required bool
	// Encoding is how form properties are written, by property name.
	Encoding map[string]FormEncoding
}

// Mutating reports whether the operation may change state: every method
// but GET, HEAD, OPTIONS and TRACE.
func (op *Operation) Mutating() bool { return !httpmethod.Safe(op.Method) }

// NewRequest starts a request of the operation: its method, path,
// server and security. Arg and SetBody then fill in the values. The
// generated typed methods build their requests this way, from the same
// descriptor as the tool, so both send a call alike.
func (op *Operation) NewRequest() *Request {
	req := NewRequest(op.Method, op.Path, op.Security)
	if op.Server != "" {
		req.SetServer(op.Server)
	}
	req.op = op
	return req
}

// Request builds the HTTP request for an arguments object, which should
// have been checked against Schema first. Arguments the operation does not
// know are ignored; a missing path argument makes Do fail before anything
// is sent.
func (op *Operation) Request(args map[string]any) *Request {
	req := op.NewRequest()
	for _, p := range op.Params {
		v, ok := args[p.ArgName()]
		if !ok {
			if p.In == "path" {
				req.fail("path", p.Name, nil, "path parameter %q has no value: the argument %q is required", p.Name, p.ArgName()).
					withFix(fmt.Sprintf("give the argument %q", p.ArgName()))
			}
			if p.In == "header" && strings.EqualFold(p.Name, IdempotencyHeader) {
				// The spec declares one: a key of this call's own makes it
				// safe to send again when no answer came back.
				req.Header(p.Name, newIdempotencyKey())
			}
			continue
		}
		req.Param(p, v)
	}
	if b := op.Body; b != nil {
		if body, ok := b.value(args); ok {
			req.SetBody(body)
		}
	}
	return req
}

// Arg sets the parameter that the argument name carries, in the location
// and style the operation's descriptor gives it. An absent value (nil, a
// nil pointer or slice) is not sent; for a path parameter it is an error
// of Do. The request must have been started with Operation's NewRequest.
func (r *Request) Arg(name string, v any) {
	if r.op == nil {
		r.fail("argument", name, nil, "argument %q: the request was not started from an operation", name).
			withFix("start it with the operation's NewRequest")
		return
	}
	for _, p := range r.op.Params {
		if p.ArgName() == name {
			r.Param(p, v)
			return
		}
	}
	args := make([]string, len(r.op.Params))
	for i, p := range r.op.Params {
		args[i] = p.ArgName()
	}
	r.fail("argument", name, nil, "%s has no parameter argument %q", r.op.Name, name).
		withFix("use one of: " + strings.Join(args, ", "))
}

// SetBody sets the request body of the operation, written in its content
// type and form encodings. An absent value sends no body.
func (r *Request) SetBody(v any) {
	if r.op == nil || r.op.Body == nil {
		r.fail("body", "", nil, "the operation takes no request body").withFix("leave the body out")
		return
	}
	b := r.op.Body
	r.Body(b.ContentType, v)
	for prop, enc := range b.Encoding {
		r.FormStyle(prop, enc.Style, enc.Explode)
	}
}

// value picks the body out of the arguments.
func (b *Body) value(args map[string]any) (any, bool) {
	if b.Arg != "" {
		v, ok := args[b.Arg]
		if (!ok || v == nil) && b.Required && kindOfMedia(b.ContentType) == mediaJSON {
			return map[string]any{}, true
		}
		if s, isString := v.(string); ok && isString && kindOfMedia(b.ContentType) == mediaRaw {
			return []byte(s), true
		}
		return v, ok && v != nil
	}
	fields := make(map[string]any, len(b.Fields))
	for _, f := range b.Fields {
		if v, ok := args[f]; ok {
			fields[f] = v
		}
	}
	if len(fields) == 0 && !b.Required {
		return nil, false
	}
	return fields, true
}

// Param adds one parameter's value in its location and style.
func (r *Request) Param(p Param, v any) {
	switch p.In {
	case "path":
		r.PathStyle(p.Name, p.Style, p.Explode, v)
	case "query":
		if p.JSON {
			r.QueryJSON(p.Name, v)
			return
		}
		r.QueryStyle(p.Name, p.Style, p.Explode, v)
	case "header":
		r.HeaderStyle(p.Name, p.Explode, v)
	case "cookie":
		r.Cookie(p.Name, v)
	default:
		r.fail(p.In, p.Name, nil, "parameter %q: unknown location %q", p.Name, p.In).
			withFix("use path, query, header or cookie")
	}
}

// Call sends op with args and reads the response into a new Response; see
// Do for the errors.
func (c *Client) Call(ctx context.Context, op *Operation, args map[string]any) (*Response, error) {
	if op == nil {
		return nil, fmt.Errorf("toolrt: Call: nil operation")
	}
	resp := new(Response)
	err := c.Do(ctx, op.Request(args), resp, nil)
	return resp, err
}

// newIdempotencyKey returns a random version 4 UUID.
func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
