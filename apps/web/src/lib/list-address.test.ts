import { afterEach, describe, expect, it } from 'vitest';
import { listAddress, rememberListAddress } from './list-address';

afterEach(() => window.sessionStorage.clear());

describe('the address a console list returns to', () => {
  it('is where the list was last shown, filters and page included', () => {
    expect(listAddress('/user')).toBe('/user');
    rememberListAddress('/user', '?username=ann&page=2');
    expect(listAddress('/user')).toBe('/user?username=ann&page=2');
    rememberListAddress('/user', '');
    expect(listAddress('/user')).toBe('/user');
  });

  it('keeps each list apart, and a list of one product only for that product', () => {
    rememberListAddress('/faq-admin', '?module_en=Pay');
    rememberListAddress('/price', '?id=5&page=3');
    expect(listAddress('/faq-admin')).toBe('/faq-admin?module_en=Pay');
    expect(listAddress('/price?id=5')).toBe('/price?id=5&page=3');
    expect(listAddress('/price?id=6')).toBe('/price?id=6');
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('ezrecharge_list_addresses', 'not json');
    expect(listAddress('/user')).toBe('/user');
    window.sessionStorage.setItem('ezrecharge_list_addresses', JSON.stringify({ '/user': 5 }));
    expect(listAddress('/user')).toBe('/user');
  });
});
