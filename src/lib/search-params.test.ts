import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';

describe('search params in the address', () => {
  it('writes ids, numbers and text plainly', () => {
    expect(stringifySearch({ rest_id: '1002' })).toBe('?rest_id=1002');
    expect(stringifySearch({ screen_name: 'ada', find: 'true', hide: 'reposts,replies' })).toBe(
      '?screen_name=ada&find=true&hide=reposts%2Creplies',
    );
    expect(stringifySearch({ q: '123', num: 20, page: 2 })).toBe('?q=123&num=20&page=2');
    expect(stringifySearch({ find: '"quoted"' })).toBe('?find=%22quoted%22');
  });

  it('reads what it writes, and the old quoted form', () => {
    expect(parseSearch('?rest_id=1002')).toEqual({ rest_id: 1002 });
    expect(parseSearch('?rest_id=%221002%22')).toEqual({ rest_id: '1002' });
    expect(parseSearch('?rest_id=123456789012345678901')).toEqual({ rest_id: '123456789012345678901' });
    expect(parseSearch('?find=%22quoted%22')).toEqual({ find: '"quoted"' });
    expect(parseSearch('?find=%5Bdraft%5D')).toEqual({ find: '[draft]' });
    expect(parseSearch('?q=a%20b')).toEqual({ q: 'a b' });
  });
});
