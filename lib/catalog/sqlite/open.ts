import 'server-only';
/** The SQLite catalogue (the file at DATABASE_PATH) for open.ts: the site's, the tools', the scripts'. */
import path from 'node:path';
import type { Config } from '@/lib/config';
import { tellSite } from '@/lib/notify/tell-site';
import type { Backend } from '../open';
import { createCatalogSource } from '../source';
import { catalogFileStatus, ensureCatalogFile, getCatalogDb, openCatalogDb, rebuildCatalogFile } from './db';
import { sqliteStore } from './store';
import { SqliteCatalogWriter } from './writer';

/** The file at `config.databasePath`, from the working directory. */
const fileOf = (config: Config): string => path.resolve(/* turbopackIgnore: true */ process.cwd(), config.databasePath);

export const sqliteBackend: Backend = {
  site() {
    // The process's connection: opened (and on first use seeded) when a page first asks.
    const store = sqliteStore(getCatalogDb);
    return { store, source: createCatalogSource(store) };
  },

  async target(config) {
    const db = openCatalogDb(config.databasePath);
    const store = sqliteStore(db);
    return {
      label: config.databasePath,
      writer: new SqliteCatalogWriter(db),
      tell: (change) => tellSite(store, config, change),
      close: async () => {
        db.close();
      },
    };
  },

  async prepare(config) {
    const file = fileOf(config);
    return { label: file, seeded: ensureCatalogFile(file, { seedVideos: config.seedVideos }) };
  },

  async migrationStatus(config) {
    return catalogFileStatus(fileOf(config));
  },

  async reseed(config, videos) {
    const file = fileOf(config);
    return { label: file, seeded: rebuildCatalogFile(file, { seedVideos: videos }) };
  },
};
