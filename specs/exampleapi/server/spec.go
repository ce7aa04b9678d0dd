package server

import _ "embed"

// spec is a copy of ../openapi.yaml (see doc.go).
//
//go:embed openapi.yaml
var spec []byte

// Spec returns the OpenAPI 3.1 description of the API, the same bytes as
// specs/exampleapi/openapi.yaml. The caller may modify the returned slice.
func Spec() []byte { return append([]byte(nil), spec...) }
