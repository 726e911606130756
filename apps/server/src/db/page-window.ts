/** Offset pagination for the lists the API pages (bookings, payments, tasks, messages). */

export interface PageWindow {
  currentPage: number;
  totalPages: number;
  /** Rows to skip and take for the current page. */
  offset: number;
  limit: number;
}

/**
 * Where the requested page lies among `totalRows`. There is always at least one page; a page
 * past the last is answered with the last, so a list that shrank never shows an empty page.
 */
export function pageWindow(totalRows: number, requestedPage: number, pageSize: number): PageWindow {
  const totalPages = Math.max(1, Math.ceil(totalRows / pageSize));
  const currentPage = Math.min(Math.max(1, Math.floor(requestedPage)), totalPages);
  return { currentPage, totalPages, offset: (currentPage - 1) * pageSize, limit: pageSize };
}
