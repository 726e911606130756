/**
 * The consultant's name and initials as the server knew them when it rendered the page, handed to
 * the browser in the hydration data (decision 048). The brand mark shows them until GET /api/site
 * answers, so a rendered page's brand is in its first HTML and does not shift in after the start.
 */
import { createContext } from 'react';

export interface SiteBrand {
  name: string;
  initials: string;
}

export const RenderedSiteBrand = createContext<SiteBrand | null>(null);
