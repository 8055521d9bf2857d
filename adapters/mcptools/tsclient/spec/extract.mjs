// extract.mjs writes, for each protocol version, the part of the MCP
// specification's schema (schema/VERSION/schema.json of the
// modelcontextprotocol/modelcontextprotocol repository) that check.mjs
// validates a server's messages against: the definitions the results of
// initialize, tools/list and tools/call and the progress notification use,
// as they are there (2026-07-28 has no initialize).
//
//	node extract.mjs SPEC_REPO_DIR COMMIT
import { readFileSync, writeFileSync } from 'node:fs';

export const roots = ['InitializeResult', 'ListToolsResult', 'CallToolResult', 'ProgressNotification'];
const versions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

const [dir, commit] = process.argv.slice(2);
if (!dir || !commit) throw new Error('usage: node extract.mjs SPEC_REPO_DIR COMMIT');
for (const v of versions) {
  const full = JSON.parse(readFileSync(`${dir}/schema/${v}/schema.json`, 'utf8'));
  const key = full.$defs ? '$defs' : 'definitions';
  const defs = full[key];
  const keep = new Set();
  const visit = (name) => {
    if (keep.has(name)) return;
    if (!defs[name]) throw new Error(`${v}: no definition ${name}`);
    keep.add(name);
    walk(defs[name]);
  };
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [k, val] of Object.entries(node)) {
      if (k === '$ref' && typeof val === 'string') visit(val.replace(`#/${key}/`, ''));
      else walk(val);
    }
  };
  // 2026-07-28 has no initialize.
  roots.filter((r) => defs[r]).forEach(visit);
  const out = {
    $schema: full.$schema,
    $comment: `Part of schema/${v}/schema.json of github.com/modelcontextprotocol/modelcontextprotocol at ${commit} (MIT or Apache-2.0, see that repository's LICENSE), written by extract.mjs.`,
    [key]: Object.fromEntries([...keep].sort().map((n) => [n, defs[n]])),
  };
  writeFileSync(new URL(`${v}.json`, import.meta.url), JSON.stringify(out, null, 1) + '\n');
  console.log(v, keep.size, 'definitions');
}
