package retrieve_test

import (
	"slices"
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// A request that gives an identifier says the "id" of a tool's name:
// "show project 4412" is getProjectsId, not getProjectsArchive, which
// says as much and no more of the request.
func TestFindReadsAnIdentifierAsTheNamesID(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "getProjectsArchive", Text: "A project", Method: "GET"},
		{Name: "getProjectsId", Text: "A project", Method: "GET"},
	})
	if hits := ix.Find("show project 4412", 1); len(hits) != 1 || hits[0].Name != "getProjectsId" {
		t.Errorf("Find(show project 4412) = %v, want getProjectsId first", hitNames(hits))
	}
	if hits := ix.Find("show the project archive", 1); len(hits) != 1 || hits[0].Name != "getProjectsArchive" {
		t.Errorf("Find(show the project archive) = %v, want getProjectsArchive first", hitNames(hits))
	}
}

// Another form of a word is the word with a derivational suffix
// ("remind": reminders), not any longer word that starts with it
// ("repo": report).
func TestFindFormsAreDerivedWords(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "listReminders", Text: "List reminders", Method: "GET"},
		{Name: "getReport", Text: "Get a report", Method: "GET"},
		{Name: "getReportCases", Text: "Get a report's cases", Method: "GET"},
	})
	if hits := ix.Find("list the repos", 3); slices.ContainsFunc(hits, func(h retrieve.Hit) bool { return h.Name == "getReport" }) {
		t.Errorf("Find(list the repos) = %v, want no report", hitNames(hits))
	}
	if hits := ix.Find("remind me", 1); len(hits) != 1 || hits[0].Name != "listReminders" {
		t.Errorf("Find(remind me) = %v, want listReminders", hitNames(hits))
	}
}

// A request that acts on a thing without its identifier ("reboot the
// web-01 linode") gets, among the tools found, the one that lists what
// its best tool acts on, which gives the identifier.
func TestFindGivesTheListerOfWhatItActsOn(t *testing.T) {
	docs := []retrieve.Doc{
		{Name: "rebootLinodeInstance", Text: "Reboot a Linode instance", Method: "POST", Path: "/linode/instances/{linodeId}/reboot"},
		{Name: "getLinodeInstances", Text: "Returns the Linodes you have", Method: "GET", Path: "/linode/instances"},
	}
	for _, name := range []string{"bootLinodeInstance", "shutdownLinodeInstance", "resizeLinodeInstance"} {
		docs = append(docs, retrieve.Doc{Name: name, Text: "Reboot or boot a Linode instance", Method: "POST", Path: "/linode/instances/{linodeId}/x"})
	}
	ix := retrieve.New(docs)
	has := func(hits []retrieve.Hit, name string) bool {
		return slices.ContainsFunc(hits, func(h retrieve.Hit) bool { return h.Name == name })
	}
	if hits := ix.Find("reboot the web-01 linode", 3); !has(hits, "getLinodeInstances") || hits[0].Name != "rebootLinodeInstance" {
		t.Errorf("Find(reboot the web-01 linode, 3) = %v, want rebootLinodeInstance first and getLinodeInstances", hitNames(hits))
	}
	// Given the identifier, the request needs no list.
	if hits := ix.Find("reboot linode 4411", 3); has(hits, "getLinodeInstances") {
		t.Errorf("Find(reboot linode 4411, 3) = %v, want no list", hitNames(hits))
	}
}

// A read verb of a request that asks nothing done says that it reads,
// not what: "show video 42" is the video, not the videos of a band at
// a show.
func TestFindWeighsReadVerbsLightly(t *testing.T) {
	docs := []retrieve.Doc{
		{Name: "getVideo", Text: "Get a video", Method: "GET"},
		{Name: "getBandVideos", Text: "Get the videos of a band at a show", Method: "GET"},
	}
	for _, name := range []string{"getUser", "getTeam", "getAlbum", "getChannel"} {
		docs = append(docs, retrieve.Doc{Name: name, Text: "Get it", Method: "GET"})
	}
	ix := retrieve.New(docs)
	if hits := ix.Find("show video 42", 1); len(hits) != 1 || hits[0].Name != "getVideo" {
		t.Errorf("Find(show video 42) = %v, want getVideo first", hitNames(hits))
	}
}
