/**
 * The English locale, one file per area so that each area's texts live in one place.
 * common: shared words; site: pages, header, footer, listings; visitor: age gate, search,
 * bookmarks, history, votes, notifications, cookie notice.
 */
import common from './common.json';
import site from './site.json';
import visitor from './visitor.json';

const en = { ...common, ...site, ...visitor };
export default en;
