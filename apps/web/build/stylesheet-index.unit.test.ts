import { describe, expect, it } from 'vitest';
import { classesNeeded, indexStylesheet } from './stylesheet-index';

/** A stylesheet shaped as Tailwind builds it: layers, a media query, escaped names, keyframes. */
const CSS = [
  '@layer theme{:root{--color-brand:#0f3d3e}}',
  '@layer base{*,:after{box-sizing:border-box}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.sm\\:py-14:hover{padding:1rem}',
  '@media (width>=40rem){.sm\\:flex{display:flex}}',
  '.\\[\\&_a\\]\\:underline a{text-decoration:underline}',
  ':where(.space-y-2>:not(:last-child)){margin-top:.5rem}}',
  '.\\32 xl\\:p-0{padding:0}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

describe('the stylesheet index', () => {
  const index = indexStylesheet(CSS, 'assets/index-a.css');

  it('names the stylesheet and its layers in the order it declares them', () => {
    expect(index.file).toBe('assets/index-a.css');
    expect(index.layers).toEqual(['theme', 'base', 'components', 'utilities']);
  });

  it('keeps each rule whole inside its at-rules, in order', () => {
    expect(index.rules.map((rule) => [rule.within.join(' '), rule.css])).toEqual([
      ['@layer theme', ':root{--color-brand:#0f3d3e}'],
      ['@layer base', '*,:after{box-sizing:border-box}'],
      ['', '@layer components;'],
      ['@layer utilities', '.flex{display:flex}'],
      ['@layer utilities', '.sm\\:py-14:hover{padding:1rem}'],
      ['@layer utilities @media (width>=40rem)', '.sm\\:flex{display:flex}'],
      ['@layer utilities', '.\\[\\&_a\\]\\:underline a{text-decoration:underline}'],
      ['@layer utilities', ':where(.space-y-2>:not(:last-child)){margin-top:.5rem}'],
      ['', '.\\32 xl\\:p-0{padding:0}'],
      ['', '@keyframes spin{to{transform:rotate(1turn)}}'],
    ]);
  });

  it('names the classes a rule needs as the page writes them, unescaped', () => {
    expect(index.rules.map((rule) => rule.needs)).toEqual([
      null,
      null,
      null,
      [['flex']],
      [['sm:py-14']],
      [['sm:flex']],
      [['[&_a]:underline']],
      // Inside :where(…) a class is not required: the rule is kept.
      null,
      [['2xl:p-0']],
      null,
    ]);
  });

  it('needs every class of a selector, any selector of a list, and none inside :not(…) or :is(…)', () => {
    expect(classesNeeded(['.a.b>.c', '.d'])).toEqual([['a', 'b', 'c'], ['d']]);
    expect(classesNeeded(['.a:not(.b)', '.c:is(.d,.e)'])).toEqual([['a'], ['c']]);
    expect(classesNeeded(['.a', 'button'])).toBeNull();
  });
});
