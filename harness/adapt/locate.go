package adapt

import (
	"fmt"
	"os"

	"go.yaml.in/yaml/v4"

	genoverlay "github.com/agentready/agentready/gen/overlay"
	"github.com/agentready/agentready/harness/lint"
)

// Locate returns a locator over the spec as the run saw it: the file at
// spec with the overlays applied, so that actions target the document
// they will apply to.
func Locate(spec string, overlays []string) (*lint.Locator, error) {
	data, err := os.ReadFile(spec)
	if err != nil {
		return nil, err
	}
	if len(overlays) > 0 {
		if data, err = genoverlay.Apply(spec, data, overlays); err != nil {
			return nil, err
		}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	return lint.NewLocator(spec, &root), nil
}
