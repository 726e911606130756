import { describe, expect, it } from 'vitest';
import { serializeForScript } from './hydration';

describe('the hydration data in its JSON script element', () => {
  it('cannot close the element or open a comment, and parses back to the same value', () => {
    const value = { faq: [{ answer: '</script><script>alert(1)</script><!--' }] };
    const text = serializeForScript(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});
