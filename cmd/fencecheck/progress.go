package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/driver"
)

// progressDelay is how long a run goes before it shows a progress line: a
// quicker run prints nothing more than its findings.
const progressDelay = 2 * time.Second

// progressEvery bounds how often the line is redrawn.
const progressEvery = 100 * time.Millisecond

// progress shows, on a terminal, one line that is rewritten as packages
// are done ("fencecheck: 120/450 packages, 3.2s") and cleared at the end;
// with verbose, it lists each package with its time.
type progress struct {
	w       io.Writer
	line    bool // draw the updating line (a terminal, text output)
	verbose bool
	now     func() time.Time
	start   time.Time
	drawn   time.Time // when the line was last drawn; zero if not shown
	width   int       // of the line shown
	pass    int       // the driver's runs: a further pass over some packages starts again at 1
}

func newProgress(w io.Writer, line, verbose bool, now func() time.Time) *progress {
	if now == nil {
		now = time.Now
	}
	return &progress{w: w, line: line, verbose: verbose, now: now, start: now()}
}

// hook returns the driver's Progress callback; nil when there is nothing
// to show.
func (p *progress) hook() func(driver.Progress) {
	if !p.line && !p.verbose {
		return nil
	}
	return p.event
}

func (p *progress) event(e driver.Progress) {
	if e.Done == 1 {
		p.pass++
	}
	if p.verbose && (e.Root || e.Analysed) {
		p.clear()
		note := ""
		switch {
		case e.Cached && !e.Root:
			note = " (dependency, cached)"
		case e.Cached:
			note = " (cached)"
		case !e.Root:
			note = " (dependency, for its facts)"
		case !e.Analysed:
			note = " (type-checked only: no lock or write API in reach)"
		}
		fmt.Fprintf(p.w, "fencecheck: %6.2fs %s%s\n", e.Took.Seconds(), e.Package.ID, note)
	}
	if !p.line {
		return
	}
	now := p.now()
	elapsed := now.Sub(p.start)
	if elapsed < progressDelay || now.Sub(p.drawn) < progressEvery && e.Done != e.Total {
		return
	}
	pass := ""
	if p.pass > 1 {
		pass = fmt.Sprintf("pass %d: ", p.pass)
	}
	text := fmt.Sprintf("fencecheck: %s%d/%d packages, %.1fs", pass, e.Done, e.Total, elapsed.Seconds())
	fmt.Fprintf(p.w, "\r%s%s", text, strings.Repeat(" ", max(p.width-len(text), 0)))
	p.width, p.drawn = len(text), now
}

// clear removes the line, if shown, so that what follows starts on a
// clean line.
func (p *progress) clear() {
	if p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
}
