package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// errNoRedisServer says that redis-server is not installed.
var errNoRedisServer = errors.New("redis-server is not installed (apt-get install redis-server, brew install redis), and no -redis address was given")

// redisServer is a redis-server of the program's own, on 127.0.0.1 and a
// free port, without persistence.
type redisServer struct {
	addr   string
	cmd    *exec.Cmd
	exited chan error
}

// startRedis starts a redis-server and waits until it answers.
func startRedis() (*redisServer, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, errNoRedisServer
	}
	for range 5 {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		s := &redisServer{addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), exited: make(chan error, 1)}
		var out lockedBuilder
		s.cmd = exec.Command(bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(port),
			"--save", "", "--appendonly", "no", "--daemonize", "no")
		s.cmd.Stdout, s.cmd.Stderr = &out, &out
		if err := s.cmd.Start(); err != nil {
			return nil, err
		}
		go func() { s.exited <- s.cmd.Wait() }()
		if err = s.wait(); err == nil {
			return s, nil
		}
		s.stop()
		err = fmt.Errorf("%w\n%s", err, out.String())
		if !strings.Contains(err.Error(), "in use") {
			return nil, err
		}
	}
	return nil, errors.New("redis-server found no free port")
}

// wait waits until the server answers a PING.
func (s *redisServer) wait() error {
	client := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
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
		case werr := <-s.exited:
			s.exited <- werr
			return fmt.Errorf("redis-server ended: %v", werr)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("redis-server does not answer: %w", err)
		}
	}
}

// stop kills the server and waits for it to end.
func (s *redisServer) stop() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// lockedBuilder is a strings.Builder that a process writes to.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
