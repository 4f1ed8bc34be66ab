// A URL's host name as sockets take it, and whether it is this machine (src/domain/loopback.ts).
import { describe, expect, it } from 'vitest';
import { isLoopback, withoutBrackets } from '../../src/domain/loopback.js';

describe('a host name without its brackets', () => {
  it('takes the brackets off an IPv6 address, and leaves any other name as it is', () => {
    expect(withoutBrackets('[::1]')).toBe('::1');
    expect(withoutBrackets('[2001:db8::1]')).toBe('2001:db8::1');
    expect(withoutBrackets('api.paygate.example')).toBe('api.paygate.example');
    expect(withoutBrackets('127.0.0.1')).toBe('127.0.0.1');
  });

  it('takes off a bracket at either end alone, as the pattern it replaces did', () => {
    for (const name of ['[::1', '::1]', '[', ']', '[]', '', 'a[b]c'])
      expect(withoutBrackets(name)).toBe(name.replace(/^\[|\]$/g, ''));
  });
});

describe('a loopback host', () => {
  it('is 127.0.0.0/8, ::1 with or without brackets, and localhost in any case', () => {
    for (const name of ['127.0.0.1', '127.1.2.3', '[::1]', '::1', 'localhost', 'LocalHost', 'api.localhost'])
      expect(isLoopback(name)).toBe(true);
    for (const name of ['128.0.0.1', '[::2]', 'localhost.example', 'paygate.example'])
      expect(isLoopback(name)).toBe(false);
  });
});
