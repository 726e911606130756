/** The form's chunk, fetched when a visitor shows intent (hover, focus) or opens the popup. */
export const loadContactForm = () => import('./contact-form');
