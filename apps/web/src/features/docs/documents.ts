import type { MessageId } from '../../shared/i18n/zh-CN';

/** The company documents linked from the footer (spec §2: help, terms, privacy, about, disclaimer, ethics). */
export const companyDocuments: { slug: string; title: MessageId }[] = [
  { slug: 'about', title: 'doc.about' },
  { slug: 'terms', title: 'doc.terms' },
  { slug: 'privacy', title: 'doc.privacy' },
  { slug: 'disclaimer', title: 'doc.disclaimer' },
  { slug: 'ethics', title: 'doc.ethics' },
];

export const documentTitle = (slug: string): MessageId | null =>
  companyDocuments.find((doc) => doc.slug === slug)?.title ?? null;
