package config

import _ "embed" // for the schema

//go:embed agentready.schema.json
var schema string

// JSONSchema returns the JSON Schema (draft-07) of agentready.yaml, for
// editor completion and checking, e.g. with the YAML language server:
//
//	# yaml-language-server: $schema=./agentready.schema.json
//
// The caller gets its own copy.
func JSONSchema() []byte { return []byte(schema) }
