package consistency

import (
	"fmt"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/classify"
)

// KindPrefix starts the Kind of every finding of the check:
// "inconsistent-" and the kind of phrasing ("inconsistent-date-format").
const KindPrefix = "inconsistent-"

// Findings turns the reported pairs into findings: one per tool,
// argument and kind of phrasing, with the first pair as evidence and
// the count of the others in the message.
func Findings(cat *catalog.Bound, pairs []Pair) []finding.Finding {
	api := cat.API
	var out []finding.Finding
	at := map[string]int{}
	count := map[string]int{}
	for _, p := range pairs {
		if p.Verdict != Reported {
			continue
		}
		key := p.Tool + "\x00" + p.Phrasing.Arg + "\x00" + p.Phrasing.Kind
		count[key]++
		if _, ok := at[key]; ok {
			continue
		}
		at[key] = len(out)
		f := finding.Finding{Source: finding.Consistency, Kind: KindPrefix + p.Phrasing.Kind, Level: finding.Warning,
			Tool: p.Tool, Argument: p.Phrasing.Arg, Class: string(classify.ParameterValueMismatch),
			Evidence: evidence(p), Fix: fix(cat, p)}
		if p.Calls[0] == "" || p.Calls[1] == "" {
			f.Class = string(classify.ToolNotIdentified)
		}
		if op := api.Operation(p.Tool); op != nil {
			f.OperationID, f.Place = op.ID, op.Origin
		}
		out = append(out, f)
	}
	for key, i := range at {
		p := firstOf(pairs, out[i])
		n := count[key]
		out[i].Message = fmt.Sprintf("%s said as %q instead of %q made the agent call %s differently and get a different answer",
			p.Phrasing.Arg, p.Phrasing.To, p.Phrasing.From, p.Tool)
		if n > 1 {
			out[i].Message += fmt.Sprintf(" (%d cases)", n)
		}
	}
	return out
}

// firstOf is the first reported pair of a finding.
func firstOf(pairs []Pair, f finding.Finding) Pair {
	for _, p := range pairs {
		if p.Verdict == Reported && p.Tool == f.Tool && p.Phrasing.Arg == f.Argument && KindPrefix+p.Phrasing.Kind == f.Kind {
			return p
		}
	}
	return Pair{}
}

// evidence shows a pair: the two requests, calls and outputs.
func evidence(p Pair) string {
	call := func(s string) string {
		if s == "" {
			return "no call of " + p.Tool
		}
		return p.Tool + " " + s
	}
	return fmt.Sprintf("case %s: %q -> %s -> %s; %q -> %s -> %s", p.Case,
		p.Utterances[0], call(p.Calls[0]), short(p.Outputs[0]), p.Utterances[1], call(p.Calls[1]), short(p.Outputs[1]))
}

// short cuts an output to a length a finding can show.
func short(s string) string {
	const n = 100
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// fix is the documentation change a pair suggests, by its kind of
// phrasing.
func fix(cat *catalog.Bound, p Pair) string {
	arg, to := p.Phrasing.Arg, p.Phrasing.To
	value := fmt.Sprint(p.Phrasing.Value)
	switch p.Phrasing.Kind {
	case EnumWords, EnumCase:
		return fmt.Sprintf("say in the description of %s that %q means %s, or accept the values in any case and with spaces", arg, to, value)
	case Abbreviation:
		return fmt.Sprintf("say in the description of %s that %q is written %s", arg, to, value)
	case NumberWords:
		return fmt.Sprintf("say in the description of %s that it takes a number in digits (e.g. %s): its type alone did not make the agent send %q as %s", arg, value, to, value)
	case DateFormat:
		if format := formatOf(cat, p.Tool, arg); format != "" {
			return fmt.Sprintf("accept dates written as %q for %s as well, or say in its description that only %s (e.g. %s) is taken", to, arg, format, value)
		}
		format := "date-time"
		if _, err := time.Parse("2006-01-02", value); err == nil {
			format = "date"
		}
		return fmt.Sprintf("say the format of %s in its schema (format: %s) and its description, with an example such as %s", arg, format, value)
	case IDPrefix:
		return fmt.Sprintf("say in the description of %s that the value includes its prefix (%s, not %s), or accept it without", arg, value, to)
	case BooleanWords:
		return fmt.Sprintf("say in the description of %s that it is true or false, and what true means", arg)
	}
	return fmt.Sprintf("say in the description of %s that %q and %q mean the same", arg, p.Phrasing.From, to)
}

// formatOf is the format the schema of a tool's argument declares.
func formatOf(cat *catalog.Bound, tool, arg string) string {
	top, _, _ := strings.Cut(arg, ".")
	for _, a := range cat.Args(tool) {
		if a.Name == top {
			if s := leafSchema(cat.API, a.Schema, arg); s != nil {
				return s.Format
			}
		}
	}
	return ""
}
