// `npm run registry`: writes the runtime registry for an environment, or checks one before a release.
//
//   npm run registry -- --supabase-url https://xyz.supabase.co --anon-key KEY \
//       --remote crm=https://cdn.example.org/crm/2025-11-23/ --remote settings=… [--brand Steward] [--out runtime-config.json]
//   npm run registry -- --check runtime-config.json [--shell apps/shell/dist/mf-manifest.json] [--base https://app.example.org]
//
// --check fetches every remote's mf-manifest.json and refuses (exit 1) a release whose shared
// singletons the shell's build does not satisfy, naming the remote and the module.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { workspaceRoot } from '../build/federation.mjs';
import { buildRegistry, compatibilityProblems, parseRegistry } from './registry/runtimeRegistry.mjs';

async function readJson(location, base) {
  if (/^https?:\/\//.test(location) || (base && location.startsWith('/'))) {
    const url = new URL(location, base);
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(path.resolve(location), 'utf8'));
}

async function check({ file, shell, base }) {
  const registry = parseRegistry(await readJson(file));
  const shellManifest = await readJson(shell);
  const problems = [];
  for (const [remote, { manifest }] of Object.entries(registry.remotes)) {
    try {
      const remoteManifest = await readJson(manifest, base);
      problems.push(...compatibilityProblems(remote, remoteManifest.shared ?? [], shellManifest.shared ?? []));
      console.log(`checked ${remote}: ${manifest}`);
    } catch (error) {
      problems.push({ remote, module: 'mf-manifest.json', problem: `cannot be read (${error instanceof Error ? error.message : error})` });
    }
  }
  for (const { remote, module, problem } of problems) console.error(`REFUSED ${remote}: ${module} ${problem}`);
  console.log(problems.length ? `${problems.length} problem(s): do not release this registry.` : 'Every remote is compatible with the shell.');
  return problems.length ? 1 : 0;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'supabase-url': { type: 'string' },
      'anon-key': { type: 'string' },
      remote: { type: 'string', multiple: true, default: [] },
      brand: { type: 'string' },
      out: { type: 'string', default: 'runtime-config.json' },
      check: { type: 'string' },
      shell: { type: 'string', default: path.join(workspaceRoot, 'apps/shell/dist/mf-manifest.json') },
      base: { type: 'string' },
    },
  });
  if (values.check) return check({ file: values.check, shell: values.shell, base: values.base });
  const remotes = Object.fromEntries(
    values.remote.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`--remote takes name=URL, got "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const registry = buildRegistry({ supabaseUrl: values['supabase-url'] ?? '', anonKey: values['anon-key'] ?? '', remotes, brand: values.brand });
  await writeFile(values.out, `${JSON.stringify(registry, null, 2)}\n`);
  console.log(`wrote ${values.out}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
