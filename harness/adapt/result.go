package adapt

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/agentready/agentready/gen/atomicfile"
)

// ResultFile is where adapt writes its Result, in the run directory.
const ResultFile = "adapt.json"

// Save writes res as adapt.json in dir.
func Save(dir string, res *Result) error {
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, ResultFile), append(data, '\n'))
}

// Read reads adapt.json from a run directory; nil when there is none.
func Read(dir string) (*Result, error) {
	data, err := os.ReadFile(filepath.Join(dir, ResultFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var res Result
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, ResultFile), err)
	}
	return &res, nil
}

// Overlay returns the overlay file of res: the kept actions, each with
// its measured gain (or "kept as the reviewer wrote it"), the rejected
// proposals with the reason, and those dropped untried.
func (r *Result) Overlay() File {
	var f File
	for _, a := range r.Reviewed {
		f.Actions = append(f.Actions, a)
		if a.Kind == KindReviewed {
			f.Comments = append(f.Comments, "kept as the reviewer wrote it")
		} else {
			f.Comments = append(f.Comments, "kept by an earlier adapt run: "+a.Label())
		}
	}
	for _, d := range r.Decisions {
		switch {
		case d.Kept:
			f.Actions = append(f.Actions, d.Action)
			f.Comments = append(f.Comments, d.Comment())
		case d.Tried:
			f.Rejected = append(f.Rejected, fmt.Sprintf("%s at %s: %s; %s", d.Action.Label(), d.Action.Target, d.Comment(), d.Reason))
		default:
			f.Rejected = append(f.Rejected, fmt.Sprintf("%s at %s: %s", d.Action.Label(), d.Action.Target, d.Reason))
		}
	}
	for _, d := range r.Dropped {
		f.Dropped = append(f.Dropped, fmt.Sprintf("%s at %s", d.Action.Label(), d.Action.Target))
	}
	return f
}
