// The release's Go module proxy writer (tools/release/go-proxy.mjs builds it once per machine):
// golang.org/x/mod's zip package makes the module zip exactly as the go command checks it. go.sum
// is committed so that every machine builds the same code.
module pulumi-webstats/tools/release/go-proxy

go 1.25.0

require golang.org/x/mod v0.38.0
