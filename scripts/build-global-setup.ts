// The process tests' global set-up: the build brought up to date once, before any file runs. Two
// files run at a time (decision 068), and each building a stale tree on its own wrote the same
// output twice at once, which failed both.
import { buildIfStale } from './build-if-stale.mjs';

export default function buildOnce() {
  buildIfStale({ quiet: true });
}
