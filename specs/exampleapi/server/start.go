package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Running is a Server listening on a TCP address.
type Running struct {
	// URL is the base URL of the API, like "http://127.0.0.1:41234".
	URL string
	// Server is the running server.
	Server *Server

	http      *http.Server
	served    chan error
	stop      func() bool
	timeout   time.Duration
	closeOnce sync.Once
	closeErr  error

	connMu sync.Mutex
	fresh  map[net.Conn]bool // connections that have not sent a request yet
}

// trackConn remembers the connections that have not sent a request yet:
// http.Server.Shutdown waits up to 5 seconds for them, and HTTP clients
// that make concurrent requests often leave a few open and unused.
func (r *Running) trackConn(c net.Conn, state http.ConnState) {
	r.connMu.Lock()
	defer r.connMu.Unlock()
	if state == http.StateNew {
		r.fresh[c] = true
	} else {
		delete(r.fresh, c)
	}
}

// closeFresh closes the connections that have not sent a request yet.
func (r *Running) closeFresh() {
	r.connMu.Lock()
	defer r.connMu.Unlock()
	for c := range r.fresh {
		_ = c.Close()
		delete(r.fresh, c)
	}
}

// Start creates a Server with New and serves it on Options.Addr (by
// default 127.0.0.1 on a random free port) until Close is called or ctx is
// done.
func Start(ctx context.Context, opts Options) (*Running, error) {
	opts = opts.withDefaults()
	srv, err := New(opts)
	if err != nil {
		return nil, err
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", opts.Addr)
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("listen on %s: %w", opts.Addr, err)
	}
	r := &Running{
		URL:    "http://" + ln.Addr().String(),
		Server: srv,
		http: &http.Server{
			Handler:           srv.Handler(),
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			IdleTimeout:       60 * time.Second,
			MaxHeaderBytes:    64 << 10,
		},
		served:  make(chan error, 1),
		timeout: opts.ShutdownTimeout,
		fresh:   map[net.Conn]bool{},
	}
	r.http.ConnState = r.trackConn
	go func() { r.served <- r.http.Serve(ln) }()
	r.stop = context.AfterFunc(ctx, func() { _ = r.Close() })
	return r, nil
}

// Close shuts the HTTP server down gracefully (in-flight requests finish,
// within Options.ShutdownTimeout) and then closes the store. It is safe to
// call more than once.
func (r *Running) Close() error {
	r.closeOnce.Do(func() {
		r.stop()
		ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
		defer cancel()
		shutdown := make(chan error, 1)
		go func() { shutdown <- r.http.Shutdown(ctx) }()
		// Shutdown stops accepting at once; connections that never sent a
		// request are closed here instead of waiting for them.
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		var err error
	wait:
		for {
			select {
			case err = <-shutdown:
				break wait
			case <-tick.C:
				r.closeFresh()
			}
		}
		if errors.Is(err, context.DeadlineExceeded) {
			err = errors.Join(err, r.http.Close())
		}
		if serveErr := <-r.served; serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
			err = errors.Join(err, serveErr)
		}
		r.closeErr = errors.Join(err, r.Server.Close())
	})
	return r.closeErr
}
