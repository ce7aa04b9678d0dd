package cases

import (
	"github.com/agentready/agentready/gen/example"
)

// maxCaseValues bounds the values made for the arguments of a case (each
// string counting one more per 64 bytes). A case's utterance says every
// value its call needs, and nobody types a request of a thousand fields:
// DocuSign's bodies, filled whole, made utterances of 500 KB and 8,000
// cases of 250 MB. Past it, gen/example's least value (required fields
// only) is taken.
const maxCaseValues = 200

// mode is the gen/example mode a scenario's values are made in: which
// optional properties of nested objects they fill. Required fills the
// required ones only, Subset a seeded half more, All every one.
func (sc Scenario) mode() example.Mode {
	switch sc {
	case All:
		return example.All
	case Subset:
		return example.Typical
	}
	return example.RequiredOnly
}

// fillMode is the mode of the deterministic value that replaces one of
// sc that does not validate: All stays All, the others take the
// required properties only.
func fillMode(sc Scenario) example.Mode {
	if sc == All {
		return example.All
	}
	return example.RequiredOnly
}

// sourceKind says where a value gen/example chose for an argument came
// from.
func sourceKind(o example.Origin) SourceKind {
	switch o {
	case example.SpecExample:
		return FromExample
	case example.SpecDefault:
		return FromDefault
	}
	return FromSynthesized
}
