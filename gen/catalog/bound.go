package catalog

import (
	"fmt"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
)

// Bound is the contract between gen and the harness: the tools of one
// API, bound to a client, together with the IR they were built from. The
// harness takes a Bound wherever it needs both, so that the tools and the
// IR it reads about them cannot come from two different specs.
//
// The toolrt.Catalog is embedded: a Bound's Tools, Tool, Eino and
// UnknownTool are the catalog's, and Catalog is what takes a bare
// toolrt.Catalog (mcpserve, metatools, retrieve). Make one with Bind; a
// Bound written by hand around a catalog without its IR (a generated
// package's) has a nil API, which the harness refuses or, where it can,
// works without (run leaves out the checks against output schemas).
type Bound struct {
	// API is the IR the tools were built from.
	API *ir.API
	*toolrt.Catalog
}

// Bind builds the tools of api, as a generated package offers them,
// calling the API through client (see New), and returns them with api.
func Bind(api *ir.API, client *toolrt.Client, opts ...toolrt.ToolOption) (*Bound, error) {
	if api == nil {
		return nil, fmt.Errorf("catalog.Bind: no API: load the spec first (gen.Load)")
	}
	cat, err := New(api, client, opts...)
	if err != nil {
		return nil, err
	}
	return &Bound{API: api, Catalog: cat}, nil
}
