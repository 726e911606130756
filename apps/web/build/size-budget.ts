/**
 * JavaScript budgets (decisions 048 and 052): after the browser build is written, the gzip size of
 * what an entry loads (its chunk and every chunk it imports, each once, less what earlier steps
 * loaded) is compared with its budget, and the build fails naming the entry, its size and the
 * budget when it is over.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  /** What the figure is, as the build's message names it. */
  name: string;
  /** Manifest keys (source paths) or chunk names whose chunks, with all they import, make the figure. */
  chunks: string[];
  /**
   * Manifest keys, or chunk names (`react`), of what earlier tasks evaluated: their files, with all
   * they import, are not counted. The app's start-up is measured step by step this way (052).
   */
  after?: string[];
  maxKb: number;
}

const MANIFEST_FILE = '.vite/manifest.json';

/** The manifest key of `keyOrName`: itself, or the key of the chunk of that name. */
function manifestKey(manifest: Manifest, keyOrName: string): string | undefined {
  if (manifest[keyOrName]) return keyOrName;
  return Object.keys(manifest).find((key) => manifest[key]!.name === keyOrName);
}

/** The files the chunks of `keys` load: their own and every chunk they import, each once. */
export function filesLoaded(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

export interface BudgetFigure {
  budget: Budget;
  kb: number;
  files: number;
}

/**
 * Each budget's figure, and a sentence for each one passed. A key missing from the manifest is a
 * problem too: a renamed entry must not leave its budget measuring nothing.
 */
export function checkBudgets(
  budgets: Budget[],
  manifest: Manifest,
  gzipBytes: (file: string) => number,
): { figures: BudgetFigure[]; problems: string[] } {
  const figures: BudgetFigure[] = [];
  const problems: string[] = [];
  for (const budget of budgets) {
    const after = budget.after ?? [];
    const missing = [
      ...budget.chunks.filter((key) => !manifestKey(manifest, key)),
      ...after.filter((key) => !manifestKey(manifest, key)),
    ];
    if (missing.length) {
      problems.push(`${budget.name}: no chunk for ${missing.join(', ')} in the build's manifest`);
      continue;
    }
    const loadedBefore = new Set(
      filesLoaded(
        manifest,
        after.map((key) => manifestKey(manifest, key)!),
      ),
    );
    const files = filesLoaded(
      manifest,
      budget.chunks.map((key) => manifestKey(manifest, key)!),
    ).filter((file) => !loadedBefore.has(file));
    const kb = files.reduce((total, file) => total + gzipBytes(file), 0) / 1024;
    figures.push({ budget, kb, files: files.length });
    if (kb > budget.maxKb) {
      problems.push(
        `${budget.name} loads ${kb.toFixed(1)} KB of JavaScript (gzip, ${files.length} files), over its budget of ${budget.maxKb} KB`,
      );
    }
  }
  return { figures, problems };
}

/** Fails `vite build` when a budget is passed; prints every figure otherwise. */
export function sizeBudget(budgets: Budget[]): Plugin {
  return {
    name: 'consult:size-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const manifestAsset = bundle[MANIFEST_FILE];
      if (manifestAsset?.type !== 'asset') {
        this.error(`the JavaScript budget needs the build's manifest (${MANIFEST_FILE})`);
      }
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const gzipBytes = (file: string) => {
        const output = bundle[file];
        const code = output?.type === 'chunk' ? output.code : String(output?.source ?? '');
        return gzipSync(code, { level: 9 }).length;
      };
      const { figures, problems } = checkBudgets(budgets, manifest, gzipBytes);
      if (problems.length) this.error(`JavaScript budget passed: ${problems.join('; ')}`);
      for (const { budget, kb, files } of figures) {
        this.info(
          `${budget.name}: ${kb.toFixed(1)} KB of JavaScript (gzip, ${files} files), budget ${budget.maxKb} KB`,
        );
      }
    },
  };
}
