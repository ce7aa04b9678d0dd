package baseline_test

import "testing"

// A word that switches a setting is no value of an enum that does not
// list it: "latency mode off" gives latency_mode (low, reduced or
// standard) nothing; other words are sent as said, for an error to
// repair.
func TestSwitchWordFitsEnum(t *testing.T) {
	upd := toolDef(t, "update-live-stream", "Update a live stream",
		`{"type":"object","properties":{"LIVE_STREAM_ID":{"type":"string","description":"The live stream ID"},
			"latency_mode":{"type":"string","enum":["low","reduced","standard"],"description":"Latency is the time from when the streamer transmits a frame of video to when you see it in the player."}},
			"required":["LIVE_STREAM_ID"]}`)
	checkArg(t, upd, "set the latency mode off on live stream ZEBrNTpHC02iUah025KM3te6ylM7W4S4", "latency_mode", nil)
	checkArg(t, upd, "set the latency mode reduced on live stream ZEBrNTpHC02iUah025KM3te6ylM7W4S4", "latency_mode", "reduced")
}

// An enum of a setting's off value and one other is switched by a word
// of its name said with on or off: "turn on mp4 downloads" is standard,
// "mp4 support off", "no mp4" and "take master access away" none; the
// name alone says neither.
func TestTwoStateEnum(t *testing.T) {
	mp4 := toolDef(t, "update-asset-mp4-support", "Update MP4 support",
		`{"type":"object","properties":{"ASSET_ID":{"type":"string","description":"The asset ID."},
			"mp4_support":{"type":"string","enum":["standard","none"],"description":"String value for the level of mp4 support"}},
			"required":["ASSET_ID"]}`)
	master := toolDef(t, "update-asset-master-access", "Update master access",
		`{"type":"object","properties":{"ASSET_ID":{"type":"string","description":"The asset ID."},
			"master_access":{"type":"string","enum":["temporary","none"],"description":"Add or remove access to the master version of the video."}},
			"required":["ASSET_ID"]}`)
	create := toolDef(t, "create-asset", "Create an asset",
		`{"type":"object","properties":{"normalize_audio":{"type":"boolean","description":"Normalize the audio track loudness level."},
			"mp4_support":{"type":"string","enum":["none","standard"],"description":"Specify what level (if any) of support for mp4 playback."}}}`)
	checkArg(t, mp4, "turn on mp4 downloads for asset 00ecNLnqiG8v00TLqqeZ00uCE5wCAaO3kKc", "mp4_support", "standard")
	checkArg(t, mp4, "switch mp4 support off on asset 00ecNLnqiG8v00TLqqeZ00uCE5wCAaO3kKc", "mp4_support", "none")
	checkArg(t, mp4, "mp4 support for asset 00ecNLnqiG8v00TLqqeZ00uCE5wCAaO3kKc", "mp4_support", nil)
	checkArg(t, master, "take master access away from asset 00ecNLnqiG8v00TLqqeZ00uCE5wCAaO3kKc", "master_access", "none")
	checkArg(t, create, "new asset with no mp4, and normalize the audio", "mp4_support", "none")
	checkArg(t, create, "new asset with mp4, audio off", "mp4_support", nil)
}

// Words spent on one argument set no switch besides: "low latency" is
// the latency_mode low, not also the deprecated low_latency switch, and
// "a test live stream" sets the top-level test, not also (or instead)
// the test of the settings its assets get.
func TestSwitchWordsSpentOnce(t *testing.T) {
	live := toolDef(t, "create-live-stream", "Create a live stream",
		`{"type":"object","properties":{
			"new_asset_settings":{"type":"object","properties":{"test":{"type":"boolean","description":"Marks the asset as a test asset."}}},
			"latency_mode":{"type":"string","enum":["low","reduced","standard"],"description":"Latency is the time from when the streamer transmits a frame of video to when you see it in the player."},
			"low_latency":{"type":"boolean","description":"This field is deprecated. Please use latency_mode instead."},
			"audio_only":{"type":"boolean","description":"Force the live stream to only process the audio track."},
			"test":{"type":"boolean","description":"Marks the live stream as a test live stream."}}}`)
	checkArg(t, live, "start a new live stream with low latency", "latency_mode", "low")
	checkArg(t, live, "start a new live stream with low latency", "low_latency", nil)
	checkArg(t, live, "create a test live stream that's audio only", "test", true)
	checkArg(t, live, "create a test live stream that's audio only", "new_asset_settings", nil)
}

// A count or a length of time said in words is read as its number: "a
// dozen assets" and "the top ten" give the limit 12 and 10, "good for two
// hours" a timeout in seconds of 7200; "one" names no count.
func TestNumbersInWords(t *testing.T) {
	assets := toolDef(t, "list-assets", "List assets",
		`{"type":"object","properties":{"limit":{"type":"integer","description":"Number of items to include in the response"},
			"live_stream_id":{"type":"string","description":"Filter response to return all the assets for this live stream only"}}}`)
	upload := toolDef(t, "create-direct-upload", "Create a new direct upload URL",
		`{"type":"object","properties":{"cors_origin":{"type":"string","description":"The origin of the browser upload."},
			"timeout":{"type":"integer","description":"Max time in seconds for the signed upload URL to be valid."}}}`)
	checkArg(t, assets, "a dozen assets from live stream QrikEQpEXp3RvklQSHyHSYOakQkXlRId", "limit", 12.0)
	checkArg(t, assets, "the top ten assets", "limit", 10.0)
	checkArg(t, assets, "the one asset from live stream QrikEQpEXp3RvklQSHyHSYOakQkXlRId", "limit", nil)
	checkArg(t, upload, "a direct upload URL good for two hours", "timeout", 7200.0)
}
