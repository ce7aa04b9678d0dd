package report

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/harness/run"
)

// usageView is the section on what the agent's model used: tokens, and
// their cost where run.json has the model's price.
type usageView struct {
	// Priced says whether there are costs; Price says at what.
	Priced bool
	Price  string
	// Estimated says some counts are estimates (the model reported none).
	Estimated bool
	Rows      []usageRow
}

// usageRow is the run's (Tool empty) or a tool's usage.
type usageRow struct {
	Tool                        string
	Cases                       int
	Prompt, Completion, PerCase string
	Cost, CostPerCase           string
}

// usageView returns the section; nil when no case ran the agent.
func (r *Run) usageView() *usageView {
	us := run.Usages(r.Records, r.Info.Price)
	if us[0].Cases == 0 {
		return nil
	}
	v := &usageView{Priced: us[0].HasCost, Estimated: us[0].Estimated}
	if v.Priced {
		v.Price = fmt.Sprintf("$%.2f per million prompt tokens, $%.2f per million completion tokens", r.Info.Price.Input, r.Info.Price.Output)
	}
	for _, u := range us {
		row := usageRow{Tool: u.Tool, Cases: u.Cases, Prompt: thousands(u.Prompt), Completion: thousands(u.Completion),
			PerCase: thousands(u.Tokens() / u.Cases)}
		if u.HasCost {
			row.Cost, row.CostPerCase = dollars(u.Cost), dollars(u.Cost/float64(u.Cases))
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// usageMarkdown is report.md's section on model usage.
func (r *Run) usageMarkdown(b *strings.Builder) {
	v := r.usageView()
	if v == nil {
		return
	}
	b.WriteString("\n## Model usage\n\n")
	if v.Estimated {
		b.WriteString("The model reported no usage for some calls: their tokens are counted from the text (o200k), an estimate.\n")
	}
	if v.Priced {
		fmt.Fprintf(b, "Costs at %s (the configuration's prices:).\n\n", v.Price)
		b.WriteString("| tool | cases | prompt tokens | completion tokens | tokens per case | cost | cost per case |\n|---|--:|--:|--:|--:|--:|--:|\n")
	} else {
		b.WriteString("No price for this model in the configuration (prices:), so no costs.\n\n")
		b.WriteString("| tool | cases | prompt tokens | completion tokens | tokens per case |\n|---|--:|--:|--:|--:|\n")
	}
	for _, row := range v.Rows {
		name := "**all**"
		if row.Tool != "" {
			name = mdCode(row.Tool)
		}
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s |", name, row.Cases, row.Prompt, row.Completion, row.PerCase)
		if v.Priced {
			fmt.Fprintf(b, " %s | %s |", row.Cost, row.CostPerCase)
		}
		b.WriteString("\n")
	}
}

// toolsetText says how the agent reached the tools, for the report's
// head and comparisons.
func (r *Run) toolsetText() string {
	if run.ToolsetOf(r.Info.Settings) == run.ToolsetDynamic {
		return "dynamic: search_tools, describe_tool and call_tool over the whole API"
	}
	return fmt.Sprintf("static: the case's tool and up to %d similar ones", r.Info.Settings.K)
}

// perTurn is the run's mean input tokens per model call, and the number
// of calls; zero calls when no case ran the agent.
func (r *Run) perTurn() (float64, int) {
	u := run.Usages(r.Records, nil)[0]
	return u.PromptPerTurn(), u.Turns
}

// perTurnText writes input tokens per turn, rounded.
func perTurnText(x float64) string { return thousands(int(x + 0.5)) }

// dollars writes a cost, with more digits below a cent.
func dollars(c float64) string {
	if c < 0.01 {
		return fmt.Sprintf("$%.4f", c)
	}
	return fmt.Sprintf("$%.2f", c)
}
