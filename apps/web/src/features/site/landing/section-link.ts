import type { MouseEvent } from 'react';

/** The landing page's sections, as the header names them. */
export const sectionLinks = [
  { id: 'services', label: 'Services' },
  { id: 'about', label: 'About Me' },
  { id: 'faq', label: "FAQ's" },
] as const;

/** Scrolls smoothly to a section (instantly for visitors who ask for reduced motion). */
export function goToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  // replaceState keeps the router's own history entry (its state) intact.
  window.history.replaceState(window.history.state, '', `#${id}`);
  // Keyboard and screen-reader users continue reading from the section.
  target.focus({ preventScroll: true });
}

/** An in-page anchor's click: smooth scrolling with JavaScript; without it the anchor still jumps. */
export function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (!document.getElementById(id)) return;
  event.preventDefault();
  goToSection(id);
}
