package gen

import (
	"context"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// BuildTag is set when toolgen loads packages. Generated files are built
// only without it, so a stale or broken generated file never stops its own
// regeneration.
const BuildTag = "toolgen"

// loadMode is all the analysis needs: syntax and types of the named
// packages; dependencies' types come from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo

// load loads the packages that patterns name, in one packages.Load, and
// reports their errors with positions.
func load(ctx context.Context, cfg Config) ([]*packages.Package, error) {
	tags := append([]string{BuildTag}, cfg.Tags...)
	pcfg := &packages.Config{
		Context:    ctx,
		Mode:       loadMode,
		Dir:        cfg.Dir,
		Env:        cfg.Env,
		BuildFlags: []string{"-tags=" + strings.Join(tags, ",")},
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, err
	}
	var diags Diagnostics
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			if generatedNameMissing(e) {
				continue
			}
			diags = append(diags, Diagnostic{Pos: parsePos(e.Pos), Msg: e.Msg})
		}
	}
	if len(diags) > 0 {
		return nil, diags.sorted()
	}
	return pkgs, nil
}

// parsePos parses the "file:line:col" of a packages.Error.
func parsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	parts := strings.Split(s, ":")
	nums := []*int{&p.Column, &p.Line}
	for len(parts) > 1 && len(nums) > 0 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		*nums[0] = n
		nums = nums[1:]
		parts = parts[:len(parts)-1]
	}
	if len(nums) == 1 { // only one number: it was the line
		p.Line, p.Column = p.Column, 0
	}
	p.Filename = strings.Join(parts, ":")
	return p
}
