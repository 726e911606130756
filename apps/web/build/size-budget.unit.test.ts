import { describe, expect, it } from 'vitest';
import { checkBudgets, filesLoaded, type Budget, type Manifest } from './size-budget';

const KB = 1024;

/** An entry with a shared chunk it reaches twice, and a chunk only another entry loads. */
const manifest: Manifest = {
  'src/landing-main.tsx': { file: 'assets/landing.js', imports: ['_hint.js', '_react.js'] },
  '_hint.js': { file: 'assets/hint.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js', imports: ['_hint.js'] },
  'index.html': { file: 'assets/index.js', imports: ['_schemas.js'] },
  '_schemas.js': { file: 'assets/schemas.js', name: 'schemas' },
};
const sizes: Record<string, number> = {
  'assets/landing.js': 1 * KB,
  'assets/hint.js': 2 * KB,
  'assets/react.js': 60 * KB,
  'assets/index.js': 5 * KB,
  'assets/schemas.js': 30 * KB,
};
const gzipBytes = (file: string) => sizes[file]!;
const landing = (maxKb: number): Budget => ({
  name: '/ (src/landing-main.tsx)',
  chunks: ['src/landing-main.tsx'],
  maxKb,
});

describe('the JavaScript budget', () => {
  it('counts an entry with every chunk it imports, each once, and nothing it does not load', () => {
    expect(filesLoaded(manifest, ['src/landing-main.tsx']).sort()).toEqual([
      'assets/hint.js',
      'assets/landing.js',
      'assets/react.js',
    ]);
  });

  it('passes an entry within its budget, with its figure', () => {
    const { figures, problems } = checkBudgets([landing(63)], manifest, gzipBytes);
    expect(problems).toEqual([]);
    expect(figures).toEqual([{ budget: landing(63), kb: 63, files: 3 }]);
  });

  it('names the entry, its size and its budget when it is over', () => {
    const { problems } = checkBudgets([landing(62.9)], manifest, gzipBytes);
    expect(problems).toEqual([
      '/ (src/landing-main.tsx) loads 63.0 KB of JavaScript (gzip, 3 files), over its budget of 62.9 KB',
    ]);
  });

  it('fails a budget whose entry is not in the build, rather than measuring nothing', () => {
    const renamed: Budget = { name: '/', chunks: ['src/landing.tsx'], maxKb: 70 };
    expect(checkBudgets([renamed], manifest, gzipBytes).problems).toEqual([
      "/: no chunk for src/landing.tsx in the build's manifest",
    ]);
  });

  it('adds a second entry of one budget, such as a chunk loaded later, to the first', () => {
    const both: Budget = {
      name: 'both',
      chunks: ['src/landing-main.tsx', 'index.html'],
      maxKb: 97,
    };
    expect(checkBudgets([both], manifest, gzipBytes).problems).toEqual([
      'both loads 98.0 KB of JavaScript (gzip, 5 files), over its budget of 97 KB',
    ]);
  });

  it('leaves out what earlier steps loaded, named by key or by chunk name', () => {
    const step: Budget = {
      name: 'the landing entry after React',
      chunks: ['src/landing-main.tsx'],
      after: ['_react.js'],
      maxKb: 1,
    };
    expect(checkBudgets([step], manifest, gzipBytes)).toEqual({
      figures: [{ budget: step, kb: 1, files: 1 }],
      problems: [],
    });
    const byName: Budget = {
      name: 'the entry',
      chunks: ['index.html'],
      after: ['schemas'],
      maxKb: 4,
    };
    expect(checkBudgets([byName], manifest, gzipBytes).problems).toEqual([
      'the entry loads 5.0 KB of JavaScript (gzip, 1 files), over its budget of 4 KB',
    ]);
  });

  it('fails a step whose earlier step is not in the build, rather than counting it', () => {
    const step: Budget = { name: 'step', chunks: ['index.html'], after: ['zod'], maxKb: 40 };
    expect(checkBudgets([step], manifest, gzipBytes).problems).toEqual([
      "step: no chunk for zod in the build's manifest",
    ]);
  });
});
