// `node scripts/securityHeaders.mjs --origin https://app.example.org --registry runtime-config.json`
// Prints the headers a CDN must send for a deployment: the shell page's Content-Security-Policy (its
// inline starts hashed from the built apps/shell/dist/index.html, the registry's remote and API
// origins) and the headers of every other file. Run it at each deploy of the shell, and whenever the
// registry names a new origin (docs/security-headers.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { workspaceRoot } from '../build/federation.mjs';
import { cdnHeaders } from './lib/securityHeaders.mjs';

const { values } = parseArgs({
  options: {
    origin: { type: 'string' },
    registry: { type: 'string' },
    index: { type: 'string', default: path.join(workspaceRoot, 'apps/shell/dist/index.html') },
    format: { type: 'string', default: 'text' },
  },
});

if (!values.origin || !values.registry || !['text', 'json', 'netlify'].includes(values.format ?? '')) {
  console.error('Usage: node scripts/securityHeaders.mjs --origin https://app.example.org --registry runtime-config.json [--index apps/shell/dist/index.html] [--format text|json|netlify]');
  process.exit(2);
}

const origin = new URL(values.origin).origin;
const registry = JSON.parse(await readFile(values.registry, 'utf8'));
const indexHtml = await readFile(values.index);
const table = cdnHeaders({ origin, registry, indexHtml });

if (values.format === 'json') {
  console.log(JSON.stringify(table, null, 2));
} else if (values.format === 'netlify') {
  // The _headers file of Netlify and Cloudflare Pages for the shell's deployment: one rule for every path
  // (a browser applies a Content-Security-Policy only to documents, so the files carrying it too is harmless).
  const [page] = table;
  console.log('/*');
  for (const [name, value] of Object.entries(page?.headers ?? {})) console.log(`  ${name}: ${value}`);
} else {
  for (const { where, headers } of table) {
    console.log(`${where}\n${Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`);
  }
}
