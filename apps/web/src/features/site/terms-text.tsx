import { useMemo } from 'react';
import { renderTermsMarkdown } from './terms-markdown';

/** The terms' Markdown, rendered safely (terms-markdown.ts) and styled like the rest of the site. */
export function TermsText({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderTermsMarkdown(markdown), [markdown]);
  return (
    <div
      className="text-base leading-relaxed text-muted [&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink [&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-ink [&_li]:mt-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:text-ink [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6"
      // The HTML comes from renderTermsMarkdown, which escapes raw HTML and unsafe links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
