import { describe, expect, it } from 'vitest';
import { fieldsOf, searchFromFields } from './form-values';

const fields = (overrides: Partial<ReturnType<typeof fieldsOf>>) => ({ ...fieldsOf({}), ...overrides });

describe('searchFromFields', () => {
  it('leaves empty fields unset', () => {
    expect(searchFromFields(fields({ q: '  engines ' }), {})).toEqual({ search: { q: 'engines' } });
  });

  it('checks and normalises every option', () => {
    expect(
      searchFromFields(fields({ q: 'x', num: '20', page: '3', site: 'https://www.example.org/a', hl: 'pt-BR' }), {}),
    ).toEqual({ search: { q: 'x', num: 20, page: 3, site: 'example.org', hl: 'pt-BR' } });
  });

  it('names each bad field', () => {
    const result = searchFromFields(fields({ q: 'x', num: '101', page: '0', site: 'nope', hl: 'english' }), {});
    expect(result).toEqual({
      errors: { num: expect.any(String), page: expect.any(String), site: expect.any(String), hl: expect.any(String) },
    });
  });

  it('refuses a query longer than the proxy takes, so no price is offered for it', () => {
    expect(searchFromFields(fields({ q: 'a'.repeat(2048) }), {})).toEqual({ search: { q: 'a'.repeat(2048) } });
    expect(searchFromFields(fields({ q: 'a'.repeat(2100) }), {})).toEqual({
      errors: { q: 'At most 2,048 characters: this is 2,100' },
    });
  });

  it('goes back to page 1 for a new query unless the page was changed too', () => {
    const current = { q: 'old', page: 3 };
    expect(searchFromFields(fields({ q: 'new', page: '3' }), current)).toEqual({ search: { q: 'new' } });
    expect(searchFromFields(fields({ q: 'new', page: '2' }), current)).toEqual({ search: { q: 'new', page: 2 } });
    expect(searchFromFields(fields({ q: 'old', page: '3' }), current)).toEqual({ search: { q: 'old', page: 3 } });
  });

  it('round-trips the current params', () => {
    const current = { q: 'x', num: 5, page: 2, site: 'example.org', hl: 'fr' };
    expect(searchFromFields(fieldsOf(current), current)).toEqual({ search: current });
  });
});
