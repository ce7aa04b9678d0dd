package run

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/harness/replay"
)

// Shard is a stable share of a run's cases, so that one suite can run on
// several machines at once (a CI matrix, a Kubernetes Indexed Job) and be
// merged afterwards (Merge) into the run it would have been on one.
// A case belongs to shard Index of Count by a hash of its ID alone: adding
// or removing cases never moves the others to another shard.
type Shard struct {
	// Index is the shard's number, from 1 to Count.
	Index int `json:"index"`
	Count int `json:"count"`
	// Cases is how many distinct cases fell into the shard, recorded in
	// run.json.
	Cases int `json:"cases"`
}

// ParseShard reads "i/n", e.g. "2/4": the second of four shards.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%q: write INDEX/COUNT, e.g. 1/4 (INDEX from 1 to COUNT)", s)
	}
	if count < 1 || index < 1 || index > count {
		return Shard{}, fmt.Errorf("%q: INDEX must be from 1 to COUNT and COUNT at least 1, e.g. 1/4", s)
	}
	return Shard{Index: index, Count: count}, nil
}

// shardOf names the share of a run: "i/n", or "all" for nil.
func shardOf(s *Shard) string {
	if s == nil {
		return "all"
	}
	return s.String()
}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// active reports whether s splits the run at all.
func (s Shard) active() bool { return s.Count > 1 }

// Has reports whether the case with this ID belongs to the shard. A zero
// Shard (no sharding) has every case.
func (s Shard) Has(caseID string) bool {
	if !s.active() {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(caseID))
	return int(h.Sum64()%uint64(s.Count)) == s.Index-1
}

// Expected is how many case runs the run was given: its cases (those of
// its shard, for a shard run) times its repeats.
func (i Info) Expected() int {
	n := i.Cases.Count
	if i.Shard != nil {
		n = i.Shard.Cases
	}
	return n * max(1, i.Settings.Repeat)
}

// Merge combines the runs of the shards of one suite (each run with
// Options.Shard, the same cases, model and settings) into the run
// directory out, as if the suite had run there at once: run.json without
// a shard, every shard's results (sorted by case and trial), and the
// recordings of the shards that recorded. Every shard from 1 to the count
// must be there exactly once. out must not hold results yet; report
// then reads it as any other run. The notes say what a reader of the
// merged run should know (shards made with different nonces cannot be
// replayed as one run).
func Merge(out string, dirs []string) (*Info, []string, error) {
	if len(dirs) == 0 {
		return nil, nil, fmt.Errorf("merge: no shard runs given")
	}
	infos := make([]*Info, len(dirs))
	byIndex := map[int]string{}
	for i, d := range dirs {
		info, err := ReadInfo(d)
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w", err)
		}
		if info.Shard == nil {
			return nil, nil, fmt.Errorf("merge: %s is not a shard run (its run.json has no shard): run each part with test --shard i/n", d)
		}
		if prev, ok := byIndex[info.Shard.Index]; ok {
			return nil, nil, fmt.Errorf("merge: %s and %s are both shard %s", prev, d, info.Shard)
		}
		byIndex[info.Shard.Index] = d
		if i > 0 {
			first := infos[0]
			if info.Shard.Count != first.Shard.Count {
				return nil, nil, fmt.Errorf("merge: %s is shard %s but %s is shard %s: the shards of one run share their count", d, info.Shard, dirs[0], first.Shard)
			}
			if diff := Differences(*first, *info); len(diff) > 0 {
				return nil, nil, fmt.Errorf("merge: %s and %s are not shards of one run (%s)", dirs[0], d, strings.Join(diff, "; "))
			}
		}
		infos[i] = info
	}
	var missing []string
	for i := 1; i <= infos[0].Shard.Count; i++ {
		if _, ok := byIndex[i]; !ok {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("merge: shards %s of %d are missing: give every shard's run directory", strings.Join(missing, ", "), infos[0].Shard.Count)
	}

	var recs []Record
	// The shards' recordings, of the model's calls and of the API's, are
	// of cases of their own: one after the other, they are the run's.
	cassettes := []string{replay.File, replay.APIFile}
	cassette := map[string][][]byte{}
	for _, d := range dirs {
		rs, err := ReadResults(filepath.Join(d, ResultsFile))
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w", err)
		}
		recs = append(recs, rs...)
		for _, name := range cassettes {
			if data, err := os.ReadFile(filepath.Join(d, name)); err == nil {
				if i := bytes.LastIndexByte(data, '\n'); i < len(data)-1 {
					data = data[:i+1] // a torn last line
				}
				cassette[name] = append(cassette[name], data)
			} else if !os.IsNotExist(err) {
				return nil, nil, fmt.Errorf("merge: %w", err)
			}
		}
	}
	sort.SliceStable(recs, func(i, j int) bool {
		if recs[i].Case != recs[j].Case {
			return recs[i].Case < recs[j].Case
		}
		return recs[i].Trial < recs[j].Trial
	})

	merged := *infos[0]
	merged.Shard = nil
	merged.Resumed = nil
	for _, info := range infos {
		if info.Started.Before(merged.Started) {
			merged.Started = info.Started
		}
		merged.Resumed = append(merged.Resumed, info.Resumed...)
	}
	merged.Merged = append([]string(nil), dirs...)
	var notes []string
	for i, info := range infos {
		if info.Nonce != merged.Nonce {
			notes = append(notes, fmt.Sprintf("%s and %s made their fresh values with different nonces: the merged run cannot be replayed as one (give every shard the same --nonce)", dirs[0], dirs[i]))
			merged.Nonce = 0
			break
		}
	}

	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, nil, err
	}
	path := filepath.Join(out, ResultsFile)
	if data, err := os.ReadFile(path); err == nil && len(bytes.TrimSpace(data)) > 0 {
		return nil, nil, fmt.Errorf("merge: %s already holds results: merge into a new directory", path)
	}
	var results bytes.Buffer
	for i := range recs {
		line, err := MarshalRecord(&recs[i])
		if err != nil {
			return nil, nil, err
		}
		results.Write(line)
		results.WriteByte('\n')
	}
	if err := atomicfile.Write(path, results.Bytes()); err != nil {
		return nil, nil, err
	}
	for _, name := range cassettes {
		if len(cassette[name]) > 0 {
			if err := atomicfile.Write(filepath.Join(out, name), bytes.Join(cassette[name], nil)); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := writeJSONFile(filepath.Join(out, RunFile), &merged); err != nil {
		return nil, nil, err
	}
	return &merged, notes, nil
}
