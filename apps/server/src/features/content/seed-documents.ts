import type { DocumentCategory } from '@skinfair/contract';
import { textsEn } from './texts-en.js';
import { newsEn, newsZh } from './texts-news.js';
import { textsZh } from './texts-zh.js';
import { saferPlayEn, saferPlayZh } from './texts-safer-play.js';
import type { DocumentText } from './document-text.js';

export interface SeedDocument {
  key: string;
  category: DocumentCategory;
  sortOrder: number;
  /** Raise it when a text changes, so databases still holding the older seeded text are upgraded. */
  version: number;
}

/**
 * The documents every database starts with. The footer's company links (about, terms, privacy,
 * disclaimer, ethics) and the help centre read them by key; sign-up links to terms and privacy.
 */
// Version 3 of faq, terms and news-first-deposit: the first-deposit rate became the {firstDepositPercent}
// token (issue 27 §5), so a database still holding the literal "20%" of version 2 is upgraded.
export const seedDocuments: SeedDocument[] = [
  { key: 'faq', category: 'help', sortOrder: 10, version: 3 },
  { key: 'about', category: 'help', sortOrder: 20, version: 1 },
  { key: 'terms', category: 'legal', sortOrder: 10, version: 3 },
  { key: 'privacy', category: 'legal', sortOrder: 20, version: 1 },
  { key: 'disclaimer', category: 'legal', sortOrder: 30, version: 1 },
  { key: 'ethics', category: 'legal', sortOrder: 40, version: 1 },
  { key: 'support', category: 'support', sortOrder: 10, version: 1 },
  // The help page on playing safely, shown at /safer-play (issue 18).
  { key: 'safer-play', category: 'help', sortOrder: 50, version: 1 },
  { key: 'news-giveaways', category: 'news', sortOrder: 10, version: 1 },
  { key: 'news-provably-fair', category: 'news', sortOrder: 20, version: 1 },
  { key: 'news-first-deposit', category: 'news', sortOrder: 30, version: 3 },
];

export const seedTexts: Record<'zh' | 'en', Record<string, DocumentText>> = {
  zh: { ...textsZh, ...newsZh, 'safer-play': saferPlayZh },
  en: { ...textsEn, ...newsEn, 'safer-play': saferPlayEn },
};
