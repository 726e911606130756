import { describe, expect, it } from 'vitest';
import { moneyInputMessage } from '@consult/shared';
import { serviceFormSchema, type ServiceFormInput } from './service-form-schema';

const typed: ServiceFormInput = {
  slug: 'board-review',
  title: 'Board review',
  durationMinutes: 60,
  price: '150',
  ownCurrency: false,
  currency: 'GBP',
  meetingMode: 'video',
};

function messagesOf(input: ServiceFormInput, siteCurrency: string) {
  const result = serviceFormSchema(siteCurrency).safeParse(input);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the service editor’s price and currency', () => {
  it('sends the price typed in pounds as pence, and no currency for a service that follows the site', () => {
    const sent = serviceFormSchema('GBP').parse(typed);
    expect(sent.priceMinor).toBe(15000);
    expect(sent).not.toHaveProperty('currency');
  });

  it('reads the price in the currency the owner chose for the service', () => {
    const sent = serviceFormSchema('GBP').parse({
      ...typed,
      price: '150.25',
      ownCurrency: true,
      currency: 'KWD',
    });
    expect(sent).toMatchObject({ priceMinor: 150250, currency: 'KWD' });
    expect(serviceFormSchema('JPY').parse(typed).priceMinor).toBe(150);
  });

  it('says what a good amount looks like in the currency that applies', () => {
    expect(messagesOf({ ...typed, price: '150.5' }, 'JPY')).toEqual({
      price: moneyInputMessage('JPY'),
    });
    expect(messagesOf({ ...typed, price: '' }, 'GBP')).toEqual({ price: moneyInputMessage('GBP') });
    expect(
      messagesOf({ ...typed, price: '150.5', ownCurrency: true, currency: 'JPY' }, 'GBP'),
    ).toEqual({ price: moneyInputMessage('JPY') });
  });

  it('asks for an address for in-person meetings', () => {
    expect(messagesOf({ ...typed, meetingMode: 'in_person', address: null }, 'GBP')).toHaveProperty(
      'address',
    );
  });
});
