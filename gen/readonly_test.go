package gen

import (
	"path/filepath"
	"testing"
)

// A file of the module cache is read-only wherever the cache is: the go
// command may keep it where toolgen's own environment does not say (go env
// -w GOPATH or GOMODCACHE, Config.Env), and notes must not point there. A
// directory of the user's named with an @ is still theirs.
func TestReadOnlyFileModuleCacheElsewhere(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "pkg", "mod")
	for file, want := range map[string]bool{
		filepath.Join(cache, "golang.org", "x", "mod@v0.42.0", "modfile", "rule.go"):                   true,
		filepath.Join(cache, "github.com", "!burnt!sushi", "toml@v1.3.2", "decode.go"):                 true,
		filepath.Join(cache, "example.com", "m", "v2@v2.0.0-20240101000000-abcdefabcdef", "x", "x.go"): true,
		filepath.Join(t.TempDir(), "me@work", "shop", "api.go"):                                        false,
		filepath.Join(t.TempDir(), "shop", "api.go"):                                                   false,
	} {
		if got := readOnlyFile(file); got != want {
			t.Errorf("readOnlyFile(%s) = %v, want %v", file, got, want)
		}
	}
}
