package mcptools

// Serve is ServeStdio over another transport, for tests.
var Serve = serve
