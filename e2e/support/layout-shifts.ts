/** Layout shifts the browser recorded since the page loaded (Chromium's `layout-shift` entries). */
import type { Locator, Page } from '@playwright/test';

/**
 * The shifts that moved `element` (or something inside or around it) since the page loaded,
 * as `{ value, node }` with the moved node's tag; empty when it never moved.
 */
export async function layoutShiftsOf(page: Page, element: Locator) {
  const handle = await element.elementHandle();
  return page.evaluate(
    (target) =>
      new Promise<{ value: number; node: string }[]>((resolve) => {
        interface Shift extends PerformanceEntry {
          value: number;
          sources: { node: Node | null }[];
        }
        const moved: { value: number; node: string }[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            for (const { node } of entry.sources) {
              if (node && target && (node.contains(target) || target.contains(node))) {
                moved.push({ value: entry.value, node: node.nodeName });
              }
            }
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Entries are delivered after the next frame: wait two, then read what came.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(moved)));
      }),
    handle,
  );
}
