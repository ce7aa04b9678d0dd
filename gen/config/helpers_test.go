package config

import (
	"iter"
	"reflect"

	"github.com/agentready/agentready/gen/yamlpos"
)

// The tests were written when the configuration had its own YAML
// decoder; these name yamlpos's helpers as they knew them.

type yamlField struct {
	reflect.StructField
	name string
}

func fieldsOf(t reflect.Type) iter.Seq[yamlField] {
	return func(yield func(yamlField) bool) {
		for f := range yamlpos.Fields(t) {
			if !yield(yamlField{f.StructField, f.Name}) {
				return
			}
		}
	}
}

func joinField(path, key string) string { return yamlpos.Join(path, key) }

func suggest(key string, known []string) string { return yamlpos.Suggest(key, known) }
