/**
 * Indexes the app's stylesheet by the classes each rule needs, so the server can inline only the
 * rules a rendered page uses (decision 070). Written to `.vite/stylesheet-index.json` beside the
 * manifest, which only the server reads; apps/server/src/plugins/critical-css.ts reads it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import postcss, { type ChildNode, type Container } from 'postcss';
import type { Plugin } from 'vite';

export interface IndexedRule {
  /** The at-rules around the rule, outermost first, e.g. `@layer utilities`, `@media (width>=40rem)`. */
  within: string[];
  css: string;
  /** Per selector, the classes it needs on the page; null when the rule is always kept. */
  needs: string[][] | null;
}

export interface StylesheetIndex {
  /** The stylesheet as index.html links it, e.g. `assets/index-abc.css`. */
  file: string;
  /** The cascade layers in the order the stylesheet declares them. */
  layers: string[];
  rules: IndexedRule[];
}

/** At-rules that only group other rules: their rules are kept or dropped one by one. */
const GROUPING = new Set(['layer', 'media', 'supports', 'container']);

const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g;

function unescapeCss(name: string): string {
  return name.replace(ESCAPE, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** Outside any parentheses: a class inside `:not(…)`, `:is(…)` or `:where(…)` is not required. */
function topLevel(selector: string): string {
  let depth = 0;
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') {
      if (depth === 0) out += selector.slice(i, i + 2);
      i++;
    } else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|[^\p{ASCII}])+)/gu;

/** The classes each selector needs, or null when one of them needs none (it may match anything). */
export function classesNeeded(selectors: string[]): string[][] | null {
  const needs: string[][] = [];
  for (const selector of selectors) {
    const classes = [...topLevel(selector).matchAll(CLASS)].map((m) => unescapeCss(m[1]!));
    if (classes.length === 0) return null;
    needs.push(classes);
  }
  return needs;
}

export function indexStylesheet(css: string, file: string): StylesheetIndex {
  const layers: string[] = [];
  const rules: IndexedRule[] = [];
  const declareLayers = (params: string) => {
    for (const name of params.split(',').map((part) => part.trim()))
      if (name && !layers.includes(name)) layers.push(name);
  };
  const visit = (container: Container, within: string[]) => {
    container.each((node: ChildNode) => {
      if (node.type === 'rule') {
        rules.push({ within, css: node.toString(), needs: classesNeeded(node.selectors) });
      } else if (node.type === 'atrule') {
        if (node.name === 'layer') declareLayers(node.params);
        if (GROUPING.has(node.name) && node.nodes) {
          visit(node, [...within, `@${node.name}${node.params ? ` ${node.params}` : ''}`]);
        } else {
          // A statement (`@layer a, b;`) is printed without the semicolon that ends it.
          const css = node.nodes ? node.toString() : `${node.toString()};`;
          rules.push({ within, css, needs: null });
        }
      }
    });
  };
  visit(postcss.parse(css), []);
  return { file, layers, rules };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/** After the browser build: indexes the stylesheet index.html links. */
export function stylesheetIndex(): Plugin {
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'consult:stylesheet-index',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async writeBundle() {
      if (serverBuild) return;
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const file = html.match(STYLESHEET_LINK)?.[1];
      if (!file) return;
      const index = indexStylesheet(await readFile(join(outDir, file), 'utf8'), file);
      await mkdir(join(outDir, '.vite'), { recursive: true });
      await writeFile(join(outDir, '.vite', 'stylesheet-index.json'), JSON.stringify(index));
    },
  };
}
