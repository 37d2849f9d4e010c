module github.com/fencecheck/fencecheck/bench/scaling

go 1.26.0

require github.com/fencecheck/fencecheck v0.0.0

replace github.com/fencecheck/fencecheck => ../..
