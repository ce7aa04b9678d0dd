// Package classify compares an agent's run of a test case with the direct
// run of the same case (the ground truth) and labels what went wrong, in
// 18 classes (Taxonomy): the 13 of IBM Research's taxonomy for REST APIs
// used as LLM tools, the parameter-failure study's "redundant
// information" (an argument nobody asked for), three sequential classes
// of multi-step cases (a step left out, made too late, or a value not
// carried over), and two of the dialogue with the user (guessed instead
// of asking, asked for something already given), which multi-turn cases
// (cases.Ask) bring out. It computes the metrics of a whole run and
// writes, per failing tool, recommendations aimed at the tool's builder.
//
// A case may get several labels, or none (a clean case). Every label
// carries its evidence: a sentence that quotes the calls and values it
// was read from, so a person can check it against the trace. Values are
// compared through their schema: forms the schema accepts as one value
// (an optional quote, 3 and "3", an enum's case, two spellings of one
// instant) are equal. A run whose last call of the tool was right after
// the tool's corrective answer to an earlier one passes after recovery;
// its earlier mistakes are kept apart (Verdict.Recovered).
package classify

// Category groups the classes.
type Category string

// The categories.
const (
	ToolInvocation     Category = "tool_invocation"
	InputSpecification Category = "input_specification"
	OutputProcessing   Category = "output_processing"
	ToolExecution      Category = "tool_execution"
	// Sequence holds the classes of multi-step cases: a step left out,
	// made too late, or a value not carried from one step to the next.
	Sequence Category = "sequence"
	// Dialogue is how the agent talks with the user: asking for what the
	// request lacks, and only for that.
	Dialogue Category = "dialogue"
)

// Class is one error class of the taxonomy.
type Class string

// The classes: the research's 13, RedundantParameter, the sequential
// classes of multi-step cases and the two of the dialogue.
const (
	// ToolNotIdentified: the agent called no tool at all, or, on a
	// multi-step case, only first steps that did not all succeed, and
	// never the target.
	ToolNotIdentified Class = "tool_not_identified"
	// IncorrectToolSelection: the agent called other tools, never the
	// target.
	IncorrectToolSelection Class = "incorrect_tool_selection"
	// RepeatedToolInvocation: the same tool again and again (3 times or
	// more), or the same arguments twice, without progress.
	RepeatedToolInvocation Class = "repeated_tool_invocation"
	// MissingParameter: a required argument, or one the case gives,
	// left out.
	MissingParameter Class = "missing_parameter"
	// IncorrectParameter: an argument name the tool does not have.
	IncorrectParameter Class = "incorrect_parameter"
	// RedundantParameter: an argument the tool has but the request did
	// not ask for, with a value other than its default: on a tool that
	// changes state it changes data nobody asked to change, on a read it
	// narrows or reshapes the answer (the parameter-failure study's
	// "redundant information").
	RedundantParameter Class = "redundant_parameter"
	// ParameterTypeMismatch: a value of the wrong JSON type ("100" for an
	// integer, "x" for ["x"]), whether rejected or coerced.
	ParameterTypeMismatch Class = "parameter_type_mismatch"
	// ParameterValueMismatch: a value that differs from the case's, or
	// that the tool rejects (enum, range, pattern, format, length).
	ParameterValueMismatch Class = "parameter_value_mismatch"
	// OutputMismatch: a 2xx response that lacks what the output schema
	// promises, or differs in shape from the direct run's.
	OutputMismatch Class = "output_mismatch"
	// EmptyOutput: a valid but empty result.
	EmptyOutput Class = "empty_output"
	// MalformedOutput: a response declared JSON that is not.
	MalformedOutput Class = "malformed_output"
	// ExceedingTokenLimit: a response larger than the result budget.
	ExceedingTokenLimit Class = "exceeding_token_limit"
	// ToolAccessError: 401, 403 and other authentication failures.
	ToolAccessError Class = "tool_access_error"
	// ToolServerError: 5xx, 429, timeouts and refused connections.
	ToolServerError Class = "tool_server_error"

	// The sequential classes of a multi-step case (cases.Chain): why an
	// input the chain's steps give is wrong in the call of the target.

	// MissingStep: the agent called the target without first calling
	// any tool that gives the input, and the input is wrong or missing
	// (or, instead of the target, a tool the spec says gives the same,
	// without the input the steps give);
	// or it read lists (the case's steps, or lists of things known by
	// the name the request gave) whose answers did not hold the value,
	// and stopped: no step it could make found the thing by that name.
	MissingStep Class = "missing_step"
	// WrongOrder: the agent called a tool that gives the input only
	// after its first call of the target, which lacked it.
	WrongOrder Class = "wrong_order"
	// ValueNotCarried: an answer the agent read before its last call of
	// the target held the input's value, and the call does not have it;
	// or the agent stopped after lookups whose answer held the value the
	// next step needed, and never made that step.
	ValueNotCarried Class = "value_not_carried"
	// GuessedInsteadOfAsking: in an ask case, the agent did not ask for
	// the withheld value before the user's reply: it called the target
	// with a value for it (of its own making, or one it looked up), or it
	// ended its turn with an answer from other tools, which are not steps
	// of the case, without calling the target or asking.
	GuessedInsteadOfAsking Class = "guessed_instead_of_asking"
	// AskedForGiven: the agent asked the user (a text reply without a tool
	// call that asks: Asks) for an argument whose value the user's
	// messages had already given.
	AskedForGiven Class = "asked_for_given"
)

// ClassInfo describes a class.
type ClassInfo struct {
	Class    Class
	Category Category
	// Name is the class's name in words, as the research writes it.
	Name string
}

// Taxonomy lists the classes in the research's order, then the
// dialogue's.
var Taxonomy = []ClassInfo{
	{ToolNotIdentified, ToolInvocation, "tool not identified"},
	{IncorrectToolSelection, ToolInvocation, "incorrect tool selection"},
	{RepeatedToolInvocation, ToolInvocation, "repeated tool invocation"},
	{MissingParameter, InputSpecification, "missing parameter"},
	{IncorrectParameter, InputSpecification, "incorrect (invented) parameter"},
	{RedundantParameter, InputSpecification, "redundant (unrequested) parameter"},
	{ParameterTypeMismatch, InputSpecification, "parameter type mismatch"},
	{ParameterValueMismatch, InputSpecification, "parameter value mismatch"},
	{OutputMismatch, OutputProcessing, "output mismatch"},
	{EmptyOutput, OutputProcessing, "empty output"},
	{MalformedOutput, OutputProcessing, "malformed output"},
	{ExceedingTokenLimit, OutputProcessing, "exceeding token limit"},
	{ToolAccessError, ToolExecution, "tool access error"},
	{ToolServerError, ToolExecution, "tool server error"},
	{MissingStep, Sequence, "missing step"},
	{WrongOrder, Sequence, "wrong order"},
	{ValueNotCarried, Sequence, "value not carried over"},
	{GuessedInsteadOfAsking, Dialogue, "guessed instead of asking"},
	{AskedForGiven, Dialogue, "asked for something already given"},
}

// Info returns the description of c, or a zero ClassInfo.
func (c Class) Info() ClassInfo {
	for _, ci := range Taxonomy {
		if ci.Class == c {
			return ci
		}
	}
	return ClassInfo{}
}

// order is c's place in Taxonomy.
func (c Class) order() int {
	for i, ci := range Taxonomy {
		if ci.Class == c {
			return i
		}
	}
	return len(Taxonomy)
}

// Label is one class a case was found in, with its evidence.
type Label struct {
	Class Class `json:"class"`
	// Tool is the tool the evidence is about: the case's target, or, for
	// execution and output errors, the tool whose call failed.
	Tool string `json:"tool"`
	// Params are the arguments concerned, when the class is about
	// arguments.
	Params []string `json:"params,omitempty"`
	// Other is the tool the agent called instead (incorrect tool
	// selection).
	Other string `json:"other,omitempty"`
	// Evidence quotes the calls and values the label was read from.
	Evidence string `json:"evidence"`
}
