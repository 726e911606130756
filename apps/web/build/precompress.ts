/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the browser build, at the
 * strongest settings: the server sends the copy the browser's Accept-Encoding asks for, with no
 * compression work per request (docs/decisions/025-compression-and-asset-caching.md).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function precompressFile(file: string) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Every text file under `dir`, but not the manifest in `.vite/`, which only the server reads. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(join(dir, '.vite')));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'consult:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      await Promise.all((await textFiles(outDir)).map(precompressFile));
    },
  };
}
