export { ContactButton, ContactPopupProvider, useContactPopup } from './contact-popup';
