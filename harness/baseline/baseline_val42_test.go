package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// The tool's one required identifier or name still empty takes the
// request's one value written as a name or number ("restart
// nginx-proxy", "ssh key 901", "look up @TwitterDev"), not a word that
// is no such value, and not a value the noun before it gives to another
// thing ("the droplet called web-03" is no tag_name).
func TestWrittenRequiredValue(t *testing.T) {
	restart := toolDef(t, "ContainerRestart", "Restart container",
		`{"type":"object","properties":{"id":{"type":"string","description":"ID or name of container"},
			"t":{"type":"integer","description":"Number of seconds to wait before killing container"}},"required":["id"]}`)
	deleteKey := toolDef(t, "deleteSshKeysId", "Delete SSH key",
		`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)
	byUsername := toolDef(t, "findUserByUsername", "User lookup by username",
		`{"type":"object","properties":{"username":{"type":"string"}},"required":["username"]}`)
	byTag := toolDef(t, "droplets_destroy_byTag", "Deleting Droplets by Tag",
		`{"type":"object","properties":{"tag_name":{"type":"string"}},"required":["tag_name"]}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{restart, "restart nginx-proxy", `ContainerRestart{"id":"nginx-proxy"}`},
		{deleteKey, "get rid of ssh key 901", `deleteSshKeysId{"id":"901"}`},
		{byUsername, "find @TwitterDev", `findUserByUsername{"username":"TwitterDev"}`},
		{byTag, "delete the droplet called web-03", `droplets_destroy_byTag{}`},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request))
		if got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A URL, a network in CIDR notation, an IP address and a phone number go
// by their form to the one empty argument whose name, format, example
// or description takes that kind of value.
func TestValuesByKind(t *testing.T) {
	route := toolDef(t, "createNetworkStaticRoute", "Add static route",
		`{"type":"object","properties":{"networkId":{"type":"string"},"name":{"type":"string"},
			"gatewayIp":{"type":"string"},"subnet":{"type":"string"}},"required":["networkId","name","gatewayIp","subnet"]}`)
	upload := toolDef(t, "create-direct-upload", "Create a new direct upload URL",
		`{"type":"object","properties":{"cors_origin":{"type":"string","description":"If upload URL will be used in browser, you must specify origin"},
			"timeout":{"type":"integer"}}}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{route, "add a static route named DC to network N_24329156 for 10.20.0.0/16 via 192.168.1.254",
			`createNetworkStaticRoute{"gatewayIp":"192.168.1.254","name":"DC","networkId":"N_24329156","subnet":"10.20.0.0/16"}`},
		{upload, "direct upload for browser uploads from https://app.example.com", `create-direct-upload{"cors_origin":"https://app.example.com"}`},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request))
		if got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}
