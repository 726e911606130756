// Resident memory of a process and every process under it (Linux /proc), for `npm run bench` and
// the memory test. See docs/BENCHMARKS.md ("Memory") for why pages are counted as they are.
import { readdirSync, readFileSync } from 'node:fs';

const KB = 1024;

function rollup(pid) {
  const fields = {};
  for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB/.exec(line);
    if (match) fields[match[1]] = Number(match[2]) * KB;
  }
  return fields;
}

function parentOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name is in parentheses and may hold spaces: the fields after it are fixed.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The processes under `pid`, by depth: [[pid], [children], [grandchildren], ...]. */
function tree(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), parentOf(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  const levels = [[pid]];
  for (;;) {
    const last = new Set(levels.at(-1));
    const next = [...parents].filter(([, parent]) => last.has(parent)).map(([child]) => child);
    if (!next.length) return levels;
    levels.push(next);
  }
}

/**
 * Bytes resident for `pid` and its descendants, four ways:
 * - `node`: the root process's RSS alone;
 * - `once`: every page counted once: the RSS of the root and of its children (Node; PostgreSQL's
 *   postmaster), and only the private pages of deeper processes (PostgreSQL's backends and helpers
 *   are forked from the postmaster and share its binary, libraries and shared memory);
 * - `rssSum`: RSS added up over the processes, which counts those shared pages once per process;
 * - `pss`: proportional set size added up: shared pages divided among every process on the
 *   machine mapping them, so it falls when other Node or PostgreSQL processes run beside.
 */
export function treeMemory(pid) {
  const levels = tree(pid);
  const total = { node: 0, once: 0, rssSum: 0, pss: 0, processes: 0 };
  levels.forEach((pids, depth) => {
    for (const each of pids) {
      let fields;
      try {
        fields = rollup(each);
      } catch {
        continue;
      }
      total.processes += 1;
      total.rssSum += fields.Rss;
      total.pss += fields.Pss;
      total.once += depth <= 1 ? fields.Rss : fields.Private_Clean + fields.Private_Dirty;
      if (depth === 0) total.node = fields.Rss;
    }
  });
  return total;
}

export const toMb = (bytes) => bytes / 1024 / 1024;
