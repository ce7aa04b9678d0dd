package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// userTools are a user API's tools where one acts on the caller
// (PutMePassword) and one on a given user (PostUsersIDPassword).
func userTools() []*schema.ToolInfo {
	str := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: required, Desc: desc}
	}
	return []*schema.ToolInfo{
		{Name: "PutMePassword", Desc: "Update a password", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"password": str("The new password.", true)})},
		{Name: "PostUsersIDPassword", Desc: "Update a password", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"userID": str("The user ID.", true), "password": str("The new password.", true)})},
		{Name: "GetUsersID", Desc: "Retrieve a user", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"userID": str("The user ID.", true)})},
		{Name: "PatchUsersID", Desc: "Update a user", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"userID": str("The ID of the user to update.", true), "name": str("The user's name.", false)})},
		{Name: "GetUsers", Desc: "List all users", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"name": str("Only users with this name.", false)})},
		{Name: "GetMe", Desc: "Retrieve the currently authenticated user"},
		{Name: "DeleteUsersID", Desc: "Delete a user", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"userID": str("The ID of the user to delete.", true)})},
	}
}

// A value written with 's names whose thing the request asks for: not
// the caller's, so not the tool named for the caller; "my" still is.
func TestPossessiveValueIsNotTheCaller(t *testing.T) {
	checkPick(t, "set 09c4e1b7a3f25d86's password to 'Tr0ub4dor&3'", "PostUsersIDPassword", userTools())
	checkPick(t, "set my password to 'Tr0ub4dor&3'", "PutMePassword", userTools())
	u := readUtterance("set 09c4e1b7a3f25d86's password")
	if !u.possessiveValue() {
		t.Errorf("possessiveValue of %q = false", u.text)
	}
	if u := readUtterance("set my password, see 09c4e1b7a3f25d86's note"); u.possessiveValue() {
		t.Errorf("possessiveValue of %q = true: it says my", u.text)
	}
}

// "who am I" asks for the caller: the tool named for the caller (GetMe),
// whose name says nothing else, not the list of users.
func TestWhoAmIIsTheCaller(t *testing.T) {
	checkPick(t, "who am I", "GetMe", userTools())
	checkPick(t, "who am I logged in as", "GetMe", userTools())
}
