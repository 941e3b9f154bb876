import type { Readable } from 'node:stream';
import { parseDelimited } from './formats/delimited';
import { parseKvsJson } from './formats/kvs-json';
import { parseKvsXml } from './formats/kvs-xml';
import { parsePornhubDump, parseXvideosDump, PORNHUB_LIST_SEPARATOR, XVIDEOS_LIST_SEPARATOR } from './formats/tube-dumps';
import { normaliseRecord } from './normalise';
import type { FeedItem, ParseOptions, RawItem } from './types';

function rawBatches(input: Readable, o: ParseOptions): AsyncGenerator<RawItem[]> {
  switch (o.format) {
    case 'kvs-csv':
      return parseDelimited(input, { separator: o.separator, columns: o.columns, header: o.header });
    case 'kvs-json':
      return parseKvsJson(input, o.listSeparator);
    case 'kvs-xml':
      return parseKvsXml(input, o.listSeparator);
    case 'pornhub':
      return parsePornhubDump(input);
    case 'xvideos':
      return parseXvideosDump(input);
  }
}

/** The list separator of a format: the tube dumps fix their own, KVS feeds take the option. */
export function listSeparatorOf(o: ParseOptions): string {
  if (o.format === 'pornhub') return PORNHUB_LIST_SEPARATOR;
  if (o.format === 'xvideos') return XVIDEOS_LIST_SEPARATOR;
  return o.listSeparator;
}

/**
 * Any feed as a stream of validated rows and rejections, in feed order, one array per chunk read
 * (an await per row would cost more than parsing it).
 */
export async function* parseFeedBatches(input: Readable, o: ParseOptions): AsyncGenerator<FeedItem[]> {
  const sep = listSeparatorOf(o);
  for await (const batch of rawBatches(input, o)) {
    yield batch.map((item) => (item.reject ? item : normaliseRecord(item.record, sep, o.embedHosts)));
  }
}

/** The same, one item at a time. */
export async function* parseFeed(input: Readable, o: ParseOptions): AsyncGenerator<FeedItem> {
  for await (const batch of parseFeedBatches(input, o)) yield* batch;
}
