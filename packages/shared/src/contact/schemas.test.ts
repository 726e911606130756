import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M } from './messages';
import { contactFormSchema, contactMessageSchema, type ContactMessageInput } from './schemas';

const valid: ContactMessageInput = {
  name: 'Sara Khan',
  phone: '+92 300 1234567',
  email: 'sara@example.com',
  message: 'I would like to discuss a strategy session.',
  type: 'General',
};

/** The messages zod reports for one field of the API body. */
function messagesFor(field: keyof ContactMessageInput, value: unknown): string[] {
  const result = contactMessageSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

function missing(field: keyof ContactMessageInput): string[] {
  const body: Record<string, unknown> = { ...valid };
  delete body[field];
  const result = contactMessageSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('contact message schema', () => {
  it('accepts a complete message and cleans the phone number', () => {
    const parsed = contactMessageSchema.parse(valid);
    expect(parsed.phone).toBe('+923001234567');
    expect(parsed.type).toBe('General');
  });

  describe('name', () => {
    it.each([
      ['x'.repeat(2), [M.nameTooShort]],
      ['x'.repeat(3), []],
      ['x'.repeat(30), []],
      ['x'.repeat(31), [M.nameTooLong]],
      ['', [M.nameEmpty]],
      ['   ', [M.nameEmpty]],
    ])('"%s" gives %j', (value, expected) => {
      expect(messagesFor('name', value)).toEqual(expected);
    });

    it('fills the limits into the messages', () => {
      expect(M.nameTooShort).toBe('Name must be at least 3 characters long');
      expect(M.nameTooLong).toBe('Name must be less than 30 characters long');
    });

    it('is required', () => {
      expect(missing('name')).toEqual([M.nameRequired]);
      expect(messagesFor('name', 42)).toEqual([M.nameRequired]);
    });
  });

  describe('message', () => {
    it.each([
      ['x'.repeat(9), [M.messageTooShort]],
      ['x'.repeat(10), []],
      ['x'.repeat(500), []],
      ['x'.repeat(501), [M.messageTooLong]],
      ['', [M.messageEmpty]],
    ])('of %#: %j', (value, expected) => {
      expect(messagesFor('message', value)).toEqual(expected);
    });

    it('fills the limits into the messages', () => {
      expect(M.messageTooShort).toBe('Message must be at least 10 characters long');
      expect(M.messageTooLong).toBe('Message must be less than 500 characters long');
    });

    it('is required', () => {
      expect(missing('message')).toEqual([M.messageRequired]);
    });
  });

  describe('phone', () => {
    it.each([
      // 7, 8, 16 and 17 characters after cleaning (+ and digits).
      ['+683 400', 7, [M.phoneTooShort]],
      ['+683 4002', 8, []],
      ['+49 30 1234 5678 901', 16, []],
      ['+49 30 1234 5678 9012', 17, [M.phoneTooLong]],
    ])('"%s" (%i characters) gives %j', (value, length, expected) => {
      expect(value.replace(/[^\d+]/g, '')).toHaveLength(length);
      expect(messagesFor('phone', value)).toEqual(expected);
    });

    it('must start with + and a country code', () => {
      expect(messagesFor('phone', '0300 1234567')).toEqual([M.phoneStart]);
      expect(messagesFor('phone', '+0300 1234567')).toEqual([M.phoneStart]);
    });

    it('rejects a number that parses but is not valid for its country code', () => {
      expect(messagesFor('phone', '+92 123 4567890')).toEqual([M.phoneInvalid]);
    });

    it('accepts valid numbers of other countries', () => {
      expect(messagesFor('phone', '+44 20 7946 0958')).toEqual([]);
      expect(messagesFor('phone', '+1 (202) 555-0143')).toEqual([]);
    });

    it('ignores parse failures such as an unknown country code', () => {
      expect(messagesFor('phone', '+999 1234567')).toEqual([]);
    });

    it('is required, and a lone + is empty', () => {
      expect(missing('phone')).toEqual([M.phoneRequired]);
      expect(messagesFor('phone', '')).toEqual([M.phoneEmpty]);
      expect(messagesFor('phone', '+')).toEqual([M.phoneEmpty]);
    });
  });

  describe('email', () => {
    it('accepts any top-level domain', () => {
      expect(messagesFor('email', 'owner@studio.photography')).toEqual([]);
      expect(messagesFor('email', 'a@b.museum')).toEqual([]);
    });

    it('rejects an address that is not one', () => {
      expect(messagesFor('email', 'not-an-address')).toEqual([M.emailInvalid]);
      expect(messagesFor('email', 'a@b')).toEqual([M.emailInvalid]);
    });

    it('is required and cannot be empty', () => {
      expect(missing('email')).toEqual([M.emailRequired]);
      expect(messagesFor('email', '')).toEqual([M.emailEmpty]);
    });
  });

  describe('request type', () => {
    it.each(['General', 'Support', 'Feedback'])('accepts %s', (type) => {
      expect(messagesFor('type', type)).toEqual([]);
    });

    it('rejects any other type', () => {
      expect(messagesFor('type', 'Sales')).toEqual([M.typeInvalid]);
      expect(messagesFor('type', 'general')).toEqual([M.typeInvalid]);
    });

    it('is required', () => {
      expect(missing('type')).toEqual([M.typeRequired]);
      expect(messagesFor('type', '')).toEqual([M.typeRequired]);
    });
  });
});

describe('contact form schema', () => {
  it('uses requestType for what the API calls type', () => {
    const { type, ...rest } = valid;
    expect(contactFormSchema.parse({ ...rest, requestType: type }).requestType).toBe('General');
    const result = contactFormSchema.safeParse({ ...rest, requestType: 'Other' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      M.typeInvalid,
    ]);
  });
});
