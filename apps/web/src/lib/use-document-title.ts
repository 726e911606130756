import { useEffect } from 'react';

/** Names the browser tab after the screen, so screen readers and history read something useful. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Consult`;
  }, [title]);
}
