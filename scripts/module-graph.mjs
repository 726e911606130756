#!/usr/bin/env node
/**
 * The server's import graph at the folder level: each module of apps/server/src/modules and each
 * platform folder (db, jobs, plugins) is a node. Prints the pairs that import each other both ways,
 * the imports into another module's non-public file (anything but its index.ts), the table files
 * that refer to another module's table file (counted apart: the one way the lint zones allow), and
 * the file-level cycles (type-only imports count here as they do for the lint zones, not for cycles).
 * Used by docs/decisions/053 and docs/ARCHITECTURE.md for their figures.
 *
 *   node scripts/module-graph.mjs            summary and details
 *   node scripts/module-graph.mjs --edges    also every folder-to-folder edge with its count
 *   node scripts/module-graph.mjs --json     the figures as JSON
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'apps/server/src');
const platformFolders = ['db', 'jobs', 'plugins'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The folder a file belongs to: `bookings` for modules/bookings/…, `db` for db/…, else null. */
function nodeOf(file) {
  const rel = relative(src, file).split('/');
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  if (platformFolders.includes(rel[0]) && rel.length > 1) return rel[0];
  return null;
}

function isPublicFile(file) {
  const rel = relative(src, file).split('/');
  return rel[0] === 'modules' ? rel.length === 3 && rel[2] === 'index.ts' : true;
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(importPattern)) {
    const spec = match[3] ?? match[4];
    const target = resolveImport(file, spec);
    if (!target || !target.startsWith(src) || /\.test\.ts$/.test(target)) continue;
    // `import { type A, type B }` is type-only as well.
    const clause = match[0];
    const typeOnly =
      Boolean(match[2]) ||
      (/\{([^}]*)\}/.test(clause) &&
        !/\bfrom\b[^{]*\bdefault\b/.test(clause) &&
        /^\s*(import|export)\s+\{/.test(clause.trim()) &&
        clause
          .match(/\{([^}]*)\}/)[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => s.startsWith('type ')));
    found.push({ target, typeOnly });
  }
  return found;
}

const files = sourceFiles(src);
const edges = new Map(); // "a -> b" → count
const internalReaches = [];
const tableReferences = [];
const fileGraph = new Map(); // runtime imports only, as import-x/no-cycle counts them
for (const file of files) {
  const from = nodeOf(file);
  const runtime = [];
  for (const { target, typeOnly } of importsOf(file)) {
    if (!typeOnly) runtime.push(target);
    const to = nodeOf(target);
    if (!from || !to || from === to) continue;
    const reach = `${relative(src, file)} -> ${relative(src, target)}`;
    // A table file referring to another module's table (a foreign key), and db/schema.ts gathering
    // every module's tables for drizzle: counted apart, as the lint zones allow them (decision 053).
    if (basename(file) === 'schema.ts' && basename(target) === 'schema.ts') {
      tableReferences.push(reach);
      continue;
    }
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
    if (!isPublicFile(target)) internalReaches.push(reach);
  }
  fileGraph.set(file, runtime);
}

const modules = readdirSync(join(src, 'modules')).filter((name) =>
  statSync(join(src, 'modules', name)).isDirectory(),
);
const bothWays = [];
for (const key of edges.keys()) {
  const [a, b] = key.split(' -> ');
  if (a < b && edges.has(`${b} -> ${a}`)) bothWays.push(`${a} <-> ${b}`);
}
const moduleBothWays = bothWays.filter((pair) =>
  pair.split(' <-> ').every((node) => modules.includes(node)),
);

// File-level cycles: strongly connected components of more than one file (Tarjan).
const cycles = [];
{
  let index = 0;
  const stack = [];
  const state = new Map();
  const visit = (file) => {
    const entry = { index, low: index, onStack: true };
    index += 1;
    state.set(file, entry);
    stack.push(file);
    for (const next of fileGraph.get(file) ?? []) {
      if (!state.has(next)) {
        visit(next);
        entry.low = Math.min(entry.low, state.get(next).low);
      } else if (state.get(next).onStack) entry.low = Math.min(entry.low, state.get(next).index);
    }
    if (entry.low === entry.index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(relative(src, member));
      } while (member !== file);
      if (component.length > 1) cycles.push(component);
    }
  };
  for (const file of fileGraph.keys()) if (!state.has(file)) visit(file);
}

const moduleEdges = [...edges.keys()].filter((key) =>
  key.split(' -> ').every((node) => modules.includes(node)),
);
const figures = {
  modules: modules.length,
  moduleDirections: moduleEdges.length,
  possibleDirections: modules.length * (modules.length - 1),
  bothWaysModulePairs: moduleBothWays.length,
  bothWaysPairs: bothWays.length,
  importsIntoNonPublicFiles: internalReaches.length,
  tableReferences: tableReferences.length,
  fileCycles: cycles.length,
};

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({ ...figures, bothWays, internalReaches, tableReferences, cycles }, null, 2),
  );
} else {
  console.log(
    `modules: ${figures.modules}; module-to-module directions: ${figures.moduleDirections} of ${figures.possibleDirections}`,
  );
  console.log(`module pairs importing each other both ways: ${figures.bothWaysModulePairs}`);
  console.log(`all folder pairs (with db, jobs, plugins) both ways: ${figures.bothWaysPairs}`);
  for (const pair of bothWays) console.log(`  ${pair}`);
  console.log(
    `imports into another module's non-public file: ${figures.importsIntoNonPublicFiles}`,
  );
  console.log(
    `table files referring to another module's table file (schema.ts, db/schema.ts): ${figures.tableReferences}`,
  );
  console.log(`file-level cycles: ${figures.fileCycles}`);
  for (const cycle of cycles) console.log(`  ${cycle.join(' -> ')}`);
  if (process.argv.includes('--edges')) {
    for (const [key, count] of [...edges].sort()) console.log(`  ${key} (${count})`);
  }
  if (process.argv.includes('--reaches'))
    for (const line of internalReaches) console.log(`  ${line}`);
}
