import { FULL_STYLESHEET_ID } from '@consult/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module keeps one load per page: each test is a page of its own. */
async function freshLoader() {
  vi.resetModules();
  return (await import('./full-stylesheet')).loadFullStylesheet;
}

const stylesheetLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
    link.getAttribute('href'),
  );

/**
 * happy-dom fires `load` on a stylesheet link by itself: held back here, so each test says when
 * the stylesheet has loaded or failed.
 */
let settling = false;
function holdBack(event: Event) {
  if (event.target instanceof HTMLLinkElement && !settling) event.stopImmediatePropagation();
}
function settle(type: 'load' | 'error') {
  settling = true;
  document.head.querySelector('link')!.dispatchEvent(new Event(type));
  settling = false;
}

beforeEach(() => {
  document.addEventListener('load', holdBack, true);
  document.addEventListener('error', holdBack, true);
  document.head.innerHTML = `<style>.flex{display:flex}</style><template id="${FULL_STYLESHEET_ID}"><link rel="stylesheet" crossorigin href="/assets/index-a.css"></template>`;
});

afterEach(() => {
  document.removeEventListener('load', holdBack, true);
  document.removeEventListener('error', holdBack, true);
  document.head.innerHTML = '';
});

describe('loadFullStylesheet', () => {
  it('adds the link the server left in its template, once, and waits until it has loaded', async () => {
    const loadFullStylesheet = await freshLoader();
    let loaded = false;
    const first = loadFullStylesheet().then(() => (loaded = true));
    expect(loadFullStylesheet()).toBe(loadFullStylesheet());
    expect(stylesheetLinks()).toEqual(['/assets/index-a.css']);
    expect(document.getElementById(FULL_STYLESHEET_ID)).toBeNull();
    await Promise.resolve();
    expect(loaded).toBe(false);

    settle('load');
    await first;
    expect(loaded).toBe(true);
    expect(stylesheetLinks()).toEqual(['/assets/index-a.css']);
  });

  it('goes on when the stylesheet fails to load: the page keeps its inline styles', async () => {
    const loadFullStylesheet = await freshLoader();
    const done = loadFullStylesheet();
    settle('error');
    await expect(done).resolves.toBeUndefined();
  });

  it('adds nothing on a page rendered in the browser, which links the stylesheet itself', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-a.css">';
    const loadFullStylesheet = await freshLoader();
    await expect(loadFullStylesheet()).resolves.toBeUndefined();
    expect(stylesheetLinks()).toEqual(['/assets/index-a.css']);
  });
});
