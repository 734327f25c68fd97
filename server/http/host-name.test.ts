import { describe, expect, it } from 'vitest';
import { hostName, hostRefusal } from './host-name.ts';

describe('the Host header rule pages and the API share', () => {
  it('reads the name without its port, IPv6 included', () => {
    expect(hostName('example.org:8080')).toBe('example.org');
    expect(hostName('[::1]:5173')).toBe('[::1]');
    expect(hostName('localhost')).toBe('localhost');
  });

  it('answers loopback and allowed names, refuses any other and says how to allow it', () => {
    expect(hostRefusal('127.0.0.1:4300', [])).toBeNull();
    expect(hostRefusal('[::1]:4300', [])).toBeNull();
    expect(hostRefusal('Scope.Example.org', ['scope.example.org'])).toBeNull();
    expect(hostRefusal('attacker.example:80', ['scope.example.org'])).toBe(
      'Host "attacker.example" is not allowed; add it to ALLOWED_HOSTS to serve creditscope under that name',
    );
    expect(hostRefusal(undefined, [])).toMatch(/^Host "" is not allowed/);
  });
});
