package adapt

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
)

// NotVisible is the reason a proposal is dropped untried: applied to the
// spec, it leaves every tool definition the agent is shown as it was (an
// example on a field the definition's example leaves out, a description
// past the first sentence the schema keeps, a hint the run already adds),
// so a trial of it could only measure noise.
const NotVisible = "not visible in the tool definition"

// Dropped is a proposal adapt did not try, and why.
type Dropped struct {
	Action Action `json:"action"`
	Reason string `json:"reason"`
}

// screen renders the tool definitions with each proposal applied alone on
// top of kept (whose definitions are base) and returns the proposals that
// change at least one, in order, and the others as dropped with
// NotVisible. Each proposal's overlay is written under Dir/screen. A
// proposal whose overlay does not apply is passed on: its trial says why.
// When ctx is done, the proposals not screened yet are passed on as they
// are, with ctx's error.
func (t Trials) screen(ctx context.Context, kept []Action, base map[string][32]byte, proposals []Action) (visible []Action, dropped []Dropped, err error) {
	for i, p := range proposals {
		if ctx.Err() != nil {
			return append(visible, proposals[i:]...), dropped, ctx.Err()
		}
		spec, err := t.load(ctx, append(slices.Clone(kept), p), filepath.Join(t.Dir, "screen", fmt.Sprintf("%02d", i+1)))
		if err != nil {
			if ctx.Err() != nil {
				return append(visible, proposals[i:]...), dropped, ctx.Err()
			}
			visible = append(visible, p)
			continue
		}
		if len(changedTools(base, fingerprints(spec))) == 0 {
			dropped = append(dropped, Dropped{Action: p, Reason: NotVisible})
			continue
		}
		visible = append(visible, p)
	}
	return visible, dropped, nil
}
