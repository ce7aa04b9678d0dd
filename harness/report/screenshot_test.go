package report_test

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentready/agentready/harness/report"
)

// -screenshot keeps the screenshot at this path, to look at.
var keepScreenshot = os.Getenv("AGENTREADY_SCREENSHOT")

// chromium returns the path of a Chromium or Chrome binary on PATH.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestScreenshot renders report.html of the fixture run in headless
// Chromium and checks the picture is a real page: large, and not one
// colour. Set AGENTREADY_SCREENSHOT=FILE to keep it.
func TestScreenshot(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("no chromium on PATH (install it with `apt-get install -y chromium`); the screenshot test is skipped")
	}
	dir := copyRun(t, "new")
	r := load(t, dir)
	if err := report.Write(dir, r); err != nil {
		t.Fatal(err)
	}
	page, err := filepath.Abs(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report.png")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir="+t.TempDir(), "--screenshot="+out, "--window-size=1280,2000", "file://"+filepath.ToSlash(page))
	cmd.Dir = t.TempDir()
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 1000 || b.Dy() < 1500 {
		t.Errorf("screenshot is %dx%d", b.Dx(), b.Dy())
	}
	if n := colours(img, 1000); n < 50 {
		t.Errorf("screenshot has %d colours: not a rendered page", n)
	}
	if keepScreenshot != "" {
		data, _ := os.ReadFile(out)
		if err := os.WriteFile(keepScreenshot, data, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// colours counts the distinct colours of img, stopping at limit.
func colours(img image.Image, limit int) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
			if len(seen) >= limit {
				return len(seen)
			}
		}
	}
	return len(seen)
}
