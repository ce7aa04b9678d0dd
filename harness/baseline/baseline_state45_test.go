package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// "resolve comment X" asks for the tool whose name ends in the state the
// verb brings about (markScoreCommentResolved), not for the update of
// the comment, and the verb is no text of the comment.
func TestVerbSaysTheState(t *testing.T) {
	ids := `"score":{"type":"string","description":"Unique identifier of the score"},"comment":{"type":"string","description":"Unique identifier of the comment"}`
	tools := []*schema.ToolInfo{
		toolDef(t, "markScoreCommentResolved", "Mark the comment as resolved",
			`{"type":"object","required":["score","comment"],"properties":{`+ids+`}}`),
		toolDef(t, "updateScoreComment", "Update an existing comment",
			`{"type":"object","required":["score","comment","body"],"properties":{`+ids+`,
			  "body":{"type":"object","required":["comment"],"properties":{"comment":{"type":"string","description":"The comment text"}}}}}`),
		toolDef(t, "getScoreComments", "List comments of a score",
			`{"type":"object","required":["score"],"properties":{"score":{"type":"string"}}}`),
	}
	request := "resolve comment 62c3d4e5f607182930415a6b on score 5e4d3c2b1a09f8e7d6c5b4a3"
	if got := callOf(t, firstCall(t, tools, request)); got.Tool != "markScoreCommentResolved" {
		t.Errorf("%q: called %s, want markScoreCommentResolved", request, got)
	}
	checkArg(t, tools[1], request, "body", nil)
}
