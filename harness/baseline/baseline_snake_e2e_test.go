package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A job, a task, a run and a variable named in code are given to the
// identifiers that take them.
func TestSnakeCaseNamesFillIdentifiers(t *testing.T) {
	links := extraLinks()
	request := "extra links of task load_orders in dag etl_daily run manual__2024-05-02T10:15:00+00:00"
	checkArg(t, links, request, "dag_id", "etl_daily")
	checkArg(t, links, request, "task_id", "load_orders")
	checkArg(t, links, request, "dag_run_id", "manual__2024-05-02T10:15:00+00:00")
	variable := &schema.ToolInfo{Name: "get_variable", Desc: "Get a variable by key.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
		"variable_key": requiredString("The variable Key.")})}
	checkArg(t, variable, "what's in the deploy_target variable", "variable_key", "deploy_target")
}

// "A in B" with both bare names: A is the inner thing, B the one that
// holds it, whatever order the tool lists its identifiers in.
func TestContainerWordOrdersIdentifiers(t *testing.T) {
	links := extraLinks()
	request := "extra links of load_orders in etl_daily run manual__2024-05-02T10:15:00+00:00"
	checkArg(t, links, request, "dag_id", "etl_daily")
	checkArg(t, links, request, "task_id", "load_orders")
	checkArg(t, links, request, "dag_run_id", "manual__2024-05-02T10:15:00+00:00")
}

// extraLinks is a tool of three identifiers in its path's order: a job,
// its run, and a task of the run.
func extraLinks() *schema.ToolInfo {
	return &schema.ToolInfo{Name: "get_extra_links", Desc: "List extra links for task instance.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
		"dag_id": requiredString("The DAG ID."), "dag_run_id": requiredString("The DAG run ID."), "task_id": requiredString("The task ID.")})}
}

func requiredString(desc string) *schema.ParameterInfo {
	return &schema.ParameterInfo{Type: schema.String, Required: true, Desc: desc}
}
