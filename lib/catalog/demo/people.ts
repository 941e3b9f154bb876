/**
 * The demo's models and channels: invented, neutral names (no real people), as many as the
 * catalogue's size asks (a model per 10 videos and a channel per 100, as at the bench's
 * 1,000,000 videos: 100,000 models, 10,000 channels), each named and dated from its number alone
 * so that both stores' seeds write the same ones.
 */
import { DAY_SECONDS } from '../filters';
import { hashInt } from './prng';
import { slugify } from './catalogue';

const FIRST_NAMES = [
  'Mara', 'Elin', 'Tomas', 'Ines', 'Jonah', 'Lena', 'Oskar', 'Nadia', 'Felix', 'Ada', 'Rune', 'Clara', 'Milo', 'Saga', 'Henrik', 'Lia',
  'Aaron', 'Nora', 'Emil', 'Vera', 'Linus', 'Ida', 'Pavel', 'Alma', 'Jasper', 'Freya', 'Matteo', 'Hanna', 'Bruno', 'Tilda', 'Caspar', 'Edda',
  'Dario', 'Yara', 'Kasimir', 'Liv', 'Anton', 'Greta', 'Levi', 'Maja', 'Samuel', 'Runa', 'Viktor', 'Elsa', 'Noel', 'Inka', 'Arvid', 'Selma',
  'Ruben', 'Thea', 'Konrad', 'Juna', 'Elias', 'Mirja', 'Lucian', 'Ronja', 'Teodor', 'Kaja', 'Malte', 'Signe', 'Cyrus', 'Wilma', 'Otto', 'Flora',
] as const;

const LAST_NAMES = [
  'Lindqvist', 'Marsh', 'Okafor', 'Varga', 'Holm', 'Castell', 'Brandt', 'Soler', 'Nyberg', 'Quill', 'Adler', 'Mendez', 'Falk', 'Rowan', 'Ekdahl', 'Moreau',
  'Sandberg', 'Pike', 'Halloran', 'Kovac', 'Strand', 'Ferreira', 'Dahl', 'Winslow', 'Akerman', 'Bianchi', 'Lund', 'Thorne', 'Novak', 'Carver', 'Berg', 'Ashby',
  'Vidal', 'Sjoberg', 'Hale', 'Rossi', 'Engel', 'Marlow', 'Fors', 'Kemper', 'Navarro', 'Wren', 'Hedlund', 'Calder', 'Petrov', 'Lark', 'Ostrom', 'Fenn',
  'Sorensen', 'Blake', 'Ivers', 'Laine', 'Morrow', 'Aalto', 'Reyes', 'Tamm', 'Vance', 'Kerr', 'Moss', 'Selby', 'Quint', 'Harlow', 'Juhl', 'Raske',
] as const;

const STUDIO_WORDS = [
  'Northlight', 'Bluebird', 'Copperleaf', 'Harbor', 'Meadow', 'Silverline', 'Driftwood', 'Lantern', 'Foxglove', 'Granite', 'Juniper', 'Kestrel',
  'Larkspur', 'Maple', 'Nimbus', 'Orchard', 'Pinecone', 'Quarry', 'Riverbend', 'Saffron', 'Thistle', 'Upland', 'Velvet', 'Willow',
  'Yarrow', 'Zephyr', 'Amber', 'Birch', 'Cedar', 'Dune', 'Ember', 'Fjord', 'Glade', 'Heath', 'Isle', 'Jade', 'Knoll', 'Lagoon',
  'Mistral', 'Nettle', 'Opal', 'Prairie', 'Quartz', 'Ridge', 'Sable', 'Tundra', 'Umber', 'Vale', 'Wharf', 'Aspen', 'Bramble', 'Cobalt',
] as const;

const STUDIO_KINDS = ['Studio', 'Films', 'Media', 'Pictures', 'Works', 'Productions', 'Collective', 'Reels'] as const;

/** Models of a catalogue of n videos. */
export const modelCount = (n: number): number => Math.max(20, Math.floor(n / 10));
/** Channels of a catalogue of n videos. */
export const channelCount = (n: number): number => Math.max(5, Math.floor(n / 100));

const NAME_SPACE = FIRST_NAMES.length * LAST_NAMES.length * 27;
const STUDIO_SPACE = STUDIO_WORDS.length * STUDIO_WORDS.length * STUDIO_KINDS.length;

/** Spreads neighbouring numbers over the name space (a prime step, coprime to it: one name each). */
const spread = (i: number, space: number): number => (i * 7919) % space;

/** Model `id`'s name (1-based; distinct for every id up to about 110,000): "Mara Lindqvist", "Mara K. Lindqvist". */
export function modelName(id: number): string {
  const j = spread(id - 1, NAME_SPACE);
  const first = FIRST_NAMES[j % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(j / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const initial = Math.floor(j / (FIRST_NAMES.length * LAST_NAMES.length));
  return initial === 0 ? `${first} ${last}` : `${first} ${String.fromCharCode(64 + initial)}. ${last}`;
}

/** Channel `id`'s name (1-based; distinct up to about 21,000): "Northlight Studio", "Harbor Birch Films". */
export function channelName(id: number): string {
  const j = spread(id - 1, STUDIO_SPACE);
  const a = STUDIO_WORDS[j % STUDIO_WORDS.length]!;
  const b = STUDIO_WORDS[Math.floor(j / STUDIO_WORDS.length) % STUDIO_WORDS.length]!;
  const kind = STUDIO_KINDS[Math.floor(j / (STUDIO_WORDS.length * STUDIO_WORDS.length))]!;
  return a === b ? `${a} ${kind}` : `${a} ${b} ${kind}`;
}

/** A model's or channel's row: added on a day of the five years before `now`. */
export function demoEntity(id: number, title: string, now: number, salt: number): { id: number; dir: string; title: string; addedAt: number } {
  const days = hashInt(id, salt) % (5 * 365);
  return { id, dir: slugify(title), title, addedAt: now - days * DAY_SECONDS - (hashInt(id, salt + 1) % DAY_SECONDS) };
}

export const demoModel = (id: number, now: number) => demoEntity(id, modelName(id), now, 0x6d6f64);
export const demoChannel = (id: number, now: number) => demoEntity(id, channelName(id), now, 0x636861);

/**
 * A video's model ids and channel id (0: none) in a catalogue of n videos, from its draws
 * (generateVideo): skewed towards low numbers, so that some models and channels have many videos
 * and most have a few, as on a real site.
 */
export function videoPeople(v: { modelDraws: readonly number[]; channelDraw: number | null }, n: number): { modelIds: number[]; channelId: number } {
  const models = modelCount(n);
  const modelIds = [...new Set(v.modelDraws.map((u) => 1 + Math.floor(u ** 1.6 * models)))].sort((a, b) => a - b);
  const channelId = v.channelDraw === null ? 0 : 1 + Math.floor(v.channelDraw ** 1.6 * channelCount(n));
  return { modelIds, channelId };
}
