import { availableParallelism } from 'node:os';

/**
 * How `npm start` runs the server's Node, and how the benchmarks measure it (decision 051):
 * - V8's young generation capped at 4 MB a half (16 MB by default): about 25 MB less resident;
 * - V8's old generation allowed to grow to 1.3 times what survived the last full collection before
 *   the next one (the factor V8 itself uses when it reduces memory), instead of up to 4 times: under
 *   steady traffic the heap otherwise kept growing for half an hour (Node 183 → 344 MB while its
 *   live objects stayed at 60 MB), and 10,000 requests left 192 MB instead of 156 MB, at the same
 *   requests per second (decision 051);
 * - V8's background threads (concurrent marking, compiling) one fewer than the cores, the main
 *   thread having one (Node's default is 4 whatever the machine; each holds its own memory);
 * - `gc()` exposed, for the one collection that gives memory back once the site is quiet
 *   (apps/server/src/idle-collector.ts).
 * Source maps are not loaded (`--enable-source-maps` holds 10 MB): stack traces name the bundle's
 * lines, which keep the source's names; set NODE_OPTIONS=--enable-source-maps to map them.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  '--heap-growing-percent=30',
  `--v8-pool-size=${Math.max(1, availableParallelism() - 1)}`,
  '--expose-gc',
];
