// Package argcheck checks the arguments a model sends to a tool before any
// request is made: it compiles the tool's parameter schema (the JSON
// Schema gen/toolschema writes for checking) once into a Checker, which
// decodes the argument text, applies the safe coercions a model's near
// misses need ("100" for 100, "x" for ["x"], an enum value in another
// case) and reports every other problem as a message the model can act
// on: the argument, what was given, what is accepted and an example.
//
// It is part of the runtime that generated packages import, so it imports
// only the standard library and agentready's internal leaf packages.
package argcheck
