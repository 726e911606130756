import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './fetch-address-policy';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700::1111', '2001:4860:4860::8888'])(
    'lets the public address %s through',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '::1'],
    ['private', '10.1.2.3'],
    ['private', '172.16.0.1'],
    ['private', '192.168.1.1'],
    ['link-local metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.100.100.200'],
    ['unspecified', '0.0.0.0'],
    ['unspecified', '::'],
    ['unique local', 'fd00:ec2::254'],
    ['link-local', 'fe80::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64', '64:ff9b::7f00:1'],
    ['6to4', '2002:7f00:1::1'],
    ['multicast', '224.0.0.1'],
    ['not an address', 'localhost'],
  ])('refuses a %s address (%s)', (_kind, address) => expect(isPublicAddress(address)).toBe(false));
});
