import { describe, expect, it } from 'vitest';
import { OptionsError, readOptions } from './options.ts';

describe('production server options', () => {
  it('serves dist on loopback port 4173 and renders the first screen on the server by default', () => {
    expect(readOptions([], {}, '/app')).toEqual({
      port: 4173,
      host: '127.0.0.1',
      dist: '/app/dist',
      serverRendering: true,
    });
  });

  it('flags win over PORT and HOST', () => {
    const options = readOptions(
      ['--port', '5000', '--host=::1', '--outDir', 'build'],
      { PORT: '6000', HOST: '0.0.0.0' },
      '/app',
    );
    expect(options).toMatchObject({ port: 5000, host: '::1', dist: '/app/build' });
  });

  it.each([
    ['0', false],
    ['off', false],
    ['false', false],
    ['1', true],
    ['on', true],
    [' 1 ', true],
    ['', true],
  ])('SSR=%j turns server rendering %s', (value, expected) => {
    expect(readOptions([], { SSR: value }).serverRendering).toBe(expected);
  });

  it('refuses an SSR value it cannot read, saying what it takes', () => {
    expect(() => readOptions([], { SSR: 'yes please' })).toThrow(OptionsError);
    expect(() => readOptions([], { SSR: 'yes please' })).toThrow(
      'SSR must be 1 (render the first screen on the server, the default) or 0 (leave it to the browser), got "yes please"',
    );
  });

  it('refuses a port that is not a whole number in range', () => {
    expect(() => readOptions(['--port', '70000'], {})).toThrow(
      '--port must be a whole number from 1 to 65535, got "70000"',
    );
    expect(() => readOptions([], { PORT: '80a' })).toThrow('PORT must be a whole number from 1 to 65535, got "80a"');
  });
});
