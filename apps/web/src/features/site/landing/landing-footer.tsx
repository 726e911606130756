import type { ReactNode } from 'react';
import { paths, type SiteContent } from '@consult/shared';
import { ChatIcon, MailIcon, MicroblogIcon, NetworkIcon, PhoneIcon } from './icons';

/** The phone number as a tel: URI (digits and the leading + only). */
function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A readable name for a social link, from its address when it is a well-known service. */
function socialName(url: string, fallback: string): string {
  const host = new URL(url).hostname.replace(/^www\./, '');
  const known: Record<string, string> = {
    'linkedin.com': 'LinkedIn',
    'x.com': 'X',
    'twitter.com': 'X',
    'wa.me': 'WhatsApp',
    'whatsapp.com': 'WhatsApp',
    't.me': 'Telegram',
  };
  return known[host] ?? fallback;
}

function SocialLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-brand-soft hover:text-white"
    >
      {icon}
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The landing footer: phone, e-mail, social links, © year, terms; an emptied field is left out. */
export function LandingFooter({ site }: { site: SiteContent }) {
  const { consultant, contact, social } = site;
  const year = new Date().getFullYear();
  const socialLinks = [
    { href: social.professionalNetwork, fallback: 'Professional network', icon: <NetworkIcon /> },
    { href: social.microblog, fallback: 'Microblog', icon: <MicroblogIcon /> },
    { href: social.chat, fallback: 'Chat', icon: <ChatIcon /> },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));
  return (
    <footer className="bg-brand-strong text-brand-soft">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="min-w-0">
          <p className="font-display text-xl font-semibold text-white">{consultant.name}</p>
          {consultant.tagline && <p className="mt-2 text-sm">{consultant.tagline}</p>}
        </div>
        {(contact.phone || contact.email) && (
          <div className="min-w-0">
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">Contact</h2>
            <ul className="mt-3 flex flex-col gap-1">
              {contact.phone && (
                <li>
                  <a
                    href={telHref(contact.phone)}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 hover:text-white"
                  >
                    <PhoneIcon />
                    {contact.phone}
                  </a>
                </li>
              )}
              {contact.email && (
                <li>
                  <a
                    href={`mailto:${contact.email}`}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 break-all hover:text-white"
                  >
                    <MailIcon />
                    {contact.email}
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}
        {socialLinks.length > 0 && (
          <div className="min-w-0">
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">Follow</h2>
            <ul className="mt-3 flex flex-col gap-1">
              {socialLinks.map((link) => (
                <li key={link.fallback}>
                  <SocialLink
                    href={link.href}
                    label={socialName(link.href, link.fallback)}
                    icon={link.icon}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          {/* The year is the server's at render time; a render across New Year may differ by one. */}
          <p suppressHydrationWarning>
            © {year} {consultant.name}. All rights reserved.
          </p>
          <a
            href={paths.terms}
            className="rounded-lg underline underline-offset-4 hover:text-white"
          >
            Terms and Conditions
          </a>
        </div>
      </div>
    </footer>
  );
}
