import { Link } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import type { MessageId } from '../../shared/i18n/zh-CN';
import { socialLinks } from './social-links';

const services: { to: string; label: MessageId }[] = [
  { to: '/docs/help', label: 'footer.help' },
  { to: '/docs/support', label: 'footer.support' },
  { to: '/provably-fair', label: 'footer.fair' },
  { to: '/transparency', label: 'footer.transparency' },
  { to: '/safer-play', label: 'footer.saferPlay' },
];

const company: { slug: string; label: MessageId }[] = [
  { slug: 'about', label: 'footer.about' },
  { slug: 'terms', label: 'footer.terms' },
  { slug: 'privacy', label: 'footer.privacy' },
  { slug: 'disclaimer', label: 'footer.disclaimer' },
  { slug: 'ethics', label: 'footer.ethics' },
];

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-white">{title}</h2>
      <ul className="flex flex-col gap-2 text-sm text-slate-400">{children}</ul>
    </div>
  );
}

/** Spec §2: services, company and social sections; spec §1: players must be 18 or older. */
export function SiteFooter() {
  const t = useT();
  return (
    <footer className="mt-12 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 md:px-6">
        <Column title={t('footer.services')}>
          {services.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-white">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </Column>
        <Column title={t('footer.company')}>
          {company.map((link) => (
            <li key={link.slug}>
              <Link to={`/docs/help/${link.slug}`} className="hover:text-white">
                {t(link.label)}
              </Link>
            </li>
          ))}
        </Column>
        <Column title={t('footer.social')}>
          {socialLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noreferrer" className="hover:text-white">
                {t(link.label)}
              </a>
            </li>
          ))}
        </Column>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-2 border-t border-line px-4 py-6 text-xs text-slate-500 md:px-6">
        <p className="flex items-center gap-2 text-slate-300">
          <span className="rounded border border-accent-red px-1.5 py-0.5 font-bold text-accent-red">18+</span>
          {t('footer.adult')}
        </p>
        <p>{t('footer.valve')}</p>
        <p>{t('footer.credit')}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
