package argcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
)

// argsTestSchema is a tool with one parameter per rule under test.
const argsTestSchema = `{
  "type": "object",
  "properties": {
    "status": {"type": "string", "enum": ["open", "pending", "closed"]},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100},
    "userId": {"type": "string"},
    "q": {"type": "string", "minLength": 2, "maxLength": 5},
    "ticketId": {"type": "string", "format": "uuid"},
    "order": {"type": "string", "enum": ["ASC", "DESC"]},
    "tags": {"type": "array", "items": {"type": "string", "enum": ["Image", "Video", "Audio", "Text"]},
             "minItems": 1, "maxItems": 3, "uniqueItems": true},
    "note": {"type": ["string", "null"]},
    "title": {"type": "string"},
    "ratio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "step": {"type": "integer", "multipleOf": 5},
    "old": {"type": "number", "minimum": 0, "exclusiveMinimum": true},
    "flag": {"type": "boolean"},
    "kind": {"const": "fixed"},
    "code": {"type": "string", "pattern": "^\\d{3}-[A-Z]{2}$", "example": "123-AB"},
    "nox": {"type": "string", "pattern": "^(?!x)"},
    "uni": {"type": "string", "pattern": "^\\u0041+$"},
    "when": {"type": "string", "format": "date-time"},
    "day": {"type": "string", "format": "date"},
    "at": {"type": "string", "format": "time"},
    "mail": {"type": "string", "format": "email"},
    "site": {"type": "string", "format": "uri"},
    "ip4": {"type": "string", "format": "ipv4"},
    "ip6": {"type": "string", "format": "ipv6"},
    "host": {"type": "string", "format": "hostname"},
    "i32": {"type": "integer", "format": "int32"},
    "i64": {"type": "integer", "format": "int64"},
    "blob": {"type": "string", "format": "byte"},
    "custom": {"type": "string", "format": "x-custom"},
    "filter": {"type": "object", "additionalProperties": false, "required": ["from"],
               "properties": {"from": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "date"}}},
    "body": {"type": "object", "properties": {
               "owner": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}}},
    "lines": {"type": "array", "items": {"type": "object", "required": ["sku"],
               "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}}},
    "span": {"oneOf": [{"type": "string", "format": "date"},
                       {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}},
                        "required": ["from", "to"]}]},
    "meta": {"type": "object", "additionalProperties": {"type": "integer"}},
    "both": {"allOf": [{"type": "integer"}, {"minimum": 10}]},
    "secret": {"type": "string", "format": "password", "minLength": 8},
    "size": {"type": "integer", "enum": [1, 2, 3]},
    "dims": {"type": "array", "items": {"type": "integer"}}
  },
  "required": ["ticketId"]
}`

const testTicket = "3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60"

// withID is an arguments object with the required ticketId and more.
func withID(more string) string {
	if more == "" {
		return `{"ticketId":"` + testTicket + `"}`
	}
	return `{"ticketId":"` + testTicket + `",` + more + `}`
}

func mustChecker(t testing.TB, schema string) *Checker {
	t.Helper()
	c, err := NewChecker("listTickets", []byte(schema), nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestArgProblems has one row per problem kind and message form: the
// kinds found, in order, and a fragment of each line.
func TestArgProblems(t *testing.T) {
	long := strings.Repeat("x", 200)
	tests := []struct {
		name  string
		raw   string
		kinds []ProblemKind
		want  []string
		not   []string
	}{
		{"missing", `{}`, []ProblemKind{ProblemMissing},
			[]string{`- ticketId: missing; required (string, format uuid), e.g. "` + testTicket + `".`}, nil},
		{"unknown by case", withID(`"userid":"u"`), []ProblemKind{ProblemUnknown},
			[]string{`- userid: unknown parameter; did you mean "userId"? This tool takes: status, limit, userId, q, `}, nil},
		{"unknown by separator", withID(`"user_id":"u"`), []ProblemKind{ProblemUnknown},
			[]string{`user_id: unknown parameter; did you mean "userId"?`}, nil},
		{"unknown by edit distance", withID(`"limt":5`), []ProblemKind{ProblemUnknown},
			[]string{`limt: unknown parameter; did you mean "limit"?`}, nil},
		{"unknown without suggestion", withID(`"zzzzzz":1`), []ProblemKind{ProblemUnknown},
			[]string{`- zzzzzz: unknown parameter; this tool takes: status, limit,`}, []string{"did you mean"}},
		{"unknown nested field", withID(`"filter":{"from":"2024-01-01","too":"2024-01-02"}`),
			[]ProblemKind{ProblemUnknown},
			[]string{`- filter.too: unknown field; did you mean "to"? This object takes: from, to.`}, nil},
		{"type string for integer", withID(`"limit":"abc"`), []ProblemKind{ProblemType},
			[]string{`- limit: "abc" is a string; use an integer from 1 to 100, e.g. 1.`}, nil},
		{"type fraction for integer", withID(`"limit":1.5`), []ProblemKind{ProblemType},
			[]string{`- limit: 1.5 is not a whole number; use an integer from 1 to 100, e.g. 1.`}, nil},
		{"type fraction text for integer", withID(`"limit":"1.5"`), []ProblemKind{ProblemType},
			[]string{`- limit: "1.5" is not a whole number; use an integer from 1 to 100, e.g. 1.`}, nil},
		{"type object for string", withID(`"title":{"a":1}`), []ProblemKind{ProblemType},
			[]string{`- title: {"a":1} is an object; use a string.`}, nil},
		{"type text for boolean", withID(`"flag":"yes"`), []ProblemKind{ProblemType},
			[]string{`- flag: "yes" is a string; use a boolean, e.g. true.`}, nil},
		{"type null for required", `{"ticketId":null}`, []ProblemKind{ProblemType},
			[]string{`- ticketId: null is not accepted; use a string (format uuid), e.g. "` + testTicket + `".`}, nil},
		{"type single value for array of objects", withID(`"lines":"x"`), []ProblemKind{ProblemType},
			[]string{`- lines: "x" is a string; use an array of objects, e.g. [{"sku":"text"}].`}, nil},
		{"type array item", withID(`"dims":[1,"x",3]`), []ProblemKind{ProblemType},
			[]string{`- dims[1]: "x" is a string; use an integer, e.g. 1.`}, nil},
		{"value enum", withID(`"status":"opened"`), []ProblemKind{ProblemValue},
			[]string{`- status: "opened" is not accepted; use one of "open", "pending", "closed". Did you mean "open"?`}, nil},
		{"value not coerced across meaning", withID(`"order":"DESC order"`), []ProblemKind{ProblemValue},
			[]string{`- order: "DESC order" is not accepted; use one of "ASC", "DESC". Did you mean "DESC"?`}, nil},
		{"value const", withID(`"kind":"flex"`), []ProblemKind{ProblemValue},
			[]string{`- kind: "flex" is not accepted; use "fixed".`}, nil},
		{"value integer enum", withID(`"size":4`), []ProblemKind{ProblemValue},
			[]string{`- size: 4 is not accepted; use one of 1, 2, 3.`}, nil},
		{"range too large", withID(`"limit":500`), []ProblemKind{ProblemRange},
			[]string{`- limit: 500 is too large; use an integer from 1 to 100.`}, nil},
		{"range too small", withID(`"limit":0`), []ProblemKind{ProblemRange},
			[]string{`- limit: 0 is too small; use an integer from 1 to 100.`}, nil},
		{"range exclusive 2020-12", withID(`"ratio":0`), []ProblemKind{ProblemRange},
			[]string{`- ratio: 0 is too small; use a number greater than 0 and at most 1.`}, nil},
		{"range exclusive 3.0 boolean", withID(`"old":0`), []ProblemKind{ProblemRange},
			[]string{`- old: 0 is too small; use a number greater than 0.`}, nil},
		{"range multipleOf", withID(`"step":7`), []ProblemKind{ProblemRange},
			[]string{`- step: 7 is not a multiple of 5; use a multiple of 5.`}, nil},
		{"range allOf", withID(`"both":5`), []ProblemKind{ProblemRange},
			[]string{`- both: 5 is too small; use a number of at least 10.`}, nil},
		{"length short", withID(`"q":"a"`), []ProblemKind{ProblemLength},
			[]string{`- q: "a" is too short (1 character); use 2 to 5 characters.`}, nil},
		{"length long in runes", withID(`"q":"éééééé"`), []ProblemKind{ProblemLength},
			[]string{`- q: "éééééé" is too long (6 characters); use 2 to 5 characters.`}, nil},
		{"pattern", withID(`"code":"12-ab"`), []ProblemKind{ProblemPattern},
			[]string{`- code: "12-ab" does not match the pattern ^\d{3}-[A-Z]{2}$; use a string that matches it, e.g. "123-AB".`}, nil},
		{"pattern lookahead", withID(`"nox":"xy"`), []ProblemKind{ProblemPattern},
			[]string{`- nox: "xy" does not match the pattern ^(?!x)`}, nil},
		{"pattern ECMA unicode escape", withID(`"uni":"AAB"`), []ProblemKind{ProblemPattern},
			[]string{`- uni: "AAB" does not match the pattern ^\u0041+$`}, nil},
		{"format date-time", withID(`"when":"yesterday"`), []ProblemKind{ProblemFormat},
			[]string{`- when: "yesterday" is not a valid date-time; use an RFC 3339 date-time with a time zone, e.g. "2024-01-15T09:30:00Z".`}, nil},
		{"format date-time without zone", withID(`"when":"2024-01-15T09:30:00"`), []ProblemKind{ProblemFormat},
			[]string{`when: "2024-01-15T09:30:00" is not a valid date-time`}, nil},
		{"format date", withID(`"day":"2024-13-01"`), []ProblemKind{ProblemFormat},
			[]string{`- day: "2024-13-01" is not a valid date; use a date as YYYY-MM-DD, e.g. "2024-01-15".`}, nil},
		{"format time", withID(`"at":"25:00:00"`), []ProblemKind{ProblemFormat},
			[]string{`- at: "25:00:00" is not a valid time;`}, nil},
		{"format email", withID(`"mail":"John <j@example.com>"`), []ProblemKind{ProblemFormat},
			[]string{`- mail: "John <j@example.com>" is not a valid email; use a plain email address, e.g. "user@example.com".`}, nil},
		{"format uuid", `{"ticketId":"123"}`, []ProblemKind{ProblemFormat},
			[]string{`- ticketId: "123" is not a valid uuid; use a UUID (8-4-4-4-12 hex digits), e.g. "` + testTicket + `".`}, nil},
		{"format uri", withID(`"site":"example.com/x"`), []ProblemKind{ProblemFormat},
			[]string{`- site: "example.com/x" is not a valid uri; use an absolute URI, e.g. "https://example.com/".`}, nil},
		{"format ipv4", withID(`"ip4":"256.1.1.1"`), []ProblemKind{ProblemFormat},
			[]string{`- ip4: "256.1.1.1" is not a valid ipv4;`}, nil},
		{"format ipv6", withID(`"ip6":"1.2.3.4"`), []ProblemKind{ProblemFormat},
			[]string{`- ip6: "1.2.3.4" is not a valid ipv6;`}, nil},
		{"format hostname", withID(`"host":"-bad-.example.com"`), []ProblemKind{ProblemFormat},
			[]string{`- host: "-bad-.example.com" is not a valid hostname;`}, nil},
		{"format byte", withID(`"blob":"@@@"`), []ProblemKind{ProblemFormat},
			[]string{`- blob: "@@@" is not a valid byte; use base64-encoded data, e.g. "aGVsbG8=".`}, nil},
		{"format int32", withID(`"i32":3000000000`), []ProblemKind{ProblemFormat},
			[]string{`- i32: 3000000000 is outside the int32 range; use an integer from -2147483648 to 2147483647.`}, nil},
		{"format int64", withID(`"i64":9223372036854775808`), []ProblemKind{ProblemFormat},
			[]string{`- i64: 9223372036854775808 is outside the int64 range;`}, nil},
		{"items too few", withID(`"tags":[]`), []ProblemKind{ProblemItems},
			[]string{`- tags: [] has too few items (0); send 1 to 3 items.`}, nil},
		{"items too many", withID(`"tags":["Image","Video","Audio","Text"]`), []ProblemKind{ProblemItems},
			[]string{`- tags: ["Image","Video","Audio","Text"] has too many items (4); send 1 to 3 items.`}, nil},
		{"items unique after coercion", withID(`"tags":["Image","image"]`), []ProblemKind{ProblemItems},
			[]string{`- tags: ["Image","Image"] has duplicate items ([0] and [1] are equal); send each item once.`}, nil},
		{"nested path", withID(`"body":{"owner":{"id":"x"}}`), []ProblemKind{ProblemType},
			[]string{`- body.owner.id: "x" is a string; use an integer, e.g. 1.`}, nil},
		{"nested missing", withID(`"body":{"owner":{}}`), []ProblemKind{ProblemMissing},
			[]string{`- body.owner.id: missing; required (integer), e.g. 1.`}, nil},
		{"array of objects", withID(`"lines":[{"sku":"a","qty":0},{"qty":2}]`),
			[]ProblemKind{ProblemRange, ProblemMissing},
			[]string{`- lines[0].qty: 0 is too small; use an integer of at least 1.`,
				`- lines[1].sku: missing; required (string).`}, nil},
		{"additionalProperties schema", withID(`"meta":{"a":"x"}`), []ProblemKind{ProblemType},
			[]string{`- meta.a: "x" is a string; use an integer, e.g. 1.`}, nil},
		{"oneOf no form", withID(`"span":5`), []ProblemKind{ProblemType},
			[]string{`- span: 5 matches none of the accepted forms; use a string (format date), or an object with fields from, to.`}, nil},
		{"oneOf form of the same type", withID(`"span":"2024-13-45"`), []ProblemKind{ProblemFormat},
			[]string{`- span: "2024-13-45" is not a valid date;`}, nil},
		{"oneOf object form", withID(`"span":{"from":"a"}`), []ProblemKind{ProblemMissing},
			[]string{`- span.to: missing; required (string).`}, nil},
		{"password not echoed", withID(`"secret":"hunter2"`), []ProblemKind{ProblemLength},
			[]string{`- secret: the value given is too short (7 characters); use at least 8 characters.`},
			[]string{"hunter2"}},
		{"given value truncated", withID(`"limit":"` + long + `"`), []ProblemKind{ProblemType},
			[]string{`- limit: "` + strings.Repeat("x", 77) + `..." is a string`}, []string{strings.Repeat("x", 78)}},
		{"value cannot break lines", withID(`"status":"a\nb"`), []ProblemKind{ProblemValue},
			[]string{`- status: "a\nb" is not accepted`}, nil},
		{"malformed null", `null`, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: null is not a JSON object; send one JSON object with the parameters.`}, nil},
		{"malformed array", `[]`, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: [] is an array, not a JSON object; send one JSON object with the parameters.`}, nil},
		{"malformed string", `"hello"`, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: "hello" is a string, not a JSON object;`}, nil},
		{"malformed JSON", `{"limit": 5,}`, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: not valid JSON (invalid character '}' looking for beginning of object key string, at byte 13); send one JSON object with the parameters.`}, nil},
		{"malformed truncated JSON", `{"limit": `, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: not valid JSON (the text ends before the value does);`}, nil},
		{"malformed trailing text", withID("") + ` thanks`, []ProblemKind{ProblemMalformed},
			[]string{`- arguments: extra text after the JSON value, at byte 51: "thanks";`}, nil},
		{"every problem collected", `{"status":"opened","limit":500,"userid":"x"}`,
			[]ProblemKind{ProblemValue, ProblemRange, ProblemUnknown, ProblemMissing},
			[]string{
				`- status: "opened" is not accepted; use one of "open", "pending", "closed".`,
				`- limit: 500 is too large; use an integer from 1 to 100.`,
				`- userid: unknown parameter; did you mean "userId"? This tool takes: status, limit, userId, q,`,
				`- ticketId: missing; required (string, format uuid), e.g. "` + testTicket + `".`,
				`Example: {"ticketId":"` + testTicket + `"}`,
			}, nil},
	}
	c := mustChecker(t, argsTestSchema)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, _, err := c.Check(tt.raw)
			var ae *Error
			if !errors.As(err, &ae) {
				t.Fatalf("Check(%s) = %v, %v; want an *Error", tt.raw, args, err)
			}
			if args != nil {
				t.Errorf("args = %v on error, want nil", args)
			}
			var kinds []ProblemKind
			for _, p := range ae.Problems {
				kinds = append(kinds, p.Kind)
			}
			if fmt.Sprint(kinds) != fmt.Sprint(tt.kinds) {
				t.Errorf("kinds = %v, want %v\n%s", kinds, tt.kinds, err)
			}
			text := err.Error()
			if !strings.HasPrefix(text, "Invalid arguments for listTickets; fix them and call again:\n- ") {
				t.Errorf("text starts wrong:\n%s", text)
			}
			if !strings.Contains(text, "\nExample: {") {
				t.Errorf("text has no example line:\n%s", text)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(text, w) {
					t.Errorf("text has %q:\n%s", w, text)
				}
			}
			if got, want := strings.Count(text, "\n- "), len(tt.kinds); got != want {
				t.Errorf("%d problem lines, want %d:\n%s", got, want, text)
			}
		})
	}
}

// TestArgCoercions has one row per safe coercion: the arguments used and
// the coercions reported.
func TestArgCoercions(t *testing.T) {
	tests := []struct {
		name   string
		raw    string
		args   string // the arguments used, besides ticketId
		coerce []string
	}{
		{"numeric text to integer", withID(`"limit":"100"`), `"limit":100`,
			[]string{`limit: "100" -> 100 (integer expected)`}},
		{"padded numeric text", withID(`"limit":" 7 "`), `"limit":7`,
			[]string{`limit: " 7 " -> 7 (integer expected)`}},
		{"plus and leading zeros", withID(`"limit":"+007"`), `"limit":7`,
			[]string{`limit: "+007" -> 7 (integer expected)`}},
		{"whole number to integer", withID(`"limit":100.0`), `"limit":100`,
			[]string{`limit: 100.0 -> 100 (integer expected)`}},
		{"exponent to integer", withID(`"limit":1e1`), `"limit":10`,
			[]string{`limit: 1e1 -> 10 (integer expected)`}},
		{"numeric text to number", withID(`"ratio":"0.5"`), `"ratio":0.5`,
			[]string{`ratio: "0.5" -> 0.5 (number expected)`}},
		{"int64 text keeps digits", withID(`"i64":"9223372036854775807"`), `"i64":9223372036854775807`,
			[]string{`i64: "9223372036854775807" -> 9223372036854775807 (integer expected)`}},
		{"text to boolean", withID(`"flag":"TRUE"`), `"flag":true`,
			[]string{`flag: "TRUE" -> true (boolean expected)`}},
		{"text false to boolean", withID(`"flag":" false"`), `"flag":false`,
			[]string{`flag: " false" -> false (boolean expected)`}},
		{"number to string", withID(`"title":5`), `"title":"5"`,
			[]string{`title: 5 -> "5" (string expected)`}},
		{"boolean to string", withID(`"title":true`), `"title":"true"`,
			[]string{`title: true -> "true" (string expected)`}},
		{"scalar to array", withID(`"tags":"Image"`), `"tags":["Image"]`,
			[]string{`tags: "Image" -> ["Image"] (array expected)`}},
		{"scalar to array then enum case", withID(`"tags":"image"`), `"tags":["Image"]`,
			[]string{`tags: "image" -> ["image"] (array expected)`, `tags[0]: "image" -> "Image" (accepted value)`}},
		{"number to array item", withID(`"dims":"4"`), `"dims":[4]`,
			[]string{`dims: "4" -> ["4"] (array expected)`, `dims[0]: "4" -> 4 (integer expected)`}},
		{"JSON text to array", withID(`"tags":"[\"Image\",\"Video\"]"`), `"tags":["Image","Video"]`,
			[]string{`tags: "[\"Image\",\"Video\"]" -> ["Image","Video"] (array expected)`}},
		{"JSON text to object", withID(`"filter":"{\"from\":\"2024-01-01\"}"`), `"filter":{"from":"2024-01-01"}`,
			[]string{`filter: "{\"from\":\"2024-01-01\"}" -> {"from":"2024-01-01"} (object expected)`}},
		{"enum case", withID(`"status":"OPEN"`), `"status":"open"`,
			[]string{`status: "OPEN" -> "open" (accepted value)`}},
		{"enum spaces and case", withID(`"order":" desc "`), `"order":"DESC"`,
			[]string{`order: " desc " -> "DESC" (accepted value)`}},
		{"integer enum from text", withID(`"size":"2"`), `"size":2`,
			[]string{`size: "2" -> 2 (integer expected)`}},
		{"const case", withID(`"kind":"FIXED"`), `"kind":"fixed"`,
			[]string{`kind: "FIXED" -> "fixed" (accepted value)`}},
		{"null dropped when optional", withID(`"title":null`), ``,
			[]string{`title: null -> omitted (optional; null is not accepted, so it is left out)`}},
		{"null kept when allowed", withID(`"note":null`), `"note":null`, nil},
		{"nested coercion", withID(`"body":{"owner":{"id":"42"}}`), `"body":{"owner":{"id":42}}`,
			[]string{`body.owner.id: "42" -> 42 (integer expected)`}},
		{"array of objects coercion", withID(`"lines":[{"sku":"a","qty":"2"}]`), `"lines":[{"qty":2,"sku":"a"}]`,
			[]string{`lines[0].qty: "2" -> 2 (integer expected)`}},
		{"additionalProperties coercion", withID(`"meta":{"a":"5"}`), `"meta":{"a":5}`,
			[]string{`meta.a: "5" -> 5 (integer expected)`}},
		{"allOf coercion", withID(`"both":"12"`), `"both":12`,
			[]string{`both: "12" -> 12 (integer expected)`}},
		{"oneOf as given", withID(`"span":"2024-01-01"`), `"span":"2024-01-01"`, nil},
		{"nested extras allowed", withID(`"body":{"extra":1}`), `"body":{"extra":1}`, nil},
		{"unicode length in runes", withID(`"q":"ééééé"`), `"q":"ééééé"`, nil},
		{"valid formats", withID(`"when":"2024-01-15T09:30:00.5+02:00","day":"2024-02-29","at":"09:30:00",` +
			`"mail":"a.b@example.com","site":"https://x.example/a?b=c","ip4":"192.0.2.1","ip6":"2001:db8::1",` +
			`"host":"api.example.com","blob":"aGk=","custom":"anything","i32":-2147483648,` +
			`"code":"123-AB","nox":"yx","uni":"AAA"`),
			`"at":"09:30:00","blob":"aGk=","code":"123-AB","custom":"anything","day":"2024-02-29","host":"api.example.com",` +
				`"i32":-2147483648,"ip4":"192.0.2.1","ip6":"2001:db8::1","mail":"a.b@example.com","nox":"yx",` +
				`"site":"https://x.example/a?b=c","uni":"AAA","when":"2024-01-15T09:30:00.5+02:00"`, nil},
	}
	c := mustChecker(t, argsTestSchema)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, applied, err := c.Check(tt.raw)
			if err != nil {
				t.Fatalf("Check(%s): %v", tt.raw, err)
			}
			want := `{` + tt.args
			if tt.args != "" {
				want += ","
			}
			want += `"ticketId":"` + testTicket + `"}`
			if got := string(jsonval.Append(nil, args)); canonJSON(t, got) != canonJSON(t, want) {
				t.Errorf("args = %s, want %s", got, want)
			}
			var got []string
			for _, co := range applied {
				got = append(got, co.String())
			}
			if strings.Join(got, "\n") != strings.Join(tt.coerce, "\n") {
				t.Errorf("coercions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.coerce, "\n"))
			}
		})
	}
}

func canonJSON(t *testing.T, s string) string {
	t.Helper()
	var v any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return string(jsonval.Append(nil, v))
}

func TestArgCheckEmptyMeansNoArguments(t *testing.T) {
	c := mustChecker(t, `{"type":"object","properties":{"q":{"type":"string"}}}`)
	for _, raw := range []string{"", "  \n\t"} {
		args, applied, err := c.Check(raw)
		if err != nil || args == nil || len(args) != 0 || len(applied) != 0 {
			t.Errorf("Check(%q) = %v, %v, %v; want {}", raw, args, applied, err)
		}
	}
	// Required parameters are still required.
	c = mustChecker(t, argsTestSchema)
	if _, _, err := c.Check(""); err == nil || !strings.Contains(err.Error(), "ticketId: missing") {
		t.Errorf("Check(\"\") with a required parameter: %v", err)
	}
}

func TestArgCheckArgumentsInsideAString(t *testing.T) {
	c := mustChecker(t, argsTestSchema)
	args, applied, err := c.Check(`"{\"ticketId\":\"` + testTicket + `\"}"`)
	if err != nil || args["ticketId"] != testTicket {
		t.Fatalf("got %v, %v", args, err)
	}
	if len(applied) != 1 || applied[0].Path != "" ||
		!strings.HasPrefix(applied[0].String(), `arguments: "{\"ticketId\"`) {
		t.Errorf("coercions = %v", applied)
	}
}

func TestArgCheckRefRecursion(t *testing.T) {
	schema := `{
	  "type": "object",
	  "properties": {"root": {"$ref": "#/$defs/Node"}},
	  "required": ["root"],
	  "$defs": {"Node": {"type": "object", "required": ["name"],
	    "properties": {"name": {"type": "string"}, "size": {"type": "integer"},
	                   "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}
	}`
	c := mustChecker(t, schema)
	args, applied, err := c.Check(`{"root":{"name":"a","children":[{"name":"b","children":[{"name":"c","size":"3"}]}]}}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) != 1 || applied[0].String() != `root.children[0].children[0].size: "3" -> 3 (integer expected)` {
		t.Errorf("coercions = %v", applied)
	}
	if got := string(jsonval.Append(nil, args)); !strings.Contains(got, `"size":3`) {
		t.Errorf("args = %s", got)
	}
	_, _, err = c.Check(`{"root":{"name":"a","children":[{"name":"b"},{"children":[{"name":"c","size":"big"}]}]}}`)
	var ae *Error
	if !errors.As(err, &ae) || len(ae.Problems) != 2 {
		t.Fatalf("err = %v", err)
	}
	for _, w := range []string{`- root.children[1].children[0].size: "big" is a string; use an integer, e.g. 1.`,
		`- root.children[1].name: missing; required (string)`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("text lacks %q:\n%s", w, err)
		}
	}
	// Deep nesting is bounded, not a stack overflow.
	deep := strings.Repeat(`{"name":"n","children":[`, 200) + `{"name":"leaf"}` + strings.Repeat(`]}`, 200)
	_, _, err = c.Check(`{"root":` + deep + `}`)
	if err == nil || !strings.Contains(err.Error(), "is nested too deeply to check") {
		t.Errorf("deep nesting: %v", err)
	}
	// A schema that refers to itself without descending does not loop,
	// and its other keywords still hold.
	for _, schema := range []string{
		`{"$ref":"#","type":"object","properties":{"a":{"$ref":"#"},"b":{"type":"integer"}}}`,
		`{"type":"object","anyOf":[{"$ref":"#"}],"properties":{"a":{"$ref":"#"},"b":{"type":"integer"}}}`} {
		self := mustChecker(t, schema)
		if _, _, err := self.Check(`{"a":{"a":{"b":1}}}`); err != nil {
			t.Errorf("self reference: %v", err)
		}
		for _, raw := range []string{`{"a":{"a":"x"}}`, `{"a":{"b":"x"}}`} {
			if _, _, err := self.Check(raw); err == nil {
				t.Errorf("self reference %s accepts %s", schema, raw)
			}
		}
	}
	if _, _, err := c.Check(`{"root":` + deep + `}`); err == nil || strings.Count(err.Error(), "\n- ") != 1 {
		t.Errorf("deep nesting: %v", err)
	}
}

func TestArgCheckComposition(t *testing.T) {
	// Names declared in allOf branches are parameters of the tool.
	c := mustChecker(t, `{"allOf":[{"type":"object","properties":{"a":{"type":"integer"}}},
	  {"properties":{"b":{"type":"string"}},"required":["b"]}]}`)
	if args, _, err := c.Check(`{"a":"1","b":"x"}`); err != nil || args["a"] != json.Number("1") {
		t.Errorf("allOf: %v, %v", args, err)
	}
	if _, _, err := c.Check(`{"a":1,"c":2}`); err == nil ||
		!strings.Contains(err.Error(), "- c: unknown parameter; this tool takes: a, b.") ||
		!strings.Contains(err.Error(), "- b: missing; required (string)") {
		t.Errorf("allOf unknown and missing: %v", err)
	}
	// A failed form's coercions do not leak into the next form.
	c = mustChecker(t, `{"type":"object","properties":{"v":{"anyOf":[
	  {"type":"object","properties":{"a":{"type":"integer"}},"required":["b"]},
	  {"type":"object","properties":{"a":{"type":"string"}}}]}}}`)
	args, applied, err := c.Check(`{"v":{"a":"5"}}`)
	if err != nil || len(applied) != 0 || jsonval.CanonKey(args) != `{"v":{"a":"5"}}` {
		t.Errorf("anyOf: %v, %v, %v", args, applied, err)
	}
	// A value valid as given is not coerced into another form.
	c = mustChecker(t, `{"type":"object","properties":{"v":{"type":["integer","string"]}}}`)
	if args, applied, err := c.Check(`{"v":"100"}`); err != nil || len(applied) != 0 || args["v"] != "100" {
		t.Errorf("type list: %v, %v, %v", args, applied, err)
	}
	// A tool without parameters takes no names.
	c = mustChecker(t, `{"type":"object","properties":{}}`)
	if _, _, err := c.Check(`{"x":1}`); err == nil ||
		!strings.Contains(err.Error(), "- x: unknown parameter; this tool takes no parameters.\nExample: {}") {
		t.Errorf("no parameters: %v", err)
	}
	// Top-level additionalProperties opens the tool to other names.
	c = mustChecker(t, `{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":true}`)
	if _, _, err := c.Check(`{"other":1}`); err != nil {
		t.Errorf("additionalProperties true: %v", err)
	}
	// not, if/then/else, dependentRequired.
	c = mustChecker(t, `{"type":"object","properties":{"kind":{"type":"string"},"n":{"type":"integer","not":{"const":13}},
	  "card":{"type":"string"},"cvv":{"type":"string"}},
	  "if":{"properties":{"kind":{"const":"big"}},"required":["kind"]},"then":{"properties":{"n":{"minimum":100}}},
	  "dependentRequired":{"card":["cvv"]}}`)
	for raw, want := range map[string]string{
		`{"n":13}`:               "- n: 13 is not allowed; use a value that is not 13.",
		`{"kind":"big","n":5}`:   "- n: 5 is too small; use a number of at least 100.",
		`{"card":"4111"}`:        `- cvv: missing; required when "card" is given.`,
		`{"kind":"small","n":5}`: "",
	} {
		_, _, err := c.Check(raw)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("Check(%s) = %v, want %q", raw, err, want)
		}
	}
}

func TestArgCheckManyProblemsAreCut(t *testing.T) {
	var props, args []string
	for i := 0; i < 20; i++ {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"integer"}`, i))
		args = append(args, fmt.Sprintf(`"p%d":"x"`, i))
	}
	c := mustChecker(t, `{"type":"object","properties":{`+strings.Join(props, ",")+`}}`)
	_, _, err := c.Check(`{` + strings.Join(args, ",") + `}`)
	var ae *Error
	if !errors.As(err, &ae) || len(ae.Problems) != 20 {
		t.Fatalf("err = %v", err)
	}
	text := err.Error()
	if n := strings.Count(text, "\n- p"); n != 12 {
		t.Errorf("%d problem lines, want 12", n)
	}
	if !strings.Contains(text, "\n- and 8 more problems.\nExample: ") {
		t.Errorf("no summary line:\n%s", text)
	}
}

func TestArgCheckerExampleAndWarnings(t *testing.T) {
	schema := `{"type":"object","properties":{"q":{"type":"string","pattern":"("},"n":{"type":"integer","minimum":5}},
	  "required":["n"]}`
	c, err := NewChecker("t", []byte(schema), []byte(`{ "n": 7 }`))
	if err != nil {
		t.Fatal(err)
	}
	if string(c.Example()) != `{"n":7}` {
		t.Errorf("example = %s", c.Example())
	}
	if w := c.Warnings(); len(w) != 1 || !strings.Contains(w[0], `pattern "(" does not compile`) {
		t.Errorf("warnings = %q", w)
	}
	// A pattern that cannot compile is skipped, not a crash or a rejection.
	if _, _, err := c.Check(`{"n":5,"q":"anything"}`); err != nil {
		t.Errorf("skipped pattern: %v", err)
	}
	// An example that fails the schema is replaced by a made one.
	c, err = NewChecker("t", []byte(schema), []byte(`{"n":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(c.Example()) != `{"n":5}` || len(c.Warnings()) != 2 {
		t.Errorf("example = %s, warnings = %q", c.Example(), c.Warnings())
	}
	if _, err := NewChecker("t", []byte(`{"type":`), nil); err == nil {
		t.Error("bad schema JSON accepted")
	}
	if _, err := NewChecker("t", []byte(schema), []byte(`{`)); err == nil {
		t.Error("bad example JSON accepted")
	}
	// The made example passes the test schema.
	c = mustChecker(t, argsTestSchema)
	if _, _, err := c.Check(string(c.Example())); err != nil {
		t.Errorf("made example fails: %v", err)
	}
	// An empty schema accepts any object.
	c = mustChecker(t, ``)
	if _, _, err := c.Check(`{"anything":[1,2]}`); err != nil || string(c.Example()) != `{}` {
		t.Errorf("empty schema: %v, %s", err, c.Example())
	}
}

func TestArgCheckConcurrent(t *testing.T) {
	c := mustChecker(t, argsTestSchema)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if _, _, err := c.Check(benchArgs); err != nil {
					t.Error(err)
					return
				}
				if _, _, err := c.Check(withID(`"nox":"xy","limit":"abc"`)); err == nil {
					t.Error("no error")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestArgCheckHugeArray(t *testing.T) {
	c := mustChecker(t, argsTestSchema)
	items := strings.TrimSuffix(strings.Repeat("1,", 200000), ",")
	args, _, err := c.Check(withID(`"dims":[` + items + `]`))
	if err != nil || len(args["dims"].([]any)) != 200000 {
		t.Fatalf("huge array: %v", err)
	}
}

// benchArgs is a typical call: ten arguments, two of them coerced.
var benchArgs = withID(`"status":"open","limit":"25","q":"abc","order":"desc","tags":["Image","Video"],` +
	`"when":"2024-01-15T09:30:00Z","filter":{"from":"2024-01-01","to":"2024-02-01"},"flag":true,"code":"123-AB"`)

func BenchmarkArgCheck(b *testing.B) {
	c := mustChecker(b, argsTestSchema)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := c.Check(benchArgs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkArgCheckErrors(b *testing.B) {
	c := mustChecker(b, argsTestSchema)
	raw := `{"status":"opened","limit":500,"userid":"x","nox":"xy"}`
	b.ReportAllocs()
	for b.Loop() {
		_, _, err := c.Check(raw)
		if err == nil {
			b.Fatal("no error")
		}
		_ = err.Error()
	}
}

func BenchmarkNewArgChecker(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewChecker("listTickets", []byte(argsTestSchema), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzCheck checks that Check never panics and that what it returns is
// stable: the arguments it accepts pass again unchanged.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"", "{}", "null", "[]", `"{}"`, benchArgs, withID(`"limit":"1e400"`),
		withID(`"tags":"[\"Image\"]","span":{"from":"a","to":"b"},"title":null`),
		`{"status":"opened","limit":500,"userid":"x"}`, withID(`"lines":[{"sku":1,"qty":"2.0"}]`),
		withID(`"meta":{"a":"5","b":[1]},"both":"1e1","i64":-9223372036854775809`)} {
		f.Add(s)
	}
	c := mustChecker(f, argsTestSchema)
	f.Fuzz(func(t *testing.T, raw string) {
		args, _, err := c.Check(raw)
		if err != nil {
			var ae *Error
			if !errors.As(err, &ae) || len(ae.Problems) == 0 || err.Error() == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		again, applied, err := c.Check(string(jsonval.Append(nil, args)))
		if err != nil || len(applied) != 0 {
			t.Fatalf("accepted arguments %s do not pass again: %v %v", jsonval.Append(nil, args), applied, err)
		}
		if jsonval.CanonKey(again) != jsonval.CanonKey(args) {
			t.Fatalf("second check changed %s to %s", jsonval.CanonKey(args), jsonval.CanonKey(again))
		}
	})
}

// FuzzArgSchema checks that no schema makes NewChecker or Check panic
// or loop.
func FuzzArgSchema(f *testing.F) {
	f.Add(argsTestSchema, benchArgs)
	f.Add(`{"$ref":"#"}`, `{"a":{"a":1}}`)
	f.Add(`{"anyOf":[{"$ref":"#"},{"type":"integer"}],"properties":{"a":{"$ref":"#"}}}`, `{"a":{"a":{"a":"1"}}}`)
	f.Add(`{"properties":{"a":{"type":"array","items":{"oneOf":[{"$ref":"#/properties/a"},{"type":"string"}]}}}}`,
		`{"a":[[["x"]],"y"]}`)
	f.Add(`{"type":["object","null"],"required":["x"],"patternProperties":{"^(?=a)":{"const":1}}}`, `{"ab":1}`)
	f.Fuzz(func(t *testing.T, schema, raw string) {
		c, err := NewChecker("fuzz", []byte(schema), nil)
		if err != nil {
			return
		}
		_, _, err = c.Check(raw)
		if err != nil && err.Error() == "" {
			t.Fatal("empty error text")
		}
	})
}

// A missing argument's example is its value in the tool's example call, a
// real one; a plain string with nothing to go by gets none, rather than a
// placeholder a model would copy.
func TestMissingArgumentExample(t *testing.T) {
	schema := `{"type":"object","properties":{"assetId":{"type":"string"},"note":{"type":"string"}},"required":["assetId","note"]}`
	c, err := NewChecker("getAsset", []byte(schema), []byte(`{"assetId":"AST-7K2M9Q4D","note":"Back from repair"}`))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Check(`{}`)
	if err == nil || !strings.Contains(err.Error(), `- assetId: missing; required (string), e.g. "AST-7K2M9Q4D".`) {
		t.Errorf("missing assetId: %v", err)
	}
	bare, err := NewChecker("getAsset", []byte(schema), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err = bare.Check(`{}`); err == nil || strings.Contains(err.Error(), `e.g. "text"`) {
		t.Errorf("without an example: %v", err)
	}
}
