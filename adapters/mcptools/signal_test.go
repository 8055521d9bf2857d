package mcptools_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
)

// SIGTERM ends weather-mcp with exit status 0 on either transport, with a
// client connected.
func TestSIGTERM(t *testing.T) {
	bin := buildWeather(t, t.TempDir())
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)

	stop := func(t *testing.T, cmd *exec.Cmd) {
		t.Helper()
		start := time.Now()
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("after SIGTERM: %v", err)
			}
		case <-time.After(mcptools.ShutdownGrace + 5*time.Second):
			cmd.Process.Kill()
			<-exited
			t.Fatalf("still running %s after SIGTERM", time.Since(start))
		}
		t.Logf("exited %s after SIGTERM", time.Since(start).Round(time.Millisecond))
	}

	t.Run("stdio", func(t *testing.T) {
		cmd := exec.Command(bin)
		cmd.Stderr = os.Stderr
		// The command transport would close standard input, then
		// signal: keep the pipes here, and signal first.
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: stdout, Writer: stdin}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cs.ListTools(ctx, nil); err != nil {
			t.Fatal(err)
		}
		stop(t, cmd)
		cs.Close()
	})

	for _, stateless := range []bool{false, true} {
		name := "http"
		args := []string{"-http", "127.0.0.1:0"}
		if stateless {
			name += "-stateless"
			args = append(args, "-stateless")
		}
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			cmd.Stderr = os.Stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			out := bufio.NewReader(stdout)
			url, err := out.ReadString('\n')
			if err != nil {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatal(err)
			}
			go io.Copy(io.Discard, out)
			// A session, its GET stream open: the shutdown must end it.
			cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: strings.TrimSpace(url)}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
			if err != nil {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatal(err)
			}
			if _, err := cs.ListTools(ctx, nil); err != nil {
				t.Fatal(err)
			}
			stop(t, cmd)
			if err := cs.Close(); err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
				t.Logf("closing the session after the server ended: %v", err)
			}
		})
	}
}
