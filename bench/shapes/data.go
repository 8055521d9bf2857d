package shapes

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"strings"
	"time"
)

// The data the tools return, prepared once, so that a call does little
// beyond what the library around it does.

var (
	// base is the time the made-up data is dated from.
	base = time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC)

	authors = []User{
		user("mchen-dev", 1284391),
		user("okafor", 5501238),
		user("lbrandt", 77120),
		user("priya-s", 23945518),
		user("dependabot[bot]", 49699333),
	}

	issueDetail = IssueDetail{
		Number:    4182,
		Title:     `Registry.Execute returns "context canceled" for a tool whose timeout has not passed`,
		State:     "open",
		Body:      issueBody(),
		Labels:    []string{"bug", "runtime", "needs-triage", "good first issue"},
		User:      authors[0],
		Comments:  7,
		HTMLURL:   "https://github.com/example-org/agentkit/issues/4182",
		CreatedAt: base,
		UpdatedAt: base.Add(52*time.Hour + 17*time.Minute + 4*time.Second),
	}

	allTasks  = tasks()
	openTasks = func() []Task {
		var open []Task
		for _, t := range allTasks {
			if !t.Done {
				open = append(open, t)
			}
		}
		return open
	}()

	goSource = goFile()
	fileMode = fs.FileMode(0o644).String()

	docHits = hits()

	resourceRegion     = "eu-west-3"
	resourceProperties = properties()

	places     = placeList()
	openPlaces = func() []Place {
		var open []Place
		for _, p := range places {
			if p.OpenNow {
				open = append(open, p)
			}
		}
		return open
	}()

	members = memberList()
	admins  = func() []*Member {
		var out []*Member
		for _, m := range members {
			if m.Role == RoleAdmin {
				out = append(out, m)
			}
		}
		return out
	}()

	openIssues   = issueSummaries(20, "open", 0)
	closedIssues = issueSummaries(5, "closed", 20)
	allIssues    = append(append([]IssueSummary(nil), openIssues...), closedIssues...)
)

func user(login string, id int64) User {
	return User{
		Login:     login,
		ID:        id,
		AvatarURL: fmt.Sprintf("https://avatars.githubusercontent.com/u/%d?v=4", id),
		HTMLURL:   "https://github.com/" + login,
		Type:      "User",
	}
}

// issueBody is a bug report of about 2 KB: prose with quotes, a list, a
// fenced code block and a log excerpt, over many lines.
func issueBody() string {
	var b strings.Builder
	b.WriteString(`### What happened

A tool registered with ` + "`timeout=30s`" + ` fails after ~2s with "context canceled",
although the caller's context has no deadline. It only happens under load: with
` + "`ExecuteAll`" + ` and 16 calls in one turn, about 1 call in 40 fails.

### Steps to reproduce

1. Register a tool whose function sleeps 1.5s and then reads a row.
2. Call ` + "`reg.ExecuteAll(ctx, calls)`" + ` with 16 calls to it.
3. Look at the results: some say "internal error: context canceled".

` + "```go" + `
res, err := reg.ExecuteAll(ctx, calls)
if err != nil {
	log.Fatalf("execute: %v", err) // never happens
}
for _, r := range res {
	fmt.Println(r.Success, r.Error) // false "context canceled" <- here
}
` + "```" + `

### Expected

Every call succeeds, or fails with "timeout after 30s" & says which tool.

### Log excerpt

`)
	for i := 0; b.Len() < 2000; i++ {
		fmt.Fprintf(&b, "%s level=WARN msg=\"call failed\" tool=lookup_order call_id=call_%04d err=\"context canceled\"\n",
			base.Add(time.Duration(i)*137*time.Millisecond).Format(time.RFC3339Nano), 17+i*3)
	}
	b.WriteString("\nVersion: v0.9.2, go1.26, linux/amd64 — also seen on darwin/arm64.\n")
	return b.String()
}

// tasks are 50 tasks; some done, a third without a due date.
func tasks() []Task {
	titles := []string{
		"Write the release notes", "Review the caching PR", "Fix flaky TestLoad",
		"Update the Go toolchain", "Answer the security report", "Rotate the API keys",
		"Plan the Q3 roadmap", "Triage new issues", "Draft the MCP adapter docs",
		"Benchmark the encoder",
	}
	prio := []Priority{PriorityLow, PriorityMedium, PriorityHigh, PriorityUrgent, PriorityMedium}
	out := make([]Task, 50)
	for i := range out {
		t := Task{
			ID:       fmt.Sprintf("task-%03d", 101+i),
			Title:    fmt.Sprintf("%s (#%d)", titles[i%len(titles)], 2200+i*7),
			Done:     i%4 == 3,
			Priority: prio[i%len(prio)],
		}
		if i%3 != 2 {
			due := base.AddDate(0, 0, i).Add(time.Duration(i%5) * time.Hour)
			t.Due = &due
		}
		out[i] = t
	}
	return out
}

// goFile is about 8 KB of Go source: tabs, quotes, backslashes, and < > &.
func goFile() string {
	var b strings.Builder
	b.WriteString(`// Package store keeps recently used records in memory, in front of a slower
// backend, and evicts the least recently used when it is full.
package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// ErrNotFound is returned for a key the backend does not hold.
var ErrNotFound = errors.New("store: not found")

// Backend is where records live when they are not cached.
type Backend interface {
	Load(ctx context.Context, key string) ([]byte, error)
	Save(ctx context.Context, key string, value []byte) error
}
`)
	for i := 0; ; i++ {
		part := fmt.Sprintf(`
// Cache%[1]d is a cache of at most %[2]d records.
type Cache%[1]d struct {
	mu      sync.Mutex
	backend Backend
	items   map[string]*entry%[1]d
	order   []string // oldest first
	ttl     time.Duration
}

type entry%[1]d struct {
	value   []byte
	expires time.Time
}

// Get returns the value of key, from the cache if it is there and fresh.
func (c *Cache%[1]d) Get(ctx context.Context, key string) ([]byte, error) {
	if key == "" || strings.ContainsAny(key, "\t\n\"\\") {
		return nil, fmt.Errorf("store: bad key %%q", key)
	}
	c.mu.Lock()
	if e, ok := c.items[key]; ok && time.Now().Before(e.expires) {
		c.mu.Unlock()
		return e.value, nil
	}
	c.mu.Unlock()
	v, err := c.backend.Load(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("store: load %%q: %%w", key, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.order) >= %[2]d && len(c.order) > 0 {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
	c.items[key] = &entry%[1]d{value: v, expires: time.Now().Add(c.ttl)}
	c.order = append(c.order, key)
	return v, nil
}
`, i, 128<<(i%4))
		if b.Len()+len(part) > 8192 {
			break
		}
		b.WriteString(part)
	}
	for i := 0; ; i++ {
		part := fmt.Sprintf(`
// Len%[1]d returns how many records cache %[1]d holds.
func (c *Cache%[1]d) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items) // <= cap & never < 0
}
`, i)
		if b.Len()+len(part) > 8192 {
			break
		}
		b.WriteString(part)
	}
	return b.String()
}

// hits are 10 search hits with snippets of about 200 characters.
func hits() []DocHit {
	topics := []struct{ title, path, text string }{
		{"Context cancellation and deadlines", "context", `A Context carries a deadline, a cancellation signal, and other values across API boundaries. When a Context is canceled, all Contexts derived from it are also canceled; the "Done" channel closes.`},
		{"Timeouts in HTTP clients", "net/http#Client", `Client.Timeout specifies a time limit for requests made by this Client. The timeout includes connection time, any redirects, and reading the response body; a Timeout of zero means no timeout.`},
		{"Using errgroup for concurrent calls", "errgroup", `Package errgroup provides synchronization, error propagation, and Context cancellation for groups of goroutines working on subtasks of a common task: the first error cancels the rest.`},
		{"Select with time.After", "time#After", `After waits for the duration to elapse and then sends the current time on the returned channel. It is equivalent to NewTimer(d).C; use it in a select to give up on a slow operation.`},
		{"Propagating cancellation to goroutines", "blog/pipelines", `Each stage of a pipeline receives values from upstream via inbound channels, and closes its outbound channels when done; a "done" channel tells every stage to stop early & return.`},
	}
	out := make([]DocHit, 10)
	for i := range out {
		t := topics[i%len(topics)]
		title := t.title
		if i >= len(topics) {
			title += " (Go 1.2" + fmt.Sprint(i) + ")"
		}
		out[i] = DocHit{
			Title:   title,
			URL:     fmt.Sprintf("https://docs.example.dev/go1.2%d/%s", i%7, t.path),
			Snippet: "…" + t.text + "…",
			Score:   math.Round((0.9731-float64(i)*0.0487)*1e4) / 1e4,
		}
	}
	return out
}

// properties is a virtual machine as a cloud provider's API describes
// it, decoded from JSON as a program that passes it on decodes it: maps,
// arrays, numbers, booleans, null.
func properties() map[string]any {
	const doc = `{
		"instance_type": "m6i.xlarge",
		"state": {"code": 16, "name": "running"},
		"launch_time": "2025-03-14T09:26:53Z",
		"cpu": {"cores": 2, "threads_per_core": 2, "architecture": "x86_64", "credits": null},
		"memory_mib": 16384,
		"ebs_optimized": true,
		"hibernation": false,
		"image": {"id": "ami-0a3c8d4f5e6b7a890", "name": "ubuntu-24.04-server-20250301", "root_device": "/dev/sda1"},
		"network": {
			"vpc_id": "vpc-0f1e2d3c4b5a69788",
			"subnet_id": "subnet-04a5b6c7d8e9f0123",
			"private_ip": "10.0.12.34",
			"public_ip": "35.180.27.114",
			"interfaces": [
				{"id": "eni-0123456789abcdef0", "primary": true, "mac": "0a:1b:2c:3d:4e:5f", "ipv6": []},
				{"id": "eni-0fedcba9876543210", "primary": false, "mac": "0a:9f:8e:7d:6c:5b", "ipv6": ["2a05:d012:8b5:6b00::1"]}
			],
			"security_groups": [{"id": "sg-0aa11bb22cc33dd44", "name": "web"}, {"id": "sg-0ee55ff66aa77bb88", "name": "ssh-from-bastion"}]
		},
		"block_devices": [
			{"device": "/dev/sda1", "volume_id": "vol-0123abcd4567ef890", "size_gib": 50, "iops": 3000, "throughput_mibps": 125, "encrypted": true, "delete_on_termination": true},
			{"device": "/dev/sdf", "volume_id": "vol-0fedc987ba654321", "size_gib": 500, "iops": 6000, "throughput_mibps": 250.5, "encrypted": true, "delete_on_termination": false}
		],
		"monitoring": {"detailed": true, "cpu_utilization_1h": [12.5, 14.25, 9.75, 31.0, 27.5, 18.125], "alarms": 2},
		"metadata_options": {"http_tokens": "required", "hop_limit": 2, "endpoint": "enabled"},
		"placement": {"availability_zone": "eu-west-3a", "tenancy": "default", "group": null},
		"cost_per_hour_usd": 0.224,
		"uptime_seconds": 1209600
	}`
	var m map[string]any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		panic(err)
	}
	return m
}

// placeList is 20 bakeries around central Paris, the nearest first.
func placeList() []Place {
	names := []string{
		"Du Pain et des Idées", "Boulangerie Utopie", "Poilâne", "Maison d'Isabelle",
		"Le Grenier à Pain", "Liberté", "Mamiche", "Boulangerie Bo",
		"Des Gâteaux et du Pain", "Farine & O",
	}
	streets := []string{"rue Yves Toudic", "rue Jean-Pierre Timbaud", "rue du Cherche-Midi", "boulevard Saint-Germain", "rue des Abbesses"}
	out := make([]Place, 20)
	for i := range out {
		name := names[i%len(names)]
		if i >= len(names) {
			name += " (" + fmt.Sprint(i-len(names)+2) + ")"
		}
		out[i] = Place{
			PlaceID: fmt.Sprintf("ChIJ%08dLm-4RwRv2Qk%02d", 31415926+i*2718, i),
			Name:    name,
			Address: fmt.Sprintf("%d %s, 750%02d Paris, France", 3+i*7, streets[i%len(streets)], 1+i%20),
			Lat:     math.Round((48.8566+float64(i%7)*0.0031-float64(i%3)*0.0047)*1e4) / 1e4,
			Lng:     math.Round((2.3522-float64(i%5)*0.0029+float64(i%4)*0.0061)*1e4) / 1e4,
			Rating:  math.Round((4.8-float64(i%9)*0.1)*10) / 10,
			Reviews: 120 + i*83,
			OpenNow: i%3 != 1,
		}
	}
	return out
}

// memberList is 30 members; some keep their name, email or company
// private, and some never set them.
func memberList() []*Member {
	first := []string{"Ada", "Bjarne", "Chioma", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas"}
	companies := []string{"@example-org", "Acme Corp", "Initech"}
	teams := [][]string{{"core"}, {"core", "release"}, {"docs"}, {"security", "infra"}, nil}
	out := make([]*Member, 30)
	for i := range out {
		login := fmt.Sprintf("%s-%d", strings.ToLower(first[i%len(first)]), 100+i)
		m := &Member{Login: login, ID: int64(900000 + i*7919), Role: RoleMember, Teams: teams[i%len(teams)]}
		if i%6 == 0 {
			m.Role = RoleAdmin
		}
		if i%4 != 3 {
			name := fmt.Sprintf("%s %c. Example", first[i%len(first)], 'A'+i%26)
			m.Name = &name
		}
		if i%3 == 0 {
			email := login + "@example.org"
			m.Email = &email
		}
		if i%5 < 2 {
			m.Company = &companies[i%len(companies)]
		}
		if i%2 == 0 {
			m.Location = []string{"Lagos", "Berlin", "São Paulo", "Osaka"}[i%4]
		}
		if i%7 != 5 {
			tfa := i%8 != 1
			m.TwoFactor = &tfa
		}
		if i%5 != 4 {
			joined := base.AddDate(-i/3, -i%12, -i)
			m.JoinedAt = &joined
		}
		out[i] = m
	}
	return out
}

// issueSummaries is n issues in state from the number first+1000 on, the
// newest first.
func issueSummaries(n int, state string, first int) []IssueSummary {
	titles := []string{
		`Execute returns "context canceled" under load`,
		"Support Gemini's nullable enums",
		"Docs: the cache key holds the settings",
		"Panic in a tool's MarshalJSON is not recovered in streams",
		"Add OpenTelemetry attributes for retries",
		"toolgen -check fails on a generic argument type",
		"Bump golang.org/x/tools from 0.51.0 to 0.52.0",
	}
	labels := [][]string{{"bug"}, {"enhancement", "gemini"}, {"documentation"}, {"bug", "streams", "priority: high"}, {"enhancement"}, {"bug", "generator"}, {"dependencies"}}
	out := make([]IssueSummary, n)
	for i := range out {
		k := first + i
		created := base.Add(-time.Duration(k) * 31 * time.Hour)
		out[i] = IssueSummary{
			Number:    4200 - k,
			Title:     titles[k%len(titles)],
			State:     state,
			Labels:    labels[k%len(labels)],
			User:      authors[k%len(authors)],
			Comments:  (k * 5) % 13,
			CreatedAt: created,
			UpdatedAt: created.Add(time.Duration(k%9)*time.Hour + time.Duration(k*17%60)*time.Minute),
		}
	}
	return out
}

var (
	customerID    = UUID{0x3f, 0x2a, 0x91, 0x0c, 0x5e, 0x7b, 0x4d, 0x12, 0x9a, 0x01, 0xc4, 0x77, 0x0e, 0x5d, 0x21, 0x9b}
	openOrders    = orderList(20, OrderOpen)
	shippedOrders = orderList(20, OrderShipped)
)

// orderList makes n orders of a customer, each of 1 to 3 items, the
// shipped ones with a shipping time, one in four changed since it was made.
func orderList(n int, status OrderStatus) []ShopOrder {
	skus := []string{"TSHIRT-BLK-M", "MUG-CERAMIC-350", "STICKER-PACK-12", "HOODIE-GRY-L"}
	orders := make([]ShopOrder, n)
	for i := range orders {
		o := &orders[i]
		o.ID = customerID
		o.ID[15], o.ID[14] = byte(i), byte(len(status))
		o.Status = status
		for j := range 1 + i%3 {
			price := Money{Cents: int64(1299 + 700*j + 13*i), Currency: "EUR"}
			o.Items = append(o.Items, LineItem{SKU: skus[(i+j)%len(skus)], Qty: 1 + j, Price: price})
			o.Total.Cents += price.Cents * int64(1+j)
		}
		o.Total.Currency = "EUR"
		o.CreatedAt = base.Add(-time.Duration(i) * 26 * time.Hour)
		if i%4 == 0 {
			o.UpdatedAt = o.CreatedAt.Add(3 * time.Hour)
		}
		if status == OrderShipped {
			o.ShippedAt = o.CreatedAt.Add(30 * time.Hour)
		}
		if i%5 == 0 {
			o.Note = "Leave the parcel with the concierge."
		}
	}
	return orders
}
