import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, type StylesheetIndex } from './critical-css';

const index: StylesheetIndex = {
  file: 'assets/index-a.css',
  layers: ['theme', 'base', 'components', 'utilities'],
  rules: [
    { within: ['@layer theme'], css: ':root{--brand:teal}', needs: null },
    { within: ['@layer utilities'], css: '.flex{display:flex}', needs: [['flex']] },
    { within: ['@layer utilities'], css: '.grid{display:grid}', needs: [['grid']] },
    {
      within: ['@layer utilities', '@media (width>=40rem)'],
      css: '.sm\\:flex{display:flex}',
      needs: [['sm:flex']],
    },
    {
      within: ['@layer utilities', '@media (width>=40rem)'],
      css: '.sm\\:grid{display:grid}',
      needs: [['sm:grid']],
    },
    { within: ['@layer utilities'], css: '.a.b,.c{color:red}', needs: [['a', 'b'], ['c']] },
    { within: [], css: '@keyframes spin{to{rotate:1turn}}', needs: null },
  ],
};

describe("a rendered page's CSS", () => {
  it('reads the classes of every element, with the characters React escapes', () => {
    expect(
      classesIn('<div class="flex  sm:flex"><a class="[&amp;_a]:underline x&#x27;y">'),
    ).toEqual(new Set(['flex', 'sm:flex', '[&_a]:underline', "x'y"]));
  });

  it('keeps the rules the page uses and those that need no class, inside their at-rules', () => {
    expect(criticalCss(index, '<main class="flex sm:flex"></main>')).toBe(
      '@layer theme,base,components,utilities;' +
        '@layer theme{:root{--brand:teal}}' +
        '@layer utilities{.flex{display:flex}@media (width>=40rem){.sm\\:flex{display:flex}}}' +
        '@keyframes spin{to{rotate:1turn}}',
    );
  });

  it('keeps a rule when one of its selectors has all its classes on the page', () => {
    expect(criticalCss(index, '<p class="a"></p><p class="c"></p>')).toContain(
      '.a.b,.c{color:red}',
    );
    expect(criticalCss(index, '<p class="a"></p>')).not.toContain('color:red');
  });

  it('closes and reopens at-rules where the kept rules change them', () => {
    expect(criticalCss(index, '<p class="sm:grid grid a b"></p>')).toBe(
      '@layer theme,base,components,utilities;' +
        '@layer theme{:root{--brand:teal}}' +
        '@layer utilities{.grid{display:grid}@media (width>=40rem){.sm\\:grid{display:grid}}' +
        '.a.b,.c{color:red}}' +
        '@keyframes spin{to{rotate:1turn}}',
    );
  });
});
