/**
 * The English locale, one file per area so that each area's texts live in one place.
 * common and shared: texts the browser needs too (client.ts); site: pages, header, footer,
 * listings, the age gate's dialog (server-rendered only); visitor: search, bookmarks, history,
 * votes, notifications, cookie notice; my-data: the 'my data' page (its own chunk).
 */
import client from './client';
import myData from './my-data.json';
import site from './site.json';

const en = { ...client, ...site, ...myData };
export default en;
