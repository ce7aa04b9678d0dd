package replay

import "context"

type scopeKey struct{}

// WithScope returns ctx with the scope of the model calls made under it:
// a case's ID, with its trial when it runs several times. Recorder and
// Player count calls per scope, so that cases run in parallel replay
// alike.
func WithScope(ctx context.Context, scope string) context.Context {
	return context.WithValue(ctx, scopeKey{}, scope)
}

// ScopeOf returns the scope WithScope set on ctx; empty when none.
func ScopeOf(ctx context.Context) string {
	s, _ := ctx.Value(scopeKey{}).(string)
	return s
}
