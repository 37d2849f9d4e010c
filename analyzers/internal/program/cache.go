package program

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"fmt"
	"go/types"
	"maps"
	"reflect"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"golang.org/x/tools/go/analysis"
)

// The standalone command caches each package's results between runs. What
// a package's analysis adds to the Program (its methods' summaries, its
// interface calls that want an answer) is part of those results: a run
// that takes a package from the cache restores it, so that the Program is
// the same as if the package had been analysed. While the command caches
// (Track), the Program logs what each package adds, by the package's
// types.Package (the package and its test variant are two), until the
// command takes the log (Summarize).

// contribution is what one package's analysis added to the Program.
type contribution struct {
	impls []loggedImpl
	wants []loggedWant
}

type loggedImpl struct {
	key string
	im  Impl
}

type loggedWant struct {
	Pkg, Key string
	Lock     bool
	Kind     string
}

// wireContribution is a contribution as cached: strings, and the checks'
// summaries gob-encoded by type.
type wireContribution struct {
	Impls []wireImpl
	Wants []loggedWant
}

type wireImpl struct {
	Key, Pkg, Type string
	Methods        map[string]string
	Effects        []fact.RemoteEffect
	Acquire        *fact.AcquireFact
	Summaries      []wireFact
}

type wireFact struct {
	Kind, Type string
	Data       []byte
}

// log returns the log of tp; nil when the Program does not track or tp is
// nil (a contribution being restored). p.mu is held.
func (p *Program) log(tp *types.Package) *contribution {
	if p.logs == nil || tp == nil {
		return nil
	}
	c := p.logs[tp]
	if c == nil {
		c = &contribution{}
		p.logs[tp] = c
	}
	return c
}

func (c *contribution) added(key string, im Impl) {
	if c != nil {
		c.impls = append(c.impls, loggedImpl{key, im})
	}
}

func (c *contribution) wanted(pkg string, w want) {
	if c != nil {
		c.wants = append(c.wants, loggedWant{Pkg: pkg, Key: w.key, Lock: w.lock, Kind: w.kind})
	}
}

// Track makes the Program log what each package adds, for Summarize.
func (p *Program) Track() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.logs == nil {
		p.logs = map[*types.Package]*contribution{}
	}
}

// KnowFacts gives the Program the fact types of the run's analyzers (and
// of their requirements), which the checks' summaries are among.
func (p *Program) KnowFacts(as []*analysis.Analyzer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.factTypes == nil {
		p.factTypes = map[string]reflect.Type{}
	}
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			t := reflect.TypeOf(f)
			p.factTypes[t.String()] = t
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
}

// Summarize returns what the analysis of tp added to the Program, encoded
// for Restore, and forgets tp; nil if it added nothing.
func (p *Program) Summarize(tp *types.Package) []byte {
	p.mu.Lock()
	c := p.logs[tp]
	delete(p.logs, tp)
	p.mu.Unlock()
	if c == nil || len(c.impls) == 0 && len(c.wants) == 0 {
		return nil
	}
	w := wireContribution{Wants: c.wants}
	for _, l := range c.impls {
		wi := wireImpl{Key: l.key, Pkg: l.im.Pkg, Type: l.im.Type, Methods: l.im.Methods, Effects: l.im.Effects, Acquire: l.im.Acquire}
		for _, kind := range slices.Sorted(maps.Keys(l.im.Summaries)) {
			f := l.im.Summaries[kind]
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(f); err != nil {
				panic(fmt.Sprintf("encoding %T summary: %v", f, err)) // a check's fact that gob cannot encode
			}
			wi.Summaries = append(wi.Summaries, wireFact{kind, reflect.TypeOf(f).String(), buf.Bytes()})
		}
		w.Impls = append(w.Impls, wi)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&w); err != nil {
		panic(fmt.Sprintf("encoding a package's contribution to the program: %v", err))
	}
	return buf.Bytes()
}

// Restore adds a contribution that Summarize returned in an earlier run.
func (p *Program) Restore(data []byte) error {
	var w wireContribution
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return fmt.Errorf("decoding a cached contribution to the program: %v", err)
	}
	for _, wi := range w.Impls {
		im := Impl{Pkg: wi.Pkg, Type: wi.Type, Methods: wi.Methods, Effects: wi.Effects, Acquire: wi.Acquire}
		for _, s := range wi.Summaries {
			p.mu.Lock()
			t := p.factTypes[s.Type]
			p.mu.Unlock()
			if t == nil || t.Kind() != reflect.Pointer {
				return fmt.Errorf("a cached summary of unknown type %s", s.Type)
			}
			f, ok := reflect.New(t.Elem()).Interface().(analysis.Fact)
			if !ok || gob.NewDecoder(bytes.NewReader(s.Data)).Decode(f) != nil {
				return fmt.Errorf("decoding a cached %s summary", s.Type)
			}
			if im.Summaries == nil {
				im.Summaries = map[string]analysis.Fact{}
			}
			im.Summaries[s.Kind] = f
		}
		if im.Methods == nil {
			im.Methods = map[string]string{}
		}
		p.Add(nil, wi.Key, im)
	}
	for _, lw := range w.Wants {
		p.addWant(nil, lw.Pkg, want{key: lw.Key, lock: lw.Lock, kind: lw.Kind})
	}
	return nil
}

// Digest is a hash of everything the Program holds (and whether it
// resolves): a run's second pass gives each package the answers of the
// whole Program, so its results are cached under this digest too.
func (p *Program) Digest() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	h := sha256.New()
	fmt.Fprintf(h, "resolve %v\n", p.resolve)
	for _, key := range slices.Sorted(maps.Keys(p.impls)) {
		ims := slices.Clone(p.impls[key])
		slices.SortFunc(ims, func(a, b Impl) int { return cmp.Or(cmp.Compare(a.Pkg, b.Pkg), cmp.Compare(a.Type, b.Type)) })
		for _, im := range ims {
			fmt.Fprintf(h, "impl %q %q %q\n", key, im.Pkg, im.Type)
			for _, m := range slices.Sorted(maps.Keys(im.Methods)) {
				fmt.Fprintf(h, "  method %q %q\n", m, im.Methods[m])
			}
			fmt.Fprintf(h, "  effects %+v\n  acquire %+v\n", im.Effects, im.Acquire)
			for _, kind := range slices.Sorted(maps.Keys(im.Summaries)) {
				fmt.Fprintf(h, "  summary %q %T %+v\n", kind, im.Summaries[kind], im.Summaries[kind])
			}
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(p.wanted)) {
		ws := slices.Clone(p.wanted[pkg])
		slices.SortFunc(ws, func(a, b want) int {
			return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.kind, b.kind), cmp.Compare(fmt.Sprint(a.lock), fmt.Sprint(b.lock)))
		})
		fmt.Fprintf(h, "wanted %q %+v\n", pkg, ws)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
