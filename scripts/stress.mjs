// `npm run stress`: soak, crash, garbage and shutdown against the built server, on the embedded
// default and on PostgreSQL (a fresh database, dropped afterwards); loopback only, every loop
// bounded. Prints each scenario's figures and one verdict line per scenario and database; exits 1
// when a verdict fails. `--quick`: about a minute each; `--short`: the few seconds each of
// `npm test` (the embedded default only, unless --database says otherwise); `--only=soak,crash`, `--database=embedded`, `--seed=N` narrow or replay a run;
// `--soak-minutes=N` sets the soak's length.
// Decision 060.
import { loadavg } from 'node:os';
import { buildIfStale } from './build-if-stale.mjs';
import { crash } from './stress/crash.mjs';
import { garbage } from './stress/garbage.mjs';
import { shutdown } from './stress/shutdown.mjs';
import { soak } from './stress/soak.mjs';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const mode = args.has('short') ? 'short' : args.has('quick') ? 'quick' : 'full';
const seed = Number(args.get('seed') ?? process.env.STRESS_SEED ?? Date.now() % 1_000_000);
/** `--soak-minutes=N`: a soak of another length than its mode's (a longer one tells growth from a leak). */
const soakMinutes = args.has('soak-minutes') ? Number(args.get('soak-minutes')) : null;
const only = args.has('only') ? String(args.get('only')).split(',') : null;
/**
 * Both databases, but the short run of `npm test` only the embedded default (decision 060): the
 * engine that ships and the one with a child process a kill can orphan, in about two minutes.
 */
const databases = args.has('database')
  ? String(args.get('database')).split(',')
  : mode === 'short'
    ? ['embedded']
    : ['embedded', 'postgres'];

/** Each scenario's size by mode: full is the issue's, quick about a minute, short a few seconds. */
const SIZES = {
  soak: {
    full: { durationS: 1800, rate: 10, clients: 100, lagLimitS: 5 },
    quick: { durationS: 60, rate: 10, clients: 20, lagLimitS: 5 },
    // The short run shares the two cores with the rest of the Vitest run of `npm test`: it proves
    // that mail keeps flowing; the 5 s are the full and quick runs'.
    short: { durationS: 12, rate: 6, clients: 6, lagLimitS: 30 },
  },
  crash: {
    full: { rounds: 10, bookingsPerRound: 40, webhooksPerRound: 40 },
    quick: { rounds: 3, bookingsPerRound: 30, webhooksPerRound: 30 },
    short: { rounds: 1, bookingsPerRound: 20, webhooksPerRound: 20 },
  },
  garbage: {
    full: { requests: 10_000 },
    quick: { requests: 2_000 },
    short: { requests: 400 },
  },
  shutdown: {
    full: { rounds: 3 },
    quick: { rounds: 1 },
    short: { rounds: 1 },
  },
};
const scenarios = { soak, crash, garbage, shutdown };

const log = (line) => console.log(line);
buildIfStale({ quiet: true });
console.log(
  `stress (${mode}), seed ${seed}, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; replay with --seed=${seed}`,
);
const verdicts = [];
const started = performance.now();
for (const [name, run] of Object.entries(scenarios)) {
  if (only && !only.includes(name)) continue;
  for (const database of databases) {
    const began = performance.now();
    const size = { ...SIZES[name][mode] };
    if (name === 'soak' && soakMinutes) size.durationS = soakMinutes * 60;
    const verdict = await run(database, { ...size, seed, log, mode });
    console.log(`${verdict.line}  (${((performance.now() - began) / 1000).toFixed(0)} s)`);
    verdicts.push(verdict);
  }
}
console.log(`\nverdicts (${((performance.now() - started) / 1000).toFixed(0)} s in all):`);
for (const verdict of verdicts) console.log(verdict.line);
process.exit(verdicts.every((verdict) => verdict.pass) ? 0 : 1);
