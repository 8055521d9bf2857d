// Package search is a toolgen example: a method tool on a Searcher that
// ranks the passages of an in-memory corpus for a query with BM25.
package search

//go:generate go run github.com/toolgen-go/toolgen/cmd/toolgen

import (
	"context"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Level is how well a passage matches a query.
type Level string

const (
	// High: relevance of 0.8 or more.
	High Level = "high"
	// Medium: relevance of 0.6 or more.
	Medium Level = "medium"
	// Low: relevance of 0.4 or more.
	Low Level = "low"
	// Weak: any match below 0.4.
	Weak Level = "weak"
)

// levelOf maps a relevance in [0, 1] to its level.
func levelOf(relevance float64) Level {
	switch {
	case relevance >= 0.8:
		return High
	case relevance >= 0.6:
		return Medium
	case relevance >= 0.4:
		return Low
	}
	return Weak
}

// rank orders levels from weak (0) to high (3).
func (l Level) rank() int {
	return slices.Index([]Level{Weak, Low, Medium, High}, l)
}

// Passage is one searchable text.
type Passage struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Searcher ranks the passages of a corpus for a query. It is safe for
// concurrent use once made.
type Searcher struct {
	passages []Passage
	terms    []map[string]int // term frequencies of each passage
	lengths  []int
	avgLen   float64
	df       map[string]int // passages containing each term
}

// NewSearcher indexes passages.
func NewSearcher(passages []Passage) *Searcher {
	s := &Searcher{passages: passages, df: make(map[string]int)}
	total := 0
	for _, p := range passages {
		tf := make(map[string]int)
		words := tokenize(p.Title + " " + p.Text)
		for _, w := range words {
			tf[w]++
		}
		for w := range tf {
			s.df[w]++
		}
		s.terms = append(s.terms, tf)
		s.lengths = append(s.lengths, len(words))
		total += len(words)
	}
	if len(passages) > 0 {
		s.avgLen = float64(total) / float64(len(passages))
	}
	return s
}

// SearchRequest is a query.
type SearchRequest struct {
	// Query in plain words; common words are ignored.
	Query string `json:"query" jsonschema:"minLength=2,maxLength=200"`
	// Limit on the number of passages returned.
	Limit int `json:"limit,omitempty" jsonschema:"minimum=1,maximum=20,default=3"`
	// MinLevel leaves out passages below this level of relevance.
	MinLevel Level `json:"min_level,omitempty" jsonschema:"default=low"`
	// Within restricts the search to the passages with these ids.
	Within []string `json:"within,omitempty" jsonschema:"maxItems=500,minLength=1"`
}

// Hit is one ranked passage.
type Hit struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	Text      string  `json:"text"`
	Relevance float64 `json:"relevance"` // from 0 to 1
	Level     Level   `json:"level"`
}

// SearchResult lists the passages that match, best first.
type SearchResult struct {
	Hits []Hit `json:"hits"`
}

// BM25 parameters, the usual ones.
const (
	k1 = 1.2
	b  = 0.75
)

// Search finds the passages of the knowledge base that best answer a
// query, ranked by BM25, each with its relevance (0 to 1) and level (high,
// medium, low, weak). Use it before answering questions about the
// product.
//
//tool:export search_passages timeout=2s cache=1m readonly title="Search passages"
func (s *Searcher) Search(ctx context.Context, in SearchRequest) (*SearchResult, error) {
	query := unique(tokenize(in.Query))
	n := float64(len(s.passages))
	idf := make(map[string]float64, len(query))
	best := 0.0 // the score of a passage that matched every term at saturation
	for _, t := range query {
		df := float64(s.df[t])
		idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
		best += idf[t] * (k1 + 1)
	}
	res := &SearchResult{Hits: []Hit{}}
	for i, p := range s.passages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(in.Within) > 0 && !slices.Contains(in.Within, p.ID) {
			continue
		}
		score := 0.0
		norm := k1 * (1 - b + b*float64(s.lengths[i])/s.avgLen)
		for _, t := range query {
			if tf := float64(s.terms[i][t]); tf > 0 {
				score += idf[t] * tf * (k1 + 1) / (tf + norm)
			}
		}
		if score == 0 {
			continue
		}
		rel := math.Round(score/best*100) / 100
		if levelOf(rel).rank() < in.MinLevel.rank() {
			continue
		}
		res.Hits = append(res.Hits, Hit{ID: p.ID, Title: p.Title, Text: p.Text, Relevance: rel, Level: levelOf(rel)})
	}
	slices.SortStableFunc(res.Hits, func(x, y Hit) int {
		if x.Relevance != y.Relevance {
			if x.Relevance > y.Relevance {
				return -1
			}
			return 1
		}
		return strings.Compare(x.ID, y.ID)
	})
	if len(res.Hits) > in.Limit {
		res.Hits = res.Hits[:in.Limit]
	}
	return res, nil
}

// Get returns one passage by its id.
//
//tool:export get_passage readonly title="Get a passage"
//tool:param id The passage's id, as search_passages reports it.
func (s *Searcher) Get(id string) (Passage, error) {
	for _, p := range s.passages {
		if p.ID == id {
			return p, nil
		}
	}
	return Passage{}, fail("no passage with id " + id)
}

var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "do": true, "does": true, "for": true, "how": true,
	"i": true, "in": true, "is": true, "it": true, "my": true, "of": true, "on": true, "or": true,
	"the": true, "to": true, "what": true, "with": true, "can": true, "you": true, "your": true,
}

// tokenize lower-cases text, splits it into words and drops stop words and
// a plural "s".
func tokenize(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if stopWords[w] {
			continue
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out = append(out, w)
	}
	return out
}

func unique(words []string) []string {
	slices.Sort(words)
	return slices.Compact(words)
}
