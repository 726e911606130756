/**
 * A page rendered on the server inlines only the CSS it shows (decision 070) and holds the link to
 * the whole stylesheet in a template. The app adds that link when it starts, and renders nothing
 * the server did not before it has loaded: a dialog or an error opened later finds its styles.
 * On a page rendered in the browser there is no template (index.html links the stylesheet).
 */
import { FULL_STYLESHEET_ID } from '@consult/shared';

let loaded: Promise<void> | undefined;

/** Adds the whole stylesheet once; resolves when it has loaded, or failed (the page goes on). */
export function loadFullStylesheet(): Promise<void> {
  loaded ??= new Promise((resolve) => {
    const template = document.getElementById(FULL_STYLESHEET_ID);
    const link =
      template instanceof HTMLTemplateElement ? template.content.querySelector('link') : null;
    if (!link) return resolve();
    const added = document.importNode(link, true);
    added.addEventListener('load', () => resolve(), { once: true });
    added.addEventListener('error', () => resolve(), { once: true });
    document.head.append(added);
    template?.remove();
  });
  return loaded;
}
