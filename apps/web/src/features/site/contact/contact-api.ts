/**
 * POST /api/contactMe with a plain fetch: the popup also runs on the landing page's own entry,
 * which has no store. A failed answer rejects with `{ status, data }` (what sendFailureMessage reads).
 */
import { API_BASE, type ContactCreated, type ContactMessage } from '@consult/shared';

export async function sendContactMessage(message: ContactMessage): Promise<ContactCreated> {
  const response = await fetch(`${API_BASE}/contactMe`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(message),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw { status: response.status, data };
  return data as ContactCreated;
}
