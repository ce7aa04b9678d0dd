package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/replay"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/cloudwego/eino/components/model"
)

// agentModel is the model a job's agent runs with, and what run.json
// says of it.
type agentModel struct {
	chat model.ToolCallingChatModel
	info models.Info
	// recorded is the run.json of the run a replay answers from; nil
	// without --replay.
	recorded *runner.Info
}

// newAgentModel returns the --model model, or with --replay DIR the
// player of DIR's recording, described as DIR's run.json describes its
// model: no model is built, no key read, nothing sent.
func (s *testSettings) newAgentModel(ctx context.Context) (*agentModel, error) {
	if s.replay == "" {
		chat, info, err := models.NewWith(ctx, s.model, models.Options{Limits: models.NewLimits(s.concurrency)})
		if err != nil {
			return nil, fmt.Errorf("--model %s: %w", s.model, err)
		}
		return &agentModel{chat: chat, info: info}, nil
	}
	recorded, err := runner.ReadInfo(s.replay)
	if err != nil {
		return nil, fmt.Errorf("--replay: %w", err)
	}
	cassette, err := replay.Load(s.replay)
	if err != nil {
		return nil, fmt.Errorf("--replay: %w", err)
	}
	var info models.Info
	if b, err := json.Marshal(recorded.Model); err != nil || json.Unmarshal(b, &info) != nil || info.Kind == "" {
		return nil, fmt.Errorf("--replay: %s does not say which model it ran", filepath.Join(s.replay, runner.RunFile))
	}
	return &agentModel{chat: cassette.Player(), info: info, recorded: recorded}, nil
}

// apiClient returns the client option that records the API's exchanges
// (--record; the recorder, which the run opens in its directory) or
// answers them from the replayed run's recording (--replay), sending
// nothing; none without either.
func (s *testSettings) apiClient(api *ir.API) ([]toolrt.Option, *replay.APIRecorder, error) {
	creds := replay.CredentialsOf(catalog.Schemes(api))
	switch {
	case s.record:
		hc := toolrt.DefaultHTTPClient()
		rec := replay.NewAPIRecorder(hc.Transport, creds)
		hc.Transport = rec
		return []toolrt.Option{toolrt.WithHTTPClient(hc)}, rec, nil
	case s.replay != "":
		cassette, err := replay.LoadAPI(s.replay, creds)
		if err != nil {
			return nil, nil, fmt.Errorf("--replay: %w", err)
		}
		return []toolrt.Option{toolrt.WithHTTPClient(&http.Client{Transport: cassette.Transport()})}, nil, nil
	}
	return nil, nil, nil
}

// replayFits returns an error when the run of opts over the job's cases
// cannot replay the recording: it would write into the recording's
// directory, or its cases or settings differ from the recording's.
func (j *testJob) replayFits(m *agentModel, opts runner.Options) error {
	if m.recorded == nil {
		return nil
	}
	if filepath.Clean(opts.Dir) == filepath.Clean(j.settings.replay) {
		return fmt.Errorf("--replay %s: give the replay a directory of its own (--out)", j.settings.replay)
	}
	cur, err := runner.Describe(j.cases, opts)
	if err != nil {
		return err
	}
	if d := runner.Differences(*m.recorded, cur); len(d) > 0 {
		return fmt.Errorf("--replay %s: it recorded other cases or settings (%s): replay with the recorded ones, or record again",
			j.settings.replay, strings.Join(d, "; "))
	}
	return nil
}
