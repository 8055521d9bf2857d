// Package offered is what the provider adapters (openaitools,
// anthropictools, geminitools) share about the tools they offer a
// provider: a registry's tools less those its directive leaves out of the
// provider (omit=DIALECT), whatever the registry's own dialect, and the
// answer to a call of a tool the provider was not given.
package offered

import (
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
)

// Omitted reports whether reg's tool name is left out of the provider of
// the dialect d by its directive, which a registry of another dialect
// lists.
func Omitted(reg *runtime.Registry, d runtime.Dialect, name string) bool {
	tool, ok := reg.Lookup(name)
	return ok && slices.Contains(tool.Info().Dialects.Omitted, d)
}

// Definitions returns the definitions of reg's tools offered to the
// provider of the dialect d.
func Definitions(reg *runtime.Registry, d runtime.Dialect) []runtime.Definition {
	return slices.DeleteFunc(reg.Definitions(), func(def runtime.Definition) bool { return Omitted(reg, d, def.Name) })
}

// Unknown answers the calls of a turn of tools not offered to the
// provider of a dialect: with the tools offered to it, and the one the
// model likely meant among them (runtime.UnknownTool), never one left out.
// Its zero value is not usable: make it with New.
type Unknown struct {
	reg     *runtime.Registry
	dialect runtime.Dialect
	loaded  bool
	listed  []string // the names of the tools reg lists
	offered []string // those of them offered to the provider
}

// New returns the Unknown of reg's tools offered to the provider of d.
func New(reg *runtime.Registry, d runtime.Dialect) *Unknown {
	return &Unknown{reg: reg, dialect: d}
}

func (u *Unknown) load() {
	if u.loaded {
		return
	}
	u.loaded = true
	for _, def := range u.reg.Definitions() {
		u.listed = append(u.listed, def.Name)
		if !Omitted(u.reg, u.dialect, def.Name) {
			u.offered = append(u.offered, def.Name)
		}
	}
}

// Text is what the model reads of a call of the tool name, which is not
// offered to the provider.
func (u *Unknown) Text(name string) string {
	u.load()
	return runtime.UnknownTool(name, u.offered)
}

// Relist returns res, reg's Result of a call of the tool name; but if it
// is reg's answer to a call of a tool it does not have, and reg lists
// tools left out of the provider (a registry of another dialect does), it
// names the tools offered to the provider instead. A middleware's answer
// is left as it is.
func (u *Unknown) Relist(name string, res runtime.Result) runtime.Result {
	if res.Success || res.Err != nil || !strings.HasPrefix(res.Error, "unknown tool ") {
		return res
	}
	u.load()
	if len(u.offered) < len(u.listed) && res.Error == runtime.UnknownTool(name, u.listed) {
		res.Error = runtime.UnknownTool(name, u.offered)
	}
	return res
}
