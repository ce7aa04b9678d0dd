package ir

import (
	"sync"

	"github.com/agentready/agentready/internal/httpmethod"
)

// typeIndex maps Type.ID to the type; built on first lookup.
type typeIndex struct {
	once sync.Once
	byID map[string]*Type
}

// Type returns the named type with the given ID, or nil. It is safe for
// concurrent use once the API is complete: the
// index is built on the first call and not updated after.
func (a *API) Type(id string) *Type {
	idx := &a.index
	idx.once.Do(func() {
		idx.byID = make(map[string]*Type, len(a.Types))
		for _, t := range a.Types {
			idx.byID[t.ID] = t
		}
	})
	return idx.byID[id]
}

// Resolve follows s's Ref (and the Refs of what it points to) and returns
// the schema that describes the value. It returns s itself when s has no
// Ref, and nil for a dangling Ref.
func (a *API) Resolve(s *Schema) *Schema {
	for i := 0; s != nil && s.Ref != "" && i < 64; i++ {
		t := a.Type(s.Ref)
		if t == nil {
			return nil
		}
		s = t.Schema
	}
	return s
}

// Operation returns the operation with the given tool name, or nil.
func (a *API) Operation(name string) *Operation {
	for _, op := range a.Operations {
		if op.Name == name {
			return op
		}
	}
	return nil
}

// SuccessResponse returns the response a successful call gets, or nil.
func (op *Operation) SuccessResponse() *Response {
	if op.Success == "" {
		return nil
	}
	for _, r := range op.Responses {
		if r.Status == op.Success {
			return r
		}
	}
	return nil
}

// Mutating reports whether the operation may change state (its method is
// not one that only reads: httpmethod.Safe).
func (op *Operation) Mutating() bool { return !httpmethod.Safe(op.Method) }
