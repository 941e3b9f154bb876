import type { Readable } from 'node:stream';
import { parseDelimited } from './formats/delimited';
import { parseKvsJson } from './formats/kvs-json';
import { parseKvsXml } from './formats/kvs-xml';
import { parsePornhubDump, parseXvideosDump, PORNHUB_LIST_SEPARATOR, XVIDEOS_LIST_SEPARATOR } from './formats/tube-dumps';
import { normaliseRecord } from './normalise';
import type { FeedItem, ParseOptions, RawItem } from './types';

function rawItems(input: Readable, o: ParseOptions): AsyncGenerator<RawItem> {
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

/** Any feed as a stream of validated rows and rejections, in feed order. */
export async function* parseFeed(input: Readable, o: ParseOptions): AsyncGenerator<FeedItem> {
  const sep = listSeparatorOf(o);
  for await (const item of rawItems(input, o)) {
    yield item.reject ? item : normaliseRecord(item.record, sep, o.embedHosts);
  }
}
