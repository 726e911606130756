import { describe, expect, it } from 'vitest';
import { landingShell, type Manifest } from './web-app';

const indexHtml = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="modulepreload" crossorigin href="/assets/api-c.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
  </head>`;

describe("the landing page's shell", () => {
  it("puts the landing entry and its chunks in place of the app's script and preloads", () => {
    const manifest: Manifest = {
      'src/landing-main.tsx': {
        file: 'assets/landing-e.js',
        isEntry: true,
        imports: ['_helper.js'],
      },
      '_helper.js': { file: 'assets/helper-f.js', imports: ['_helper.js'] },
    };
    const html = landingShell(indexHtml, manifest)!;
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/landing-e.js"></script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/helper-f.js">');
    expect(html).not.toContain('index-a.js');
    expect(html).not.toContain('api-c.js');
    expect(html).not.toContain('react-b.js');
    // The stylesheet stays, for the server to inline.
    expect(html).toContain('/assets/index-d.css');
  });

  it('is null when the build has no landing entry', () => {
    expect(landingShell(indexHtml, {})).toBeNull();
  });
});
