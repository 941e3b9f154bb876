/** @jest-environment jsdom */
import {
  clearSearchHistory,
  readSearchHistory,
  recentSearches,
  replaceSearchHistory,
  saveSearchTerm,
  SEARCH_HISTORY_KEY,
} from '@/lib/client/search-history';

beforeEach(() => localStorage.clear());

describe('search history', () => {
  it('appends terms as { title } in localStorage history_search', () => {
    expect(saveSearchTerm('cats')).toBe(true);
    expect(saveSearchTerm('dogs')).toBe(true);
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual([{ title: 'cats' }, { title: 'dogs' }]);
  });

  it('rejects duplicates and invalid terms', () => {
    saveSearchTerm('cats');
    expect(saveSearchTerm('cats')).toBe(false);
    expect(saveSearchTerm('  cats ')).toBe(false);
    expect(saveSearchTerm('ab')).toBe(false);
    expect(saveSearchTerm('x'.repeat(70))).toBe(false);
    expect(readSearchHistory()).toEqual([{ title: 'cats' }]);
  });

  it('shows the last 3, newest first', () => {
    for (const term of ['one', 'two', 'three', 'four']) saveSearchTerm(term);
    expect(recentSearches()).toEqual(['four', 'three', 'two']);
  });

  it('survives a broken stored value', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{broken');
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify([{ title: 'good' }, { title: 'good' }, 5, null, { title: 'no' }]));
    expect(readSearchHistory()).toEqual([{ title: 'good' }]);
    expect(saveSearchTerm('next')).toBe(true);
  });

  it('replaces and clears', () => {
    expect(replaceSearchHistory([{ title: 'aaa' }, { title: 'aaa' }, { title: 'bbb' }])).toBe(2);
    expect(recentSearches()).toEqual(['bbb', 'aaa']);
    clearSearchHistory();
    expect(recentSearches()).toEqual([]);
  });
});
