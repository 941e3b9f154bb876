/** Where the search box sends the visitor. */
export const searchHref = (term: string) => `/search/1/?s=${encodeURIComponent(term)}`;
export const categoryHref = (dir: string) => `/categories/${encodeURIComponent(dir)}/latest-updates/1/`;
