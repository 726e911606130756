import { describe, expect, it } from 'vitest';
import { renderTermsMarkdown } from './terms-markdown';

describe('renderTermsMarkdown', () => {
  it('renders headings from h2 on, paragraphs, lists and emphasis', () => {
    const html = renderTermsMarkdown(
      '# Terms\n\n## Fees\n\nPaid **before** the session.\n\n- one\n- two',
    );
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).toContain('<h2>Fees</h2>');
    expect(html).toContain('<p>Paid <strong>before</strong> the session.</p>');
    expect(html).toContain('<li>one</li>');
  });

  it('shows raw HTML as text: a script never reaches the page', () => {
    const html = renderTermsMarkdown(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="javascript:alert(3)">x</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('keeps http(s) and mailto links and drops the address of any other', () => {
    const html = renderTermsMarkdown(
      [
        '[site](https://example.com/a?b=1&c="2") [mail](mailto:hello@example.com)',
        '[bad](javascript:alert(1)) [worse](JaVaScRiPt:alert(1)) [data](data:text/html,x)',
        '[entity](jav&#x09;ascript:alert(1)) [relative](/admin) ![pic](https://example.com/p.png)',
        '<javascript:alert(1)>',
      ].join('\n\n'),
    );
    expect(html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=&quot;2&quot;" rel="noopener noreferrer">site</a>',
    );
    expect(html).toContain('<a href="mailto:hello@example.com" rel="noopener noreferrer">mail</a>');
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).not.toMatch(/javascript:alert\(1\)"|href="(?!https:|mailto:)/i);
    expect(html).toContain('bad');
    expect(html).not.toContain('<img');
    expect(html).toContain('pic');
  });
});
