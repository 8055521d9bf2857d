package rediscache_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisServer is a redis-server of a test's own, on 127.0.0.1, without
// persistence, stopped when the test ends.
type redisServer struct {
	t    testing.TB
	bin  string
	port int
	cmd  *exec.Cmd
	// exited receives the end of cmd.
	exited chan error
	log    syncBuffer
}

// syncBuffer is a bytes.Buffer that a process and a test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startRedis starts a redis-server on a free port. Where redis-server is
// not installed the test is skipped, but on CI (CI=true), whose script
// installs it, it fails.
func startRedis(t testing.TB) *redisServer {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		msg := "redis-server is not installed, so the tests against a real Redis cannot run; install it (apt-get install redis-server, brew install redis) to run them"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " (CI=true: .ci/run installs it, so this is a failure)")
		}
		t.Skip(msg)
	}
	s := &redisServer{t: t, bin: bin}
	t.Cleanup(s.stop)
	for range 5 {
		s.port = freePort(t)
		if err = s.start(); err == nil {
			return s
		}
	}
	t.Fatal(err)
	return nil
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// addr is the server's address.
func (s *redisServer) addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

// start starts the server on its port, empty, and waits until it answers.
func (s *redisServer) start() error {
	cmd := exec.Command(s.bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(s.port),
		"--save", "", "--appendonly", "no", "--daemonize", "no")
	cmd.Stdout, cmd.Stderr = &s.log, &s.log
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd, s.exited = cmd, make(chan error, 1)
	go func() { s.exited <- cmd.Wait() }()
	client := redis.NewClient(&redis.Options{Addr: s.addr(), MaxRetries: -1})
	defer client.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := client.Ping(ctx).Err()
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-s.exited:
			s.cmd = nil
			return fmt.Errorf("redis-server on port %d ended: %v\n%s", s.port, err, s.log.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.stop()
			return fmt.Errorf("redis-server on port %d does not answer: %v\n%s", s.port, err, s.log.String())
		}
	}
}

// stop kills the server, if it runs, and waits for it to end.
func (s *redisServer) stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGCONT) // if paused
	_ = s.cmd.Process.Kill()
	<-s.exited
	s.cmd = nil
}

// pause stops the server's process without closing its port: connections
// are accepted by the kernel and never answered, as by a Redis that hangs.
func (s *redisServer) pause() {
	if err := s.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		s.t.Fatal(err)
	}
}

// resume lets a paused server go on.
func (s *redisServer) resume() {
	if err := s.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		s.t.Fatal(err)
	}
}

// client returns a client of the server, closed when the test ends, with
// the option a Cache needs.
func (s *redisServer) client() *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.addr(), ContextTimeoutEnabled: true})
	s.t.Cleanup(func() { c.Close() })
	return c
}
