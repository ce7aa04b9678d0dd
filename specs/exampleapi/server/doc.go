// Package server is agentready's example enterprise API: a small IT service
// desk (users, teams, tickets, comments, assets) served over HTTP on
// 127.0.0.1, with its state in SQLite.
//
// It is the target of agentready's end-to-end tests and its demo, so it
// deliberately contains what makes tool use hard for LLM agents: IDs that
// exist only at run time, the same value under different field names,
// operations with overlapping purposes, inconsistent pagination styles, a
// required conditional header, a very large response, empty results for
// unmatched filters, a scheduled 503, and authentication with two access
// levels. The OpenAPI 3.1 description of the API is [Spec]; every such
// difficulty is documented there under x-agentready-purpose.
//
// Tests start it in-process with [Start]:
//
//	run, err := server.Start(ctx, server.Options{})
//	if err != nil { ... }
//	defer run.Close()
//	// run.URL is like "http://127.0.0.1:41234"; call it with
//	// "Authorization: Bearer demo-token".
package server

// The canonical spec is ../openapi.yaml; this package embeds a copy of it
// (see spec.go) that TestEmbeddedSpecMatchesCanonical keeps identical.
//go:generate cp ../openapi.yaml openapi.yaml
