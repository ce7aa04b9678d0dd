package lint

import "github.com/agentready/agentready/harness/classify"

// Rule is one check: its id, the level of its findings, the error class
// they predict and a help text (SARIF's rule help).
type Rule struct {
	ID    string
	Level Level
	Class classify.Class
	// Short is a one-line title; Help says why it matters and how to fix
	// it.
	Short string
	Help  string
}

// The rules.
var (
	RuleConfusable = Rule{"confusable-tools", Warning, classify.IncorrectToolSelection,
		"Two tools a retriever and a reader confuse",
		"A request written for one tool finds another first, or both equally: the agent picks the wrong one. " +
			"Say in each summary what sets the tool apart (the resource, the scope, the filter), or merge the two."}
	RuleVersions = Rule{"tool-versions", Note, classify.IncorrectToolSelection,
		"One operation in several API versions",
		"The same operation served under two API versions (v1beta1 and v1) gives an agent two tools it cannot tell apart. " +
			"Keep one version of each operation in the tools you give agents."}
	RuleParamNames = Rule{"inconsistent-parameter-name", Warning, classify.IncorrectParameter,
		"The same value under different parameter names",
		"Tools that take the same value under different names (user_id, userId) lead a model to carry one tool's name " +
			"into another. Use one name across the API, or say in the description which name other tools use."}
	RuleProseEnum = Rule{"prose-enum", Warning, classify.ParameterValueMismatch,
		"Allowed values listed only in prose",
		"The description lists the values a parameter accepts but the schema has no enum: tools cannot validate them " +
			"and models paraphrase them. Add an enum."}
	RuleProseRange = Rule{"prose-range", Warning, classify.ParameterValueMismatch,
		"A bound said only in prose",
		"The description gives a minimum or maximum the schema does not carry. Add minimum/maximum (or minLength/maxLength, minItems/maxItems)."}
	RuleProseList = Rule{"prose-list", Warning, classify.ParameterTypeMismatch,
		"A list passed as a delimited string",
		"The description says the string is comma- or space-separated: models send arrays, or the wrong separator. " +
			"Declare an array (style: form, explode: false for commas)."}
	RuleProseFormat = Rule{"prose-format", Warning, classify.ParameterValueMismatch,
		"A format said only in prose",
		"The description names a format (ISO 8601, YYYY-MM-DD, a URL, an email) the schema does not declare. Add format."}
	RuleProseRelation = Rule{"prose-relation", Note, classify.ParameterValueMismatch,
		"A constraint between parameters said only in prose",
		"JSON Schema cannot say that one parameter must be later or greater than another. Say it on both parameters, " +
			"with an example pair that satisfies it, and have the API's error name both."}
	RuleMissingExample = Rule{"missing-example", Warning, classify.ParameterValueMismatch,
		"A formatted value without an example",
		"The model must invent a value in a format (a pattern, a date, an identifier of a given shape) with no example " +
			"to copy. Add an example to the parameter or its schema."}
	RuleLongDescription = Rule{"long-description", Warning, classify.IncorrectToolSelection,
		"A description over the token budget",
		"Long descriptions cost tokens on every request, are cut by clients (OpenAI at 1,024 characters) and bury the purpose. " +
			"Put the purpose in the first sentence and move reference material to externalDocs."}
	RuleUndescribedRequired = Rule{"undescribed-required", Error, classify.MissingParameter,
		"A required parameter without a description",
		"A model fills a required parameter it cannot read about with a guess, or leaves it out. Describe what it is and where its value comes from."}
	RuleCredentialArgument = Rule{"credential-argument", Warning, classify.ToolAccessError,
		"A credential passed as a tool argument",
		"A query, header or cookie parameter that carries an API key or token, with no security scheme declaring it, " +
			"becomes an argument the model must fill: it has no secret to give, so the call fails authentication, " +
			"or the model asks the user for the key and carries it through its context and transcripts. " +
			"Declare it as an apiKey security scheme and require it, so generated tools take it from the environment."}
	RuleReturnShape = Rule{"return-shape", Note, classify.OutputMismatch,
		"Similar tools return different shapes",
		"Tools on the same resource that return differently shaped results make a model read one as the other. Return one shape (one schema) for one resource."}
)

// Rules lists every rule, in the order of their ids.
var Rules = []Rule{
	RuleConfusable, RuleCredentialArgument, RuleParamNames, RuleLongDescription, RuleMissingExample,
	RuleProseEnum, RuleProseFormat, RuleProseList, RuleProseRange, RuleProseRelation,
	RuleReturnShape, RuleVersions, RuleUndescribedRequired,
}

// ruleFuncs are the checks Lint runs, in order.
var ruleFuncs = []func(*checker){
	checkDocs,
	checkCredentials,
	checkProse,
	checkParamNames,
	checkConfusable,
	checkReturnShapes,
}
