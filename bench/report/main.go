// Command report turns `go test -bench` output (several -count runs) into
// a markdown table: the median time, bytes and allocations of each
// benchmark, and its time as a multiple of the baseline's in its group.
//
//	go test -run '^$' -bench . -benchmem -count 6 | go run ./report -baseline toolgen
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

type sample struct{ ns, bytes, allocs []float64 }

func main() {
	baseline := flag.String("baseline", "toolgen", "sub-benchmark name every other in its group is compared with")
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
			name = name[:i] // the GOMAXPROCS suffix
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
	for _, name := range order {
		s := samples[name]
		group := name[:max(strings.LastIndex(name, "/"), 0)]
		ratio := "–"
		if base := samples[group+"/"+*baseline]; base != nil && len(base.ns) > 0 {
			ratio = fmt.Sprintf("%.2f", median(s.ns)/median(base.ns))
		}
		fmt.Printf("| %s | %s | %s | %.0f | %.0f | %d |\n", name, duration(median(s.ns)), ratio, median(s.bytes), median(s.allocs), len(s.ns))
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
