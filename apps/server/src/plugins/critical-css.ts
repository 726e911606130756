/**
 * The CSS a rendered page needs for its first paint (decision 070): the rules of the app's
 * stylesheet whose classes the page's HTML holds, with the rules that need no class (the theme,
 * the base styles, keyframes). The whole stylesheet would be 45 KB for a page that uses a fifth of
 * it, parsed and matched under a phone's CPU before the first paint. The page loads the whole
 * stylesheet when the app starts (apps/web/src/lib/full-stylesheet.ts), before it renders anything
 * the server did not.
 */

/** `.vite/stylesheet-index.json`, written by the web build (apps/web/build/stylesheet-index.ts). */
export interface StylesheetIndex {
  file: string;
  layers: string[];
  rules: Array<{ within: string[]; css: string; needs: string[][] | null }>;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITY = /&(amp|quot|#x27|#39|lt|gt);/g;
const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  lt: '<',
  gt: '>',
};

/** Every class the page's elements carry (React escapes `&`, quotes and angle brackets). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value!
      .replace(ENTITY, (_, entity: string) => ENTITIES[entity]!)
      .split(/\s+/))
      if (name) classes.add(name);
  }
  return classes;
}

/** The stylesheet's rules that `html` may use, in their order, inside their at-rules. */
export function criticalCss(index: StylesheetIndex, html: string): string {
  const present = classesIn(html);
  // Declared first, the layers keep their order whichever of them the page's rules leave out.
  let css = index.layers.length ? `@layer ${index.layers.join(',')};` : '';
  let open: string[] = [];
  for (const rule of index.rules) {
    if (rule.needs && !rule.needs.some((classes) => classes.every((c) => present.has(c)))) continue;
    let shared = 0;
    while (
      shared < open.length &&
      shared < rule.within.length &&
      open[shared] === rule.within[shared]
    )
      shared++;
    css += '}'.repeat(open.length - shared);
    css += rule.within
      .slice(shared)
      .map((atRule) => `${atRule}{`)
      .join('');
    css += rule.css;
    open = rule.within;
  }
  return css + '}'.repeat(open.length);
}
