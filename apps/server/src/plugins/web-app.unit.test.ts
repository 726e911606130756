import { describe, expect, it } from 'vitest';
import { appShell, landingShell, renderedAppShell, type Manifest } from './web-app';

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

describe("the app's shell", () => {
  it("preloads the app's start-up and its chunks, once each, and no other entry", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
      'src/app/start.tsx': { file: 'assets/start-g.js', imports: ['_react.js', '_api.js'] },
      '_react.js': { file: 'assets/react-b.js' },
      '_api.js': { file: 'assets/api-c.js', imports: ['_react.js'] },
    };
    const html = appShell(indexHtml, manifest);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/start-g.js">');
    // Already preloaded by index.html: not a second time.
    expect(html.match(/react-b\.js/g)).toHaveLength(1);
    expect(html.match(/api-c\.js/g)).toHaveLength(1);
    expect(html.indexOf('start-g.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('is index.html as it is when the build has no start-up chunk', () => {
    expect(appShell(indexHtml, {})).toBe(indexHtml);
  });
});

describe('the shell of a page rendered on the server', () => {
  it("keeps the app's entry and stylesheet but preloads nothing, so the page alone uses the network", () => {
    const html = renderedAppShell(indexHtml);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).toContain('/assets/index-d.css');
    expect(html).not.toContain('modulepreload');
  });
});
