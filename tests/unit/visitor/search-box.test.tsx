/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from '@/components/search/search-box';
import { resetTopKeywords } from '@/components/search/top-keywords';
import { fetchSuggestions, fetchTopStats } from '@/lib/client/api';
import { saveSearchTerm } from '@/lib/client/search-history';

// next.config.ts sets trailingSlash: true; next/link reads it from this variable.
process.env.__NEXT_TRAILING_SLASH = 'true';

const push = jest.fn();
let pathname = '/';
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push }),
  usePathname: () => pathname,
}));
jest.mock('@/lib/client/api', () => ({
  fetchSuggestions: jest.fn(),
  fetchTopStats: jest.fn(),
}));

const suggest = fetchSuggestions as jest.MockedFunction<typeof fetchSuggestions>;
const top = fetchTopStats as jest.MockedFunction<typeof fetchTopStats>;

async function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <div>
      <SearchBox />
      <p>outside</p>
    </div>,
  );
  await act(async () => {}); // the top keywords load at start
  return { user, input: screen.getByRole('searchbox') };
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  push.mockReset();
  pathname = '/';
  suggest.mockReset();
  top.mockReset();
  resetTopKeywords();
  top.mockResolvedValue({ keywords: ['alpha', 'beta', 'gamma'], models: [], channels: [], categories: [] });
  suggest.mockImplementation(async (text) => ({
    keywords: [`${text} one`, `big ${text}`],
    categories: [{ title: `${text} cat`, dir: 'cat-dir', totalVideos: 3, thumb: null }],
  }));
});
afterEach(() => jest.useRealTimers());

describe('SearchBox', () => {
  it('has a maxlength of 69', async () => {
    const { input } = await setup();
    expect(input).toHaveAttribute('maxlength', '69');
  });

  it('opens on focus with top keywords and the last 3 recent searches', async () => {
    for (const t of ['first', 'second', 'third', 'fourth']) saveSearchTerm(t);
    const { user, input } = await setup();
    await user.click(input);
    // The panel loads with the first focus (it is not part of the page's first-load JavaScript).
    const recent = await screen.findByTestId('search-recent');
    expect([...recent.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['fourth', 'third', 'second']);
    const topList = screen.getByTestId('search-top');
    expect([...topList.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/search/1/?s=alpha',
      '/search/1/?s=beta',
      '/search/1/?s=gamma',
    ]);
    expect(top).toHaveBeenCalledTimes(1);
  });

  it('asks for suggestions only above 2 characters, after a 300 ms pause', async () => {
    const { user, input } = await setup();
    await user.type(input, 'ca');
    act(() => jest.advanceTimersByTime(1000));
    expect(suggest).not.toHaveBeenCalled();

    await user.type(input, 't');
    act(() => jest.advanceTimersByTime(299));
    expect(suggest).not.toHaveBeenCalled();
    await user.type(input, 's'); // a keystroke restarts the pause
    act(() => jest.advanceTimersByTime(299));
    expect(suggest).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0]![0]).toBe('cats');

    const keywords = screen.getByTestId('search-keywords');
    expect(keywords.querySelector('mark')?.textContent).toBe('cats');
    const category = screen.getByRole('link', { name: 'cats cat' });
    expect(category).toHaveAttribute('href', '/categories/cat-dir/latest-updates/1/');
  });

  it('moves focus with the arrow keys and wraps around', async () => {
    const { user, input } = await setup();
    await user.type(input, 'dog');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    const options = screen.getByTestId('search-panel').querySelectorAll('[data-option]');
    expect(options).toHaveLength(3);
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveFocus();
    act(() => input.focus());
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveFocus();
  });

  it('ignores a submit unless the text is 3 to 69 characters', async () => {
    const { user, input } = await setup();
    await user.type(input, 'ab{Enter}');
    expect(push).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(push).not.toHaveBeenCalled();
    await user.type(input, 'c{Enter}');
    expect(push).toHaveBeenCalledWith('/search/1/?s=abc');
    expect(screen.queryByTestId('search-panel')).toBeNull();
  });

  it('cuts typing at 69 characters and submits those', async () => {
    const { user, input } = await setup();
    await user.type(input, 'x'.repeat(75));
    expect((input as HTMLInputElement).value).toHaveLength(69);
    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith(`/search/1/?s=${'x'.repeat(69)}`);
  });

  it('closes on an outside click', async () => {
    saveSearchTerm('kept');
    const { user, input } = await setup();
    await user.click(input);
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();
    await user.click(screen.getByText('outside'));
    expect(screen.queryByTestId('search-panel')).toBeNull();
  });

  it('opens when more than 2 characters are typed and closes with the close button', async () => {
    const { user, input } = await setup();
    await user.type(input, 'abc');
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByTestId('search-panel')).toBeNull();
    expect(input).toHaveValue('abc');
  });
});

describe('SearchBox in a section', () => {
  it.each([
    ['/gay/', '/gay'],
    ['/gay/videos/most-popular/2/', '/gay'],
    ['/shemale/search/1/', '/shemale'],
    // Not a section's segment: straight, as the site's routes read it.
    ['/gayish/', ''],
    ['/video/7/some-video/', ''],
  ])('on %s searches %s/search/ with and without JavaScript', async (path, prefix) => {
    pathname = path;
    const { user, input } = await setup();
    // The form's own action is what a visitor without JavaScript submits.
    expect(input.closest('form')).toHaveAttribute('action', `${prefix}/search/1/`);
    await user.type(input, 'abc{Enter}');
    expect(push).toHaveBeenCalledWith(`${prefix}/search/1/?s=abc`);
  });

  it("links the panel's terms to the section's search and its categories to the section's", async () => {
    pathname = '/gay/categories/';
    saveSearchTerm('kept');
    const { user, input } = await setup();
    await user.click(input);
    const recent = await screen.findByTestId('search-recent');
    expect(recent.querySelector('a')).toHaveAttribute('href', '/gay/search/1/?s=kept');
    expect(screen.getByTestId('search-top').querySelector('a')).toHaveAttribute('href', '/gay/search/1/?s=alpha');

    await user.type(input, 'dog');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    // The suggestions are the same keywords in every section: the suggester takes no orientation.
    expect(suggest).toHaveBeenCalledWith('dog', expect.anything());
    expect(screen.getByRole('link', { name: 'dog one' })).toHaveAttribute('href', '/gay/search/1/?s=dog+one');
    expect(screen.getByRole('link', { name: 'dog cat' })).toHaveAttribute('href', '/gay/categories/cat-dir/latest-updates/1/');
  });
});
