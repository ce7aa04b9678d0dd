package baseline_test

import "testing"

// Which UUID a request names says nothing of the tool: its pieces
// ("46ad", "b82c") are not searched as words.
func TestUUIDPiecesAreNoWords(t *testing.T) {
	infos := exampleInfos(t)
	for _, id := range []string{
		"4a974827-91dd-46ad-b82c-961ffb481c13",
		"21928a36-d6fc-4502-941a-12b0d8232626",
		"0e3f5a1c-7b2d-4c8e-9f10-abcdefabcdef",
	} {
		got := callOf(t, firstCall(t, infos, "Over on user "+id+": make them an admin, please."))
		if got.Tool != "updateUser" {
			t.Errorf("user %s: called %s, want updateUser", id, got)
		}
	}
}
