// Command report turns `go test -bench` output (several -count runs) into
// a markdown table: the median time, bytes and allocations of each
// benchmark, and its time as a multiple of the baseline's in its group.
//
//	go test -run '^$' -bench . -benchmem -count 6 | go run ./report -baseline toolgen
//
// Each -goal adds a row to a second table saying whether a benchmark met a
// goal against a peer in the same group:
//
//	-goal 'Call/(lookup|week)$:toolgen-registry/eino-InferTool<=0.5,bytes'
//
// is met in each group Call/lookup and Call/week where toolgen-registry's
// median time is at most 0.5 times eino-InferTool's and, with ",bytes", its
// median B/op at most eino-InferTool's. The group is a regular expression
// matched against the benchmark's name up to its last slash.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type sample struct{ ns, bytes, allocs []float64 }

// goal is one -goal: row's time at most most times peer's in each group
// that groups matches, and with bytes, no more B/op than peer's.
type goal struct {
	spec      string
	groups    *regexp.Regexp
	row, peer string
	most      float64
	bytes     bool
}

type goals []goal

func (g *goals) String() string { return fmt.Sprint(*g) }

func (g *goals) Set(s string) error {
	groups, rest, ok := strings.Cut(s, ":")
	if !ok {
		return fmt.Errorf("goal %q: want GROUP-REGEXP:ROW/PEER<=RATIO[,bytes]", s)
	}
	re, err := regexp.Compile(groups)
	if err != nil {
		return fmt.Errorf("goal %q: %v", s, err)
	}
	rest, bytes := strings.CutSuffix(rest, ",bytes")
	pair, ratio, ok := strings.Cut(rest, "<=")
	row, peer, ok2 := strings.Cut(pair, "/")
	most, err := strconv.ParseFloat(ratio, 64)
	if !ok || !ok2 || err != nil || row == "" || peer == "" {
		return fmt.Errorf("goal %q: want GROUP-REGEXP:ROW/PEER<=RATIO[,bytes]", s)
	}
	*g = append(*g, goal{spec: s, groups: re, row: row, peer: peer, most: most, bytes: bytes})
	return nil
}

func main() {
	baseline := flag.String("baseline", "toolgen", "sub-benchmark name every other in its group is compared with")
	var gs goals
	flag.Var(&gs, "goal", "`GROUP-REGEXP:ROW/PEER<=RATIO[,bytes]`; repeatable: says whether ROW took at most RATIO times PEER's time (and, with bytes, no more B/op) in each group matched")
	flag.Parse()
	samples := make(map[string]*sample)
	var order []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndex(name, "-"); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		s := samples[name]
		if s == nil {
			s = &sample{}
			samples[name] = s
			order = append(order, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				s.ns = append(s.ns, v)
			case "B/op":
				s.bytes = append(s.bytes, v)
			case "allocs/op":
				s.allocs = append(s.allocs, v)
			}
		}
	}
	fmt.Println("| benchmark | time/op | × " + *baseline + " | B/op | allocs/op | runs |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: |")
	var groups []string
	for _, name := range order {
		s := samples[name]
		group := name[:max(strings.LastIndex(name, "/"), 0)]
		if !slices.Contains(groups, group) {
			groups = append(groups, group)
		}
		ratio := "–"
		if base := samples[group+"/"+*baseline]; base != nil && len(base.ns) > 0 {
			ratio = fmt.Sprintf("%.2f", median(s.ns)/median(base.ns))
		}
		fmt.Printf("| %s | %s | %s | %.0f | %.0f | %d |\n", name, duration(median(s.ns)), ratio, median(s.bytes), median(s.allocs), len(s.ns))
	}
	if len(gs) == 0 {
		return
	}
	fmt.Println()
	fmt.Println("| group | benchmark | against | × time | goal | B/op | allocs/op | result |")
	fmt.Println("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
	for _, g := range gs {
		matched := false
		for _, group := range groups {
			if !g.groups.MatchString(group) {
				continue
			}
			row, peer := samples[group+"/"+g.row], samples[group+"/"+g.peer]
			if row == nil || peer == nil || len(row.ns) == 0 || len(peer.ns) == 0 {
				continue
			}
			matched = true
			ratio := median(row.ns) / median(peer.ns)
			met := ratio <= g.most
			want := fmt.Sprintf("≤ %.2f", g.most)
			if g.bytes {
				met = met && median(row.bytes) <= median(peer.bytes)
				want += ", B/op ≤"
			}
			result := "**missed**"
			if met {
				result = "met"
			}
			fmt.Printf("| %s | %s | %s | %.2f | %s | %.0f vs %.0f | %.0f vs %.0f | %s |\n",
				group, g.row, g.peer, ratio, want, median(row.bytes), median(peer.bytes), median(row.allocs), median(peer.allocs), result)
		}
		if !matched {
			fmt.Fprintf(os.Stderr, "report: goal %q matches no group with both benchmarks\n", g.spec)
		}
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

func duration(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
