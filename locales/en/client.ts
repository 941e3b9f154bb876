/**
 * The English texts that client components use (lib/i18n/client.ts): the rest stay on the
 * server, out of every page's shared JavaScript. tests/unit/lib/i18n-client.test.ts checks that
 * every key a client component asks for is here.
 */
import common from './common.json';
import shared from './shared.json';
import visitor from './visitor.json';

const client = { ...common, ...shared, ...visitor };
export default client;
