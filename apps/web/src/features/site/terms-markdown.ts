/**
 * The terms' Markdown as HTML, the same on the server render and in the browser. Raw HTML in the
 * text is shown as text, never run; links keep their address only when it is http(s) or mailto (a
 * `javascript:` link becomes its words); images show their description. Decision 032.
 */
import { Marked, type Tokens } from 'marked';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const terms = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return 'block' in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const words = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href.trim())) return words;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(href.trim())}"${titled} rel="noopener noreferrer">${words}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
    // The page's own title is the h1: the text's headings start at h2.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(Math.max(depth, 2), 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

export function renderTermsMarkdown(markdown: string): string {
  return terms.parse(markdown, { async: false });
}
