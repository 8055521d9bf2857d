// check.mjs drives an MCP server with the official TypeScript MCP SDK and
// checks what it serves with ajv (JSON Schema 2020-12, strict mode):
//
//	node check.mjs --calls CALLS.json [--sdk PACKAGE] --url http://127.0.0.1:8080/
//	node check.mjs --calls CALLS.json [--sdk PACKAGE] -- COMMAND [ARG ...]
//
// The first form connects over Streamable HTTP, the second starts COMMAND
// and speaks to it on its standard input and output. --sdk names the
// package of the TypeScript SDK to use (default @modelcontextprotocol/sdk,
// the current one): package.json installs older ones under other names,
// each a client of an older protocol version whose result schemas lack
// the content types added since (sdk-2024-11-05 is 1.8.0, which has no
// audio blocks, no resource links and no Streamable HTTP; sdk-2024-11-05-http
// 1.10.0; sdk-2025-03-26 1.12.3, without resource links; sdk-2025-06-18
// 1.13.0, the first to check structuredContent against the outputSchema). It lists the tools,
// compiles every inputSchema and outputSchema under ajv strict mode, makes
// the calls of CALLS.json, validates each call's arguments against the
// tool's inputSchema (unless the call is marked invalid) and each
// structuredContent against its outputSchema, and checks that a tool with an
// outputSchema returns structuredContent, which before protocol 2026-07-28
// must be a JSON object. CALLS.json:
//
//	{
//	  "protocol": "2025-11-25",      // the version the session must negotiate (optional)
//	  "request": "2024-11-05",       // the version the client asks for in initialize, in place of
//	                                 // its newest (optional)
//	  "specSchema": true,            // validate each initialize, tools/list and tools/call result and
//	                                 // progress notification the server sends against the MCP
//	                                 // specification's schema of the negotiated version,
//	                                 // spec/VERSION.json (optional)
//	  "allTools": true,              // every listed tool must be called (optional)
//	  "tools": ["a", "b"],           // the tools that must be listed, exactly (optional)
//	  "listed": {"a": {"title": "A", "annotations": {"readOnlyHint": true}}},
//	                                 // fields of listed tools, each as given (optional)
//	  "calls": [{
//	    "tool": "get_forecast", "arguments": {"city": "Paris"},
//	    "isError": false,            // the result's isError must be this (default false)
//	    "invalid": false,            // the arguments break the inputSchema on purpose
//	    "text": "...",               // the first content block's text must be this (optional)
//	    "structured": {...},         // structuredContent must equal this (optional)
//	    "content": ["text", "image"],// the content blocks' types must be these (optional)
//	    "blocks": [{"type": "text", "text": "A"}, ...],
//	                                 // the content blocks, one each, must have these fields with
//	                                 // these values, and may have others (optional)
//	    "progress": 3,               // ask for progress; this many notifications must come (optional)
//	    "cancelAfter": 100           // abort the call after this many ms: it must end canceled, and no
//	                                 // answer to it may come later, which the client reports as an error
//	                                 // (optional)
//	  }],
//	  "added": {                     // after the calls: wait for notifications/tools/list_changed,
//	    "tool": "late",              // list again, find this tool and make its call (optional)
//	    "call": {...}
//	  }
//	}
//
// Any error the client reports (its onerror) fails the run too, but for
// the progress notifications it drops when they arrive with their call's
// result (typescript-sdk#2580), counted as lateProgress.
//
// It prints a JSON report on standard output (schemas counts the input and
// output schemas compiled, over every tools/list) and exits 1 if any check
// failed, listing each failure on standard error.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const anyStructured = '2026-07-28'; // structuredContent may be any JSON value from here on (SEP-2106)
const timeout = 20000; // ms, for each request

const failures = [];
function fail(msg) {
  failures.push(msg);
  console.error('FAIL ' + msg);
}

function parseArgs(argv) {
  const opts = { command: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--calls') opts.calls = argv[++i];
    else if (a === '--sdk') opts.sdk = argv[++i];
    else if (a === '--url') opts.url = argv[++i];
    else if (a === '--') {
      opts.command = argv.slice(i + 1);
      break;
    } else throw new Error(`unknown argument ${a}; usage: node check.mjs --calls FILE [--sdk PACKAGE] (--url URL | -- COMMAND [ARG ...])`);
  }
  if (!opts.calls || (!opts.url && !opts.command?.length)) {
    throw new Error('usage: node check.mjs --calls FILE [--sdk PACKAGE] (--url URL | -- COMMAND [ARG ...])');
  }
  return opts;
}

// spy passes each message the transport receives to seen before the client
// gets it, and each message the client sends to sending before the
// transport sends it.
function spy(transport, seen, sending) {
  const send = transport.send.bind(transport);
  transport.send = (msg, ...rest) => {
    sending(msg);
    return send(msg, ...rest);
  };
  let handler;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get() {
      return handler && ((msg, extra) => {
        seen(msg);
        handler(msg, extra);
      });
    },
    set(fn) {
      handler = fn;
    },
  });
}

function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

// deepEqual compares JSON values.
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

// specValidators returns, for the MCP specification's schema of protocol
// version (spec/VERSION.json), a validator of each message kind it checks,
// or null if there is no schema of that version.
function specValidators(version) {
  let schema;
  try {
    schema = JSON.parse(readFileSync(new URL(`spec/${version}.json`, import.meta.url), 'utf8'));
  } catch {
    return null;
  }
  const modern = schema.$defs !== undefined;
  // The specification's schemas use keywords ajv's strict mode refuses
  // (such as "format": "uri-template"), so not strict; formats are checked.
  const ajv = modern ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema, 'spec');
  const key = modern ? '$defs' : 'definitions';
  const get = (name) => (schema[key][name] ? ajv.getSchema(`spec#/${key}/${name}`) : null);
  return {
    initialize: get('InitializeResult'),
    'tools/list': get('ListToolsResult'),
    'tools/call': get('CallToolResult'),
    'notifications/progress': get('ProgressNotification'),
  };
}

// checkSpec validates msg, a message of kind (a method) the server sent,
// against the specification's schema of the negotiated version.
function checkSpec(kind, msg) {
  if (!specCheck) return;
  if (specCheck.validators === undefined) {
    specCheck.validators = specValidators(report.protocol);
    if (!specCheck.validators) fail(`no spec/${report.protocol}.json to check protocol ${report.protocol} with`);
  }
  const validate = specCheck.validators?.[kind];
  if (!validate) return;
  report.specChecked++;
  const value = kind.startsWith('notifications/') ? msg : msg.result;
  if (!validate(value)) {
    fail(`${kind}: the server's ${msg.result ? 'result' : 'message'} ${JSON.stringify(value).slice(0, 2000)} does not match the MCP ${report.protocol} schema: ${JSON.stringify(validate.errors).slice(0, 2000)}`);
  }
}

let specCheck = null; // {validators} once the protocol is known, if the spec asks
let progressSeen = 0;
const report = { protocol: null, specChecked: 0, tools: 0, schemas: 0, calls: 0, canceled: 0, structured: 0, progress: 0, lateProgress: 0, listChanged: 0 };

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const spec = JSON.parse(readFileSync(opts.calls, 'utf8'));
  const sdk = opts.sdk ?? '@modelcontextprotocol/sdk';
  const { Client } = await import(`${sdk}/client/index.js`);
  if (spec.specSchema) specCheck = {};
  let listChanged = 0;
  // Progress is counted as it arrives, not by the client's onprogress:
  // the client drops a notification that arrives with the call's result
  // (typescript-sdk#2580).
  progressSeen = 0;
  let wakeListChanged = () => {};
  let transport;
  if (opts.url) {
    const { StreamableHTTPClientTransport } = await import(`${sdk}/client/streamableHttp.js`);
    transport = new StreamableHTTPClientTransport(new URL(opts.url));
  } else {
    const { StdioClientTransport } = await import(`${sdk}/client/stdio.js`);
    transport = new StdioClientTransport({ command: opts.command[0], args: opts.command.slice(1), stderr: 'inherit' });
  }
  const methods = new Map(); // the method of each request sent, by id
  spy(transport, (msg) => {
    if (msg.result?.protocolVersion && report.protocol === null) report.protocol = msg.result.protocolVersion;
    if (msg.id !== undefined && msg.method === undefined && methods.has(msg.id)) {
      if (msg.result !== undefined) checkSpec(methods.get(msg.id), msg);
      methods.delete(msg.id);
    }
    if (msg.method === 'notifications/progress') {
      progressSeen++;
      checkSpec(msg.method, msg);
    }
    if (msg.method === 'notifications/tools/list_changed') {
      listChanged++;
      wakeListChanged();
    }
  }, (msg) => {
    if (msg.method === 'initialize' && spec.request) msg.params = { ...msg.params, protocolVersion: spec.request };
    if (msg.method !== undefined && msg.id !== undefined) methods.set(msg.id, msg.method);
  });
  const client = new Client({ name: 'toolgen-check', version: '1.0.0' });
  // Any error the client reports is a failure, but for progress that
  // arrived with its call's result (typescript-sdk#2580), counted apart.
  client.onerror = (e) => {
    if (/progress notification for an unknown token/.test(e?.message)) report.lateProgress++;
    else fail(`client error: ${e?.stack ?? e}`);
  };
  await client.connect(transport, { timeout });
  try {
    if (spec.protocol && report.protocol !== spec.protocol) {
      fail(`negotiated protocol ${report.protocol}, want ${spec.protocol}`);
    }
    const tools = await listTools(client);
    if (spec.tools) {
      const names = [...tools.keys()].sort();
      const want = [...spec.tools].sort();
      if (!deepEqual(names, want)) fail(`tools/list: ${JSON.stringify(names)}, want ${JSON.stringify(want)}`);
    }
    for (const [name, fields] of Object.entries(spec.listed ?? {})) {
      const tool = tools.get(name)?.tool;
      for (const [field, want] of Object.entries(fields)) {
        if (!deepEqual(tool?.[field], want)) fail(`${name}: ${field} ${JSON.stringify(tool?.[field])}, want ${JSON.stringify(want)}`);
      }
    }
    const called = new Set();
    for (const call of spec.calls ?? []) {
      called.add(call.tool);
      await check(client, tools, call);
    }
    if (spec.allTools) {
      for (const name of tools.keys()) {
        if (!called.has(name)) fail(`tool ${name} is listed but no call of it was made`);
      }
    }
    if (spec.added) {
      const changed = new Promise((resolve) => {
        wakeListChanged = resolve;
        if (listChanged > 0) resolve();
      });
      const waited = await Promise.race([changed.then(() => true), new Promise((r) => setTimeout(() => r(false), 10000))]);
      if (!waited) {
        fail(`no notifications/tools/list_changed within 10s`);
      } else {
        const after = await listTools(client);
        if (!after.has(spec.added.tool)) {
          fail(`after notifications/tools/list_changed, tools/list lacks ${spec.added.tool}: ${[...after.keys()]}`);
        } else if (spec.added.call) {
          await check(client, after, spec.added.call);
        }
      }
    }
    report.listChanged = listChanged;
    if (report.canceled > 0) {
      // An answer to a canceled call would come by now, and the client
      // report it (onerror) as a response to an unknown request.
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.close();
  }
}

// listTools lists every tool, page by page, and compiles their schemas.
async function listTools(client) {
  const tools = new Map();
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { timeout });
    for (const tool of page.tools) {
      const entry = { tool };
      const ajv = newAjv();
      try {
        entry.input = ajv.compile(tool.inputSchema);
        report.schemas++;
      } catch (e) {
        fail(`${tool.name}: inputSchema does not compile under ajv strict mode: ${e.message}`);
      }
      if (tool.inputSchema?.type !== 'object') fail(`${tool.name}: inputSchema is not of type object`);
      if (tool.outputSchema !== undefined) {
        try {
          entry.output = ajv.compile(tool.outputSchema);
          report.schemas++;
        } catch (e) {
          fail(`${tool.name}: outputSchema does not compile under ajv strict mode: ${e.message}`);
        }
        if (report.protocol < anyStructured && tool.outputSchema.type !== 'object') {
          fail(`${tool.name}: outputSchema is not of type object at protocol ${report.protocol}`);
        }
      }
      tools.set(tool.name, entry);
    }
    cursor = page.nextCursor;
  } while (cursor);
  report.tools = tools.size;
  return tools;
}

// check makes one call and checks its result.
async function check(client, tools, call) {
  const what = `${call.tool} ${JSON.stringify(call.arguments ?? {})}`;
  const entry = tools.get(call.tool);
  if (!entry) {
    fail(`${what}: the tool is not listed`);
    return;
  }
  if (entry.input && !call.invalid && !entry.input(call.arguments ?? {})) {
    fail(`${what}: the arguments do not match the inputSchema: ${JSON.stringify(entry.input.errors)}`);
  }
  const progressBefore = progressSeen;
  const options = { timeout };
  if (call.progress !== undefined) options.onprogress = () => {};
  if (call.cancelAfter !== undefined) {
    const abort = new AbortController();
    options.signal = abort.signal;
    setTimeout(() => abort.abort(), call.cancelAfter);
    try {
      await client.callTool({ name: call.tool, arguments: call.arguments ?? {} }, undefined, options);
      fail(`${what}: the call ended before it was canceled`);
    } catch (e) {
      if (!abort.signal.aborted) fail(`${what}: the client failed: ${e.message}`);
    }
    report.canceled++;
    return;
  }
  let res;
  try {
    // The client validates structuredContent against the outputSchema
    // itself, and throws if it does not match.
    res = await client.callTool({ name: call.tool, arguments: call.arguments ?? {} }, undefined, options);
  } catch (e) {
    // A zod error's message runs to thousands of lines: its start says
    // which block the client refused and why.
    fail(`${what}: the client failed: ${e.message.replace(/\s+/g, ' ').slice(0, 1500)}`);
    return;
  }
  report.calls++;
  if (!!res.isError !== !!call.isError) fail(`${what}: isError ${!!res.isError}, want ${!!call.isError}: ${JSON.stringify(res.content)}`);
  if (call.text !== undefined && res.content?.[0]?.text !== call.text) {
    fail(`${what}: text ${JSON.stringify(res.content?.[0]?.text)}, want ${JSON.stringify(call.text)}`);
  }
  if (call.content !== undefined) {
    const types = (res.content ?? []).map((c) => c.type);
    if (!deepEqual(types, call.content)) fail(`${what}: content ${JSON.stringify(types)}, want ${JSON.stringify(call.content)}`);
  }
  if (call.blocks !== undefined) {
    const got = res.content ?? [];
    if (got.length !== call.blocks.length) fail(`${what}: ${got.length} content blocks, want ${call.blocks.length}: ${JSON.stringify(got)}`);
    call.blocks.forEach((want, i) => {
      for (const [field, value] of Object.entries(want)) {
        if (!deepEqual(got[i]?.[field], value)) {
          fail(`${what}: content[${i}].${field} ${JSON.stringify(got[i]?.[field])}, want ${JSON.stringify(value)}`);
        }
      }
    });
  }
  const sc = res.structuredContent;
  if (sc !== undefined) {
    report.structured++;
    if (report.protocol < anyStructured && !isObject(sc)) fail(`${what}: structuredContent is not an object: ${JSON.stringify(sc)}`);
    if (!entry.tool.outputSchema) {
      // Allowed, but a client cannot check it.
    } else if (entry.output && !entry.output(sc)) {
      fail(`${what}: structuredContent ${JSON.stringify(sc)} does not match the outputSchema: ${JSON.stringify(entry.output.errors)}`);
    }
  } else if (entry.tool.outputSchema && !res.isError) {
    fail(`${what}: the tool has an outputSchema but returned no structuredContent`);
  }
  if (call.structured !== undefined && !deepEqual(sc, call.structured)) {
    fail(`${what}: structuredContent ${JSON.stringify(sc)}, want ${JSON.stringify(call.structured)}`);
  }
  const progress = progressSeen - progressBefore;
  report.progress += progress;
  if (call.progress !== undefined) {
    if (progress !== call.progress) fail(`${what}: ${progress} progress notifications, want ${call.progress}`);
  }
}

try {
  await main();
} catch (e) {
  fail(`${e.stack ?? e}`);
}
report.failures = failures.length;
console.log(JSON.stringify(report));
process.exit(failures.length ? 1 : 0);
