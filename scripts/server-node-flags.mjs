import { availableParallelism } from 'node:os';

/**
 * How `npm start` runs the server's Node, and how the benchmarks measure it (decision 051):
 * - V8's young generation capped at 4 MB a half (16 MB by default): about 25 MB less resident;
 * - V8's background threads (concurrent marking, compiling) one fewer than the cores, the main
 *   thread having one (Node's default is 4 whatever the machine; each holds its own memory);
 * - `gc()` exposed, for the one collection that gives memory back once the site is quiet
 *   (apps/server/src/idle-collector.ts).
 * Source maps are not loaded (`--enable-source-maps` holds 10 MB): stack traces name the bundle's
 * lines, which keep the source's names; set NODE_OPTIONS=--enable-source-maps to map them.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  `--v8-pool-size=${Math.max(1, availableParallelism() - 1)}`,
  '--expose-gc',
];
