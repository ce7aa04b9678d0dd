// Package shape turns an HTTP response body into the result a model
// reads, within a token budget: it tells JSON, text, HTML and binary
// bodies apart, keeps the structure of JSON (the first items of long
// lists, the fields that fit) and says what it cut and how to ask for
// less, instead of handing a model half a document.
//
// It is part of the runtime that generated packages import, so it imports
// only the standard library and agentready's internal leaf packages.
package shape
